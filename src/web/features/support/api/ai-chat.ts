import { CHAT_CONTEXT } from '@shared/rules/support';
import type { AiChatAnswerSchema } from '@shared/schemas/support';
import { useMutation } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

/** POST /api/ai-chat with the message and context customer_support; reads response (creator-operator spec §7). */
export const askSupport = (message: string) =>
  api<Answer<typeof AiChatAnswerSchema>>('/api/ai-chat', { method: 'POST', body: { message, context: CHAT_CONTEXT } });

/** One question to the support chat; pending while the reply is awaited (C-4-28). */
export const useAskSupport = () => useMutation({ mutationFn: askSupport });
