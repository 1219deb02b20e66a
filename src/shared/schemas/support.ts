import { z } from 'zod';
import {
  CHAT_CONTEXT,
  CONTACT_SUBJECTS,
  chatMessageProblem,
  contactEmailProblem,
  contactMessageProblem,
  contactNameProblem,
  SUPPORT_MESSAGES,
} from '../rules/support';
import { checkedString } from './common';

/** POST /api/contact (creator-operator spec §7, C-7.3-02): every field required, a valid e-mail, length limits. */
export const ContactBodySchema = z.object({
  name: checkedString(contactNameProblem, SUPPORT_MESSAGES.nameRequired),
  email: checkedString(contactEmailProblem, SUPPORT_MESSAGES.emailRequired),
  subject: z.enum(CONTACT_SUBJECTS, SUPPORT_MESSAGES.subjectRequired),
  message: checkedString(contactMessageProblem, SUPPORT_MESSAGES.messageRequired, 'multi'),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** The message is stored (and queued for the operator's mail when mail is set up). */
export const ContactAnswerSchema = z.object({ ok: z.literal(true) });

/** POST /api/ai-chat (C-7.3-01). */
export const AiChatBodySchema = z.object({
  message: checkedString(chatMessageProblem, SUPPORT_MESSAGES.chatRequired, 'multi'),
  context: z.literal(CHAT_CONTEXT),
});
export type AiChatBody = z.infer<typeof AiChatBodySchema>;

/** The reply, plain text with **bold**, *italic* and newlines; empty when no answer could be made. */
export const AiChatAnswerSchema = z.object({ response: z.string() });
