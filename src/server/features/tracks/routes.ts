import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { ErrorSchema, IdParamSchema } from '../../../shared/schemas/common';
import { CategoryParamSchema, TrackListSchema, TrackSchema } from '../../../shared/schemas/track';
import type { AppDeps } from '../../app';
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  canSeeTrack,
  findTrack,
  incrementCounter,
  listTracksByCategory,
  listVisibleTracks,
} from './service';
import { streamTrack } from './stream';

const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional().describe(`default ${DEFAULT_LIST_LIMIT}`),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export function tracksRoutes({ db, storage }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tracks',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Visible tracks: the top 20 by the recommendation score, then the rest newest first (paged by limit and offset)',
          querystring: ListQuerySchema,
          response: { 200: TrackListSchema },
        },
      },
      async (request) => listVisibleTracks(db, request.query),
    );

    app.get(
      '/api/tracks/category/:category',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Visible tracks of a category (aliases included), newest first',
          params: CategoryParamSchema,
          response: { 200: TrackListSchema },
        },
      },
      async (request) => listTracksByCategory(db, request.params.category),
    );

    app.get(
      '/api/tracks/:id',
      {
        schema: {
          tags: ['tracks'],
          summary: 'One track (a hidden one only for its owner and admins)',
          params: IdParamSchema,
          response: { 200: TrackSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const access = await findTrack(db, request.params.id);
        if (!access || !canSeeTrack(access, await request.viewer())) {
          return reply.code(404).send({ message: MESSAGES.trackNotFound });
        }
        return access.track;
      },
    );

    for (const [path, counter] of [
      ['increment-play-count', 'playCount'],
      ['increment-impression-count', 'impressionCount'],
    ] as const) {
      app.post(
        `/api/tracks/:id/${path}`,
        {
          schema: {
            tags: ['tracks'],
            summary: counter === 'playCount' ? 'Count a play (sent after 3 s of playing)' : 'Count an impression (once per session view)',
            params: IdParamSchema,
            response: {
              200: z.object({
                success: z.literal(true),
                [counter]: z.number().int(),
              }),
              404: ErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const value = await incrementCounter(db, request.params.id, counter);
          if (value === null) return reply.code(404).send({ message: MESSAGES.trackNotFound });
          return { success: true as const, [counter]: value };
        },
      );
    }

    // GET and HEAD share one handler so HEAD answers the real Content-Length without reading the file.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/stream/:id',
      schema: {
        tags: ['tracks'],
        summary: 'The MP3 of a track, with byte ranges, ETag and conditional requests',
        params: IdParamSchema,
      },
      handler: async (request, reply) => streamTrack(db, storage, request.params.id, request, reply),
    });
  };
}
