import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../shared/schemas/common';
import { PublicPlaylistSummaryListSchema } from '../../../shared/schemas/playlist';
import { PublicProfileSchema, UserIdParamSchema, UserRefParamSchema } from '../../../shared/schemas/social';
import { TrackListSchema } from '../../../shared/schemas/track';
import type { AppDeps } from '../../types';
import { profileOf, publicPlaylistsOf, userByRef, visibleTracksOf } from './service';

export function usersRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'A public profile by id or user ID',
          params: UserRefParamSchema,
          response: { 200: PublicProfileSchema, 404: ErrorSchema },
        },
      },
      async (request) => profileOf(db, await userByRef(db, request.params.id)),
    );
    app.get(
      '/api/user/profile/:userId',
      {
        schema: {
          tags: ['users'],
          summary: 'Profile data of a member',
          params: UserIdParamSchema,
          response: { 200: PublicProfileSchema, 404: ErrorSchema },
        },
      },
      async (request) => profileOf(db, await userByRef(db, request.params.userId)),
    );
    app.get(
      '/api/users/:id/tracks',
      {
        schema: {
          tags: ['users'],
          summary: "A member's visible tracks, newest first",
          params: UserRefParamSchema,
          response: { 200: TrackListSchema, 404: ErrorSchema },
        },
      },
      async (request) => visibleTracksOf(db, await userByRef(db, request.params.id)),
    );
    app.get(
      '/api/users/:id/playlists',
      {
        schema: {
          tags: ['users'],
          summary: "A member's public playlists",
          params: UserRefParamSchema,
          response: { 200: PublicPlaylistSummaryListSchema, 404: ErrorSchema },
        },
      },
      async (request) => publicPlaylistsOf(db, await userByRef(db, request.params.id)),
    );
  };
}
