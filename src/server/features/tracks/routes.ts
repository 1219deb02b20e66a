import { desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { SuccessSchema } from '../../../shared/schemas/auth';
import { ErrorSchema, IdParamSchema } from '../../../shared/schemas/common';
import { CategoryParamSchema, TrackListSchema, TrackSchema } from '../../../shared/schemas/track';
import type { AppDeps } from '../../app';
import { tracks } from '../../db/schema';
import { requireUser } from '../auth/guard';
import {
  canSeeTrack,
  DEFAULT_LIST_LIMIT,
  deleteTrack,
  findTrack,
  incrementCounter,
  invalidateRanking,
  listTracksByCategory,
  listTracksWhere,
  listVisibleTracks,
  MAX_LIST_LIMIT,
} from './service';
import { audioKey, streamTrack } from './stream';

const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional().describe(`default ${DEFAULT_LIST_LIMIT}`),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

export function tracksRoutes({ db, storage }: AppDeps): FastifyPluginAsyncZod {
  /** The track when the signed-in person owns it (or is an admin); otherwise answers 401, 404 or 403. */
  const ownedTrack = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const viewer = await request.viewer();
    if (!viewer?.userId && !viewer?.isAdmin) return void (await reply.code(401).send({ message: MESSAGES.loginRequired }));
    const access = await findTrack(db, id);
    if (!access || !canSeeTrack(access, viewer)) return void (await reply.code(404).send({ message: MESSAGES.trackNotFound }));
    if (!viewer.isAdmin && access.ownerId !== viewer.userId) return void (await reply.code(403).send({ message: MESSAGES.forbidden }));
    return access;
  };

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

    app.get(
      '/api/my-tracks',
      {
        schema: {
          tags: ['tracks'],
          summary: 'My posted tracks, hidden ones included, newest first (never cached)',
          response: { 200: TrackListSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        reply.header('Cache-Control', 'private, no-store');
        return listTracksWhere(db, { where: eq(tracks.userId, me.id), orderBy: [desc(tracks.uploadedAt), desc(tracks.id)] });
      },
    );

    app.patch(
      '/api/tracks/:id/visibility',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Show or hide my track (owner or admin only)',
          params: IdParamSchema,
          body: z.object({ isVisible: z.boolean() }),
          response: { 200: TrackSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const access = await ownedTrack(request, reply, request.params.id);
        if (!access) return reply;
        await db.update(tracks).set({ isVisible: request.body.isVisible, updatedAt: new Date() }).where(eq(tracks.id, request.params.id));
        invalidateRanking(db);
        return (await findTrack(db, request.params.id))!.track;
      },
    );

    app.delete(
      '/api/tracks/:id',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Delete my track and its audio (owner or admin only)',
          params: IdParamSchema,
          response: { 200: SuccessSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const access = await ownedTrack(request, reply, request.params.id);
        if (!access) return reply;
        await deleteTrack(db, request.params.id);
        // The row is gone first, so a failure here leaves an orphan file, never a track without audio.
        await storage.delete(audioKey(access.track.filename)).catch((err) => request.log.warn({ err }, 'audio file not removed'));
        invalidateRanking(db);
        return { success: true as const };
      },
    );

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
