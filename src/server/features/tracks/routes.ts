import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LIST_LIMIT } from '../../../shared/constants';
import { IdParamSchema, SuccessSchema } from '../../../shared/schemas/common';
import {
  CategoryParamSchema,
  ImpressionCountAnswerSchema,
  PlayCountAnswerSchema,
  StreamQuerySchema,
  TrackListQuerySchema,
  TrackListSchema,
  TrackSchema,
  TranscriptSchema,
  VisibilityBodySchema,
} from '../../../shared/schemas/track';
import { TrackStatsSchema } from '../../../shared/schemas/track-stats';
import { createAudioBytes } from '../../http/audio-bytes';
import { errorAnswers } from '../../http/errors';
import { adminsOnly, memberOf, membersOnly, membersOrAdmins, viewerOf } from '../../http/guards';
import { etagMatches, preferredEncoding } from '../../http/range';
import { neverLimited } from '../../http/rate-limits';
import type { AppDeps } from '../../types';
import { defaultCataloguePage } from './catalogue-page';
import { deleteOwnedTrack } from './delete';
import { premiumListeners } from './premium-listener';
import { hearerOf } from './queries';
import { countOn, listTracksByCategory, listVisibleTracks, setVisibility, trackFor, tracksOf } from './service';
import { createSignedUrls } from './signed-urls';
import { trackStats } from './stats';
import { streamTrack } from './stream';
import { createStreamCache } from './stream-cache';
import { transcriptFor } from './transcript';

export function tracksRoutes({ db, storage, config, now, japanese }: AppDeps): FastifyPluginAsyncZod {
  const streamCache = createStreamCache(db, storage);
  const held = createAudioBytes(storage);
  const sign = storage.signedUrl?.bind(storage);
  const signed = config.s3?.stream === 'redirect' && sign ? createSignedUrls(sign) : null;
  const isPremium = premiumListeners(db);
  return async (app) => {
    app.get(
      '/api/tracks',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Visible tracks: the top 20 by the recommendation score, then the rest newest first (paged by limit and offset)',
          querystring: TrackListQuerySchema,
          response: { 200: TrackListSchema },
        },
      },
      async (request, reply) => {
        const { limit, offset } = request.query;
        if ((limit !== undefined && limit !== DEFAULT_LIST_LIMIT) || (offset !== undefined && offset !== 0)) {
          return listVisibleTracks(db, request.query);
        }
        // The default page: kept serialised, revalidated by its ETag (304 when the listener has it).
        const page = await defaultCataloguePage(db);
        const raw = reply as FastifyReply; // the bytes are already serialised (and were validated once)
        raw.header('ETag', page.etag).header('Cache-Control', 'no-cache');
        if (etagMatches(request.headers['if-none-match'], page.etag)) return raw.code(304).send();
        raw.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
        // Compressed once per build: a listener's request costs no compression either.
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) return raw.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
        return raw.send(page.body);
      },
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
          response: { 200: TrackSchema, ...errorAnswers(404) },
        },
      },
      async (request) => {
        return trackFor(db, await viewerOf(request), request.params.id);
      },
    );

    app.get(
      '/api/tracks/:id/transcript',
      {
        schema: {
          tags: ['tracks'],
          summary:
            "A track's transcript: each line with its speaker, when it is spoken (ms) and how it was read (katakana); whoever may hear the track",
          params: IdParamSchema,
          response: { 200: TranscriptSchema, ...errorAnswers(403, 404) },
        },
      },
      async (request) => transcriptFor(db, japanese, hearerOf(await viewerOf(request), now()), request.params.id),
    );

    app.post(
      '/api/tracks/:id/increment-play-count',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Count a play (sent after 3 s of playing)',
          params: IdParamSchema,
          response: { 200: PlayCountAnswerSchema, ...errorAnswers(404) },
        },
      },
      async (request) => ({
        success: true as const,
        playCount: await countOn(db, request.params.id, 'playCount'),
      }),
    );
    app.post(
      '/api/tracks/:id/increment-impression-count',
      {
        schema: {
          tags: ['tracks'],
          summary: 'Count an impression (once per session view)',
          params: IdParamSchema,
          response: { 200: ImpressionCountAnswerSchema, ...errorAnswers(404) },
        },
      },
      async (request) => ({
        success: true as const,
        impressionCount: await countOn(db, request.params.id, 'impressionCount'),
      }),
    );

    // GET and HEAD share one handler so HEAD answers the real Content-Length without reading the file.
    // The hooks a player's range requests need not run (issue 41.6): audio is not compressed, a GET has no
    // body to decompress, a read is never rate limited.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/stream/:id',
      config: neverLimited,
      compress: false,
      decompress: false,
      schema: {
        tags: ['tracks'],
        summary: 'The MP3 of a track, with byte ranges, ETag and conditional requests',
        params: IdParamSchema,
        querystring: StreamQuerySchema,
        response: errorAnswers(403, 404, 416),
      },
      handler: async (request, reply) =>
        streamTrack(streamCache, storage, request.params.id, request, reply, {
          signed: request.query.for === 'keep' ? null : signed,
          quality: request.query.quality,
          isPremium,
          held,
        }),
    });

    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/my-tracks',
          {
            schema: {
              tags: ['tracks'],
              summary: 'My posted tracks, hidden ones included, newest first (never cached)',
              response: { 200: TrackListSchema, ...errorAnswers(401) },
            },
          },
          async (request, reply) => {
            reply.header('Cache-Control', 'private, no-store');
            return tracksOf(db, memberOf(request).id);
          },
        );
        members.get(
          '/api/my-tracks/:id/stats',
          {
            schema: {
              tags: ['tracks'],
              summary:
                "My track's stats: plays, completions and rate, seconds per listen, likes, listens by Japan day (30 days), where listeners stop (tenths)",
              params: IdParamSchema,
              response: { 200: TrackStatsSchema, ...errorAnswers(401, 404) },
            },
          },
          async (request, reply) => {
            reply.header('Cache-Control', 'private, no-store');
            return trackStats(db, { memberId: memberOf(request).id }, request.params.id, now());
          },
        );
      }),
    );

    // The console's view of any track's stats (issue 40.3).
    await app.register(
      adminsOnly(async (admins) => {
        admins.get(
          '/api/admin/tracks/:id/stats',
          {
            schema: {
              tags: ['admin'],
              summary: "Any track's stats, as its creator sees them (operator only)",
              params: IdParamSchema,
              response: { 200: TrackStatsSchema, ...errorAnswers(401, 404) },
            },
          },
          async (request, reply) => {
            reply.header('Cache-Control', 'no-store');
            return trackStats(db, 'operator', request.params.id, now());
          },
        );
      }),
    );

    // The owner, or an operator moderating.
    await app.register(
      membersOrAdmins(async (owners) => {
        owners.patch(
          '/api/tracks/:id/visibility',
          {
            schema: {
              tags: ['tracks'],
              summary: 'Show or hide my track (owner or admin only)',
              params: IdParamSchema,
              body: VisibilityBodySchema,
              response: { 200: TrackSchema, ...errorAnswers(401, 403, 404) },
            },
          },
          async (request) => setVisibility(db, await viewerOf(request), request.params.id, request.body.isVisible),
        );
        owners.delete(
          '/api/tracks/:id',
          {
            schema: {
              tags: ['tracks'],
              summary: 'Delete my track and its audio (owner or admin only)',
              params: IdParamSchema,
              response: { 200: SuccessSchema, ...errorAnswers(401, 403, 404) },
            },
          },
          async (request) => {
            await deleteOwnedTrack(db, storage, await viewerOf(request), request.params.id, (err) =>
              request.log.warn({ err }, 'audio file not removed'),
            );
            return { success: true as const };
          },
        );
      }),
    );
  };
}
