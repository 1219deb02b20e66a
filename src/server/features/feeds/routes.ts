import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/schemas/common';
import { PlaylistIdParamSchema } from '../../../shared/schemas/playlist';
import { UserIdParamSchema } from '../../../shared/schemas/social';
import { errorAnswers } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { etagMatches } from '../../http/range';
import type { AppDeps } from '../../types';
import { creatorFeed, etagOf, type Feed, type FeedSite, playlistFeed } from './service';
import { TRANSCRIPT_FORMATS, type TranscriptFormat, transcriptFile } from './transcripts';

/** Podcast apps poll: a feed may be kept five minutes, then is asked again with If-None-Match. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

/** The body with its ETag and cache time, or 304 when the app's copy (If-None-Match) is this one. */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: string, etag: string, type: string) {
  reply.header('ETag', etag).header('Cache-Control', FEED_CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(`${type}; charset=utf-8`).send(body);
}

const RSS = 'application/rss+xml';
const sendFeed = (request: FastifyRequest, reply: FastifyReply, feed: Feed) => sendCached(request, reply, feed.xml, feed.etag, RSS);

const feedRoute = <P>(summary: string, params: P, produces: string, errors: readonly (400 | 403 | 404)[] = [404]) => ({
  schema: { tags: ['feeds'], summary, params, produces: [produces], response: errorAnswers(...errors) },
});

/**
 * Podcast feeds (issue 28): RSS 2.0 with the iTunes and Podcast Index namespaces, for Apple Podcasts, Spotify
 * and any podcast app. Anyone may read them (an app has no session); they list only what anyone may hear.
 */
export function feedsRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  const site: FeedSite = { origin: publicOrigin(config), contact: config.mail?.to };
  return async (app) => {
    app.get(
      '/rss/users/:userId',
      feedRoute("A creator's public tracks as a podcast feed", UserIdParamSchema, RSS),
      async (request, reply) => sendFeed(request, reply, await creatorFeed(db, request.params.userId, site)),
    );
    app.get('/rss/playlists/:id', feedRoute('A public playlist as a podcast feed', PlaylistIdParamSchema, RSS), async (request, reply) =>
      sendFeed(request, reply, await playlistFeed(db, request.params.id, site)),
    );
    // An episode's podcast:transcript files (issue 40.4): the synced transcript of a track anyone may hear,
    // readable by a browser-based player on another site (the namespace asks for CORS).
    for (const format of Object.keys(TRANSCRIPT_FORMATS) as TranscriptFormat[]) {
      const type = TRANSCRIPT_FORMATS[format];
      app.get(
        `/rss/tracks/:id/transcript.${format}`,
        feedRoute(`A public track's synced transcript (${type}) for podcast apps`, IdParamSchema, type, [400, 403, 404]),
        async (request, reply) => {
          const body = await transcriptFile(db, request.params.id, format);
          reply.header('Access-Control-Allow-Origin', '*');
          return sendCached(request, reply, body, etagOf(body), type);
        },
      );
    }
  };
}
