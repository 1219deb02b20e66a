import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { PublicPlaylistSummaryListSchema } from '../../../shared/schemas/playlist';
import { PublicProfileSchema, UserIdParamSchema, UserRefParamSchema } from '../../../shared/schemas/social';
import { TrackListSchema } from '../../../shared/schemas/track';
import { errorAnswers } from '../../http/errors';
import type { AppDeps } from '../../types';
import { profileOf, publicPlaylistsOf, visibleTracksOf } from './service';

/** A public read of one member: its answer, or 404 ユーザーが見つかりません. */
const memberRead = <P extends z.ZodType, R extends z.ZodType>(summary: string, params: P, answer: R) => ({
  schema: { tags: ['users'], summary, params, response: { 200: answer, ...errorAnswers(404) } },
});

export function usersRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/:id', memberRead('A public profile by id or user ID', UserRefParamSchema, PublicProfileSchema), async (request) =>
      profileOf(db, request.params.id),
    );
    app.get('/api/user/profile/:userId', memberRead('Profile data of a member', UserIdParamSchema, PublicProfileSchema), async (request) =>
      profileOf(db, request.params.userId),
    );
    app.get(
      '/api/users/:id/tracks',
      memberRead("A member's visible tracks, newest first", UserRefParamSchema, TrackListSchema),
      async (request) => visibleTracksOf(db, request.params.id),
    );
    app.get(
      '/api/users/:id/playlists',
      memberRead("A member's public playlists", UserRefParamSchema, PublicPlaylistSummaryListSchema),
      async (request) => publicPlaylistsOf(db, request.params.id),
    );
  };
}
