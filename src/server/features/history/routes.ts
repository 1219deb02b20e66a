import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ListeningHistoryEntrySchema,
  ListeningHistoryInputSchema,
  ListeningHistoryQuerySchema,
  ListeningHistorySchema,
} from '../../../shared/schemas/history';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import type { AppDeps } from '../../types';
import { listeningHistoryOf, recordListening } from './service';

export function historyRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return membersOnly(async (members) => {
    members.post(
      '/api/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'Record listening to a track (duration listened, progress, completed)',
          body: ListeningHistoryInputSchema,
          response: { 201: ListeningHistoryEntrySchema, ...errorAnswers(401, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await recordListening(db, memberOf(request).id, await viewerOf(request), request.body)),
    );
    members.get(
      '/api/user/listening-history',
      {
        schema: {
          tags: ['history'],
          summary: 'My listening history, newest first (optionally for one track)',
          querystring: ListeningHistoryQuerySchema,
          response: { 200: ListeningHistorySchema, ...errorAnswers(401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return listeningHistoryOf(db, memberOf(request).id, request.query);
      },
    );
  });
}
