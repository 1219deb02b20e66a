import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import {
  ListeningHistoryEntrySchema,
  ListeningHistoryInputSchema,
  ListeningHistoryQuerySchema,
  ListeningHistorySchema,
} from '../../../shared/schemas/history';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { listeningHistoryOf, recordListening } from './service';

export function historyRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return membersOnly(db, async (members) => {
    members.post(
      '/api/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'Record listening to a track (duration listened, progress, completed)',
          body: ListeningHistoryInputSchema,
          response: { 201: ListeningHistoryEntrySchema, 401: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const entry = await recordListening(db, memberOf(request).id, await request.viewer(), request.body);
        return reply.code(201).send(entry);
      },
    );
    members.get(
      '/api/user/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'My listening history, newest first (optionally for one track)',
          querystring: ListeningHistoryQuerySchema,
          response: { 200: ListeningHistorySchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return listeningHistoryOf(db, memberOf(request).id, request.query);
      },
    );
  });
}
