import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchAnswerSchema, SearchQuerySchema, searchTerms } from '../../../shared/schemas/search';
import type { AppDeps } from '../../types';
import { listVisibleTracks, premiumListeners } from '../tracks/public';
import { stopReadings } from './readings';
import { cachedSearch, countVisible, searcherOf } from './service';

export function searchRoutes({ db, japanese }: AppDeps): FastifyPluginAsyncZod {
  // Whether the searcher is premium (a premium-only track's script is searched for them only, #36.4):
  // remembered per session for a minute, as for the stream, so typing costs no session query.
  const isPremium = premiumListeners(db);
  return async (app) => {
    // The background sweep of missing readings (readings.ts) ends before the database closes.
    app.addHook('onClose', () => stopReadings(db));
    app.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Search visible tracks by title, poster name, category and script; { tracks, total }, total counted up to 1000 (totalCapped)',
          querystring: SearchQuerySchema,
          response: { 200: SearchAnswerSchema },
        },
      },
      async (request) => {
        const { q, category, limit, offset } = request.query;
        const terms = searchTerms(q);
        if (terms.length === 0 && !category) {
          // No query: the recommended order, as the search page's recommended tab shows it.
          return { tracks: await listVisibleTracks(db, { limit, offset }), ...(await countVisible(db)) };
        }
        const searcher = searcherOf({ userId: null, isAdmin: false, isPremium: await isPremium(request) });
        return cachedSearch(db, japanese, { terms, category, limit, offset, searcher });
      },
    );
  };
}
