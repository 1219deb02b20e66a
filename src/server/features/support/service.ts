import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import type { AiChatBody, ContactBody } from '../../../shared/schemas/support';
import { type Db, inTransaction } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { countProviderError } from '../../http/metrics';
import { ProviderError } from '../../providers/errors';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { LlmProvider } from '../../providers/llm/types';
import { offlineSupportAnswer } from './answer';
import { SUPPORT_PASSAGES } from './knowledge';
import { queueContactMail } from './mail';
import { cleanAnswer, supportInstructions } from './prompt';

/**
 * POST /api/contact: the message is stored first, and, when mail is set up, its delivery to the
 * operator is queued in the same transaction (a task of the durable queue, retried while SMTP is
 * down), so a stored message always has its delivery ahead or behind it, and an answered request never
 * loses one. Without mail it stays `pending` for the admin console. A signed-in member's id is kept.
 */
export async function submitContact(db: Db, input: ContactBody, opts: { userId: string | null; mail: boolean }) {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, userId: opts.userId })
      .returning({ id: contactMessages.id });
    if (opts.mail) await queueContactMail(tx, row.id, opts.userId);
  });
  return { ok: true as const };
}

/**
 * POST /api/ai-chat: the question answered from Mugen's own texts (the FAQ and the legal pages) by the
 * app's language model (under this feature's instructions: prompt.ts), or offline by this feature's own search (answer.ts: the best matching passage, over
 * base forms and synonyms). A provider's failure is 503 with a message; the
 * browser shows the spec's apology for any failure, and its could-not-answer message for an empty reply.
 */
export async function answerChat(llm: LlmProvider, japanese: JapaneseEngine, input: AiChatBody) {
  try {
    const response = llm.answer
      ? cleanAnswer(await llm.answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: input.message }))
      : await offlineSupportAnswer(japanese, input.message, SUPPORT_PASSAGES);
    return { response };
  } catch (err) {
    if (err instanceof ProviderError) countProviderError(err.provider, err.kind);
    throw new AppError(503, SUPPORT_API_MESSAGES.chatUnavailable);
  }
}
