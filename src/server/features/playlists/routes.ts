import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema } from '../../../shared/schemas/common';
import {
  AddTrackBodySchema,
  CategoryCountListSchema,
  CategoryCountSchema,
  CategoryCreateSchema,
  CategorySearchQuerySchema,
  IsInPlaylistSchema,
  OgParamSchema,
  OgSchema,
  PlaylistCreateSchema,
  PlaylistFollowAnswerSchema,
  PlaylistIdParamSchema,
  PlaylistListSchema,
  PlaylistSchema,
  PlaylistTrackParamSchema,
  PlaylistUpdateSchema,
  PublicSlugParamSchema,
  ReorderSchema,
  UserPublicSlugParamSchema,
} from '../../../shared/schemas/playlist';
import { errorAnswers } from '../../http/errors';
import { memberOf, membersOnly, viewerOf } from '../../http/guards';
import type { AppDeps } from '../../types';
import { categoriesOfVisibleTracks, suggestCategories, useCategory } from './categories';
import { playlistOg } from './og';
import { addTrack, createPlaylist, deletePlaylist, playlistsOf, removeTrack, reorder, setFollow, updatePlaylist } from './service';
import { listedPlaylists, playlistFor, publicPlaylistBySlug, trackInPlaylist } from './views';

const errors = errorAnswers(400, 401, 403, 404, 409);

export function playlistsRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  /** The playlist as its owner now sees it (after a change the owner made). */
  const ownView = (id: number, userId: string) => playlistFor(db, id, { userId, isAdmin: false });

  return async (app) => {
    // Anyone: public playlists, social cards and category lists.
    app.get(
      '/api/playlists',
      {
        schema: {
          tags: ['playlists'],
          summary: 'My playlists when signed in; recent public playlists for visitors',
          response: { 200: PlaylistListSchema },
        },
      },
      async (request) => listedPlaylists(db, await viewerOf(request)),
    );
    app.get(
      '/api/playlists/:id',
      { schema: { tags: ['playlists'], params: PlaylistIdParamSchema, response: { 200: PlaylistSchema, ...errorAnswers(404) } } },
      async (request) => playlistFor(db, request.params.id, await viewerOf(request), { countView: true }),
    );
    app.get(
      '/api/playlists/public/:slug',
      { schema: { tags: ['playlists'], params: PublicSlugParamSchema, response: { 200: PlaylistSchema, ...errorAnswers(404) } } },
      async (request) => publicPlaylistBySlug(db, request.params.slug, await viewerOf(request)),
    );
    app.get(
      '/api/playlists/public/:userId/:slug',
      { schema: { tags: ['playlists'], params: UserPublicSlugParamSchema, response: { 200: PlaylistSchema, ...errorAnswers(404) } } },
      async (request) => publicPlaylistBySlug(db, request.params.slug, await viewerOf(request), request.params.userId),
    );
    app.get(
      '/api/playlists/:id/tracks/:trackId/check',
      { schema: { tags: ['playlists'], params: PlaylistTrackParamSchema, response: { 200: IsInPlaylistSchema, ...errorAnswers(404) } } },
      async (request) => trackInPlaylist(db, request.params.id, request.params.trackId, await viewerOf(request)),
    );
    app.get(
      '/api/og/:customUserId/playlist/:id',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Social card data of a public playlist',
          params: OgParamSchema,
          response: { 200: OgSchema, ...errorAnswers(404) },
        },
      },
      async (request) => playlistOg(db, config, request.params.id, request.params.customUserId),
    );
    app.get(
      '/api/categories/search',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Category suggestions: up to 5 from the database and 3 from the built-in list',
          querystring: CategorySearchQuerySchema,
          response: { 200: CategoryCountListSchema },
        },
      },
      async (request) => suggestCategories(db, request.query.q, request.query.limit),
    );
    app.get(
      '/api/categories/tracks',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Categories of visible tracks with their counts',
          response: { 200: CategoryCountListSchema },
        },
      },
      async () => categoriesOfVisibleTracks(db),
    );

    // Members only: one's own playlists, changes, follows and categories.
    await app.register(
      membersOnly(async (members) => {
        members.get(
          '/api/playlists/user',
          { schema: { tags: ['playlists'], summary: 'My playlists', response: { 200: PlaylistListSchema, ...errorAnswers(401) } } },
          async (request) => {
            const me = memberOf(request);
            return playlistsOf(db, me.id, { userId: me.id, isAdmin: false });
          },
        );
        members.post(
          '/api/playlists',
          {
            schema: {
              tags: ['playlists'],
              summary: 'Create a playlist (10 free, 100 premium; free ones are public)',
              body: PlaylistCreateSchema,
              response: { 201: PlaylistSchema, ...errors },
            },
          },
          async (request, reply) => {
            const me = memberOf(request);
            const id = await createPlaylist(db, me, request.body);
            return reply.code(201).send(await ownView(id, me.id));
          },
        );
        members.put(
          '/api/playlists/:id',
          {
            schema: {
              tags: ['playlists'],
              params: PlaylistIdParamSchema,
              body: PlaylistUpdateSchema,
              response: { 200: PlaylistSchema, ...errors },
            },
          },
          async (request) => {
            const me = memberOf(request);
            await updatePlaylist(db, me, request.params.id, request.body);
            return ownView(request.params.id, me.id);
          },
        );
        members.delete(
          '/api/playlists/:id',
          { schema: { tags: ['playlists'], params: PlaylistIdParamSchema, response: { 200: SuccessSchema, ...errors } } },
          async (request) => {
            await deletePlaylist(db, memberOf(request).id, request.params.id);
            return { success: true as const };
          },
        );
        members.post(
          '/api/playlists/:id/tracks',
          {
            schema: {
              tags: ['playlists'],
              summary: 'Add a track (once)',
              params: PlaylistIdParamSchema,
              body: AddTrackBodySchema,
              response: { 200: PlaylistSchema, ...errors },
            },
          },
          async (request) => {
            const me = memberOf(request);
            await addTrack(db, me.id, await viewerOf(request), request.params.id, request.body.trackId);
            return ownView(request.params.id, me.id);
          },
        );
        members.post(
          '/api/playlists/:id/tracks/:trackId',
          {
            schema: {
              tags: ['playlists'],
              summary: 'Add a track (once)',
              params: PlaylistTrackParamSchema,
              response: { 200: PlaylistSchema, ...errors },
            },
          },
          async (request) => {
            const me = memberOf(request);
            await addTrack(db, me.id, await viewerOf(request), request.params.id, request.params.trackId);
            return ownView(request.params.id, me.id);
          },
        );
        members.delete(
          '/api/playlists/:id/tracks/:trackId',
          {
            schema: {
              tags: ['playlists'],
              summary: 'Remove a track',
              params: PlaylistTrackParamSchema,
              response: { 200: PlaylistSchema, ...errors },
            },
          },
          async (request) => {
            const me = memberOf(request);
            await removeTrack(db, me.id, request.params.id, request.params.trackId);
            return ownView(request.params.id, me.id);
          },
        );
        for (const action of ['follow', 'unfollow'] as const) {
          members.post(
            `/api/playlists/:id/${action}`,
            {
              schema: {
                tags: ['playlists'],
                params: PlaylistIdParamSchema,
                response: { 200: PlaylistFollowAnswerSchema, ...errors },
              },
            },
            async (request) => {
              const r = await setFollow(db, memberOf(request).id, request.params.id, action === 'follow');
              return { success: true as const, ...r };
            },
          );
        }
        members.put(
          '/api/playlists/:id/reorder',
          {
            schema: {
              tags: ['playlists'],
              summary: 'Reorder every item in one transaction',
              params: PlaylistIdParamSchema,
              body: ReorderSchema,
              response: { 200: PlaylistSchema, ...errors },
            },
          },
          async (request) => {
            const me = memberOf(request);
            await reorder(db, me.id, request.params.id, request.body.items);
            return ownView(request.params.id, me.id);
          },
        );
        members.post(
          '/api/categories',
          { schema: { tags: ['playlists'], body: CategoryCreateSchema, response: { 200: CategoryCountSchema, ...errorAnswers(401) } } },
          async (request) => useCategory(db, request.body.name),
        );
      }),
    );
  };
}
