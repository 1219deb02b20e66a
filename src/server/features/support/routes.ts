import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AiChatAnswerSchema, AiChatBodySchema, ContactAnswerSchema, ContactBodySchema } from '../../../shared/schemas/support';
import { errorAnswers } from '../../http/errors';
import { viewerOf } from '../../http/guards';
import { limitedAs } from '../../http/rate-limits';
import type { AppDeps } from '../../types';
import { answerChat, submitContact } from './service';

/**
 * Support (issue 19): the contact form and the support chat, open to visitors and members alike
 * (creator-operator spec §6: a visitor may contact support and use the chat). Both are rate limited per
 * client (http/rate-limits.ts: contact, aiChat).
 */
export function supportRoutes({ db, config, llm, japanese }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact',
      {
        config: limitedAs('contact'),
        schema: {
          tags: ['support'],
          summary: 'Send a message to the operator: stored, then mailed by the task queue when SMTP is set up',
          description:
            'name (at most 50 characters), email (a valid address), subject (premium, technical, billing, cancellation, account, other) and message (at most 2,000 characters), all required. A signed-in member’s id is kept with the message.',
          body: ContactBodySchema,
          response: { 200: ContactAnswerSchema, ...errorAnswers(400, 429) },
        },
      },
      async (request) => {
        const viewer = await viewerOf(request);
        return submitContact(db, request.body, { userId: viewer?.userId ?? null, mail: config.mail !== undefined });
      },
    );

    app.post(
      '/api/ai-chat',
      {
        config: limitedAs('aiChat'),
        schema: {
          tags: ['support'],
          summary: 'Ask the support chat: an answer from the FAQ and the legal pages',
          description:
            'message (at most 500 characters) and context customer_support. The answer is plain text with **bold**, *italic* and newlines; empty when no answer could be made. 503 when the AI service fails.',
          body: AiChatBodySchema,
          response: { 200: AiChatAnswerSchema, ...errorAnswers(400, 429, 503) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return answerChat(llm, japanese, request.body);
      },
    );
  };
}
