import type { ContactAnswerSchema, ContactBody } from '@shared/schemas/support';
import { useMutation } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

/** POST /api/contact (creator-operator spec §7): name, email, subject, message; reads ok. */
export const sendContact = (body: ContactBody) => api<Answer<typeof ContactAnswerSchema>>('/api/contact', { method: 'POST', body });

/** Sending the contact form: its pending, success and error are the form's states (C-4-27). */
export const useSendContact = () => useMutation({ mutationFn: sendContact });
