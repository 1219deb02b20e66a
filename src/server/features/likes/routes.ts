import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IsLikedSchema, LikeAnswerSchema, TrackIdParamSchema } from '../../../shared/schemas/social';
import { TrackListSchema } from '../../../shared/schemas/track';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import type { AppDeps } from '../../types';
import { favorites, isLiked, like, unlike } from './service';

export function likesRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
        const me = (await viewerOf(request))?.userId;
        return { isLiked: me ? await isLiked(db, me, request.params.trackId) : false };
      },
    );

    await app.register(
      membersOnly(async (members) => {
        for (const method of ['POST', 'DELETE'] as const) {
          members.route({
            method,
            url: '/api/likes/:trackId',
            schema: {
              tags: ['likes'],
              summary: method === 'POST' ? 'Like a track (idempotent)' : 'Remove a like (idempotent)',
              params: TrackIdParamSchema,
              response: { 200: LikeAnswerSchema, ...errorAnswers(401, 404) },
            },
            handler: async (request) => {
              const me = memberOf(request);
              const result =
                method === 'POST'
                  ? await like(db, me.id, request.params.trackId)
                  : await unlike(db, me.id, await viewerOf(request), request.params.trackId);
              return { success: true as const, ...result };
            },
          });
        }
        members.get(
          '/api/user/favorites',
          {
            schema: {
              tags: ['likes'],
              summary: 'My liked tracks, most recent first',
              response: { 200: TrackListSchema, ...errorAnswers(401) },
            },
          },
          async (request) => favorites(db, memberOf(request).id),
        );
      }),
    );
  };
}
