import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../shared/messages';
import { ErrorSchema } from '../../../shared/schemas/common';
import { IsLikedSchema, LikeAnswerSchema, TrackIdParamSchema } from '../../../shared/schemas/social';
import { TrackListSchema } from '../../../shared/schemas/track';
import type { AppDeps } from '../../app';
import { currentUser, requireUser } from '../auth/guard';
import { favorites, isLiked, like, unlike } from './service';

export function likesRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: '/api/likes/:trackId',
        schema: {
          tags: ['likes'],
          summary: method === 'POST' ? 'Like a track (idempotent)' : 'Remove a like (idempotent)',
          params: TrackIdParamSchema,
          response: { 200: LikeAnswerSchema, 401: ErrorSchema, 404: ErrorSchema },
        },
        handler: async (request, reply) => {
          const me = await requireUser(db, request, reply);
          if (!me) return reply;
          const result =
            method === 'POST' ? await like(db, me.id, request.params.trackId) : await unlike(db, me.id, request.params.trackId);
          if (!result) return reply.code(404).send({ message: MESSAGES.trackNotFound });
          return { success: true as const, ...result };
        },
      });
    }

    app.get(
      '/api/likes/check/:trackId',
      {
        schema: {
          tags: ['likes'],
          summary: 'Whether I like a track (false for visitors)',
          params: TrackIdParamSchema,
          response: { 200: IsLikedSchema },
        },
      },
      async (request) => {
        const me = await currentUser(db, request);
        return { isLiked: me ? await isLiked(db, me.id, request.params.trackId) : false };
      },
    );

    app.get(
      '/api/user/favorites',
      { schema: { tags: ['likes'], summary: 'My liked tracks, most recent first', response: { 200: TrackListSchema, 401: ErrorSchema } } },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        return favorites(db, me.id);
      },
    );
  };
}
