import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlaylistIdParamSchema } from '../../../shared/schemas/playlist';
import { UserIdParamSchema } from '../../../shared/schemas/social';
import { errorAnswers } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { etagMatches } from '../../http/range';
import type { AppDeps } from '../../types';
import { creatorFeed, type Feed, playlistFeed } from './service';

/** Podcast apps poll: a feed may be kept five minutes, then is asked again with If-None-Match. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

/** The feed as RSS, or 304 when the app's copy (If-None-Match) is this one. */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: Feed) {
  reply.header('ETag', feed.etag).header('Cache-Control', FEED_CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], feed.etag)) return reply.code(304).send();
  return reply.type('application/rss+xml; charset=utf-8').send(feed.xml);
}

const feedRoute = <P>(summary: string, params: P) => ({
  schema: { tags: ['feeds'], summary, params, produces: ['application/rss+xml'], response: errorAnswers(404) },
});

/**
 * Podcast feeds (issue 28): RSS 2.0 with the iTunes namespace, for Apple Podcasts, Spotify and any podcast
 * app. Anyone may read them (an app has no session); they list only what anyone may hear.
 */
export function feedsRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/rss/users/:userId', feedRoute("A creator's public tracks as a podcast feed", UserIdParamSchema), async (request, reply) =>
      sendFeed(request, reply, await creatorFeed(db, request.params.userId, publicOrigin(config))),
    );
    app.get('/rss/playlists/:id', feedRoute('A public playlist as a podcast feed', PlaylistIdParamSchema), async (request, reply) =>
      sendFeed(request, reply, await playlistFeed(db, request.params.id, publicOrigin(config))),
    );
  };
}
