import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAYLIST_MESSAGES } from '../../../shared/rules/playlist';
import { ErrorSchema, SuccessSchema } from '../../../shared/schemas/common';
import {
  AddTrackBodySchema,
  CategoryCountSchema,
  CategoryCreateSchema,
  CategorySearchQuerySchema,
  IsInPlaylistSchema,
  OgParamSchema,
  OgSchema,
  PlaylistCreateSchema,
  PlaylistFollowAnswerSchema,
  PlaylistIdParamSchema,
  PlaylistSchema,
  PlaylistTrackParamSchema,
  PlaylistUpdateSchema,
  PublicSlugParamSchema,
  ReorderSchema,
  UserPublicSlugParamSchema,
} from '../../../shared/schemas/playlist';
import { found } from '../../http/errors';
import { memberOf, membersOnly } from '../../http/guards';
import type { AppDeps } from '../../types';
import { currentUser } from '../auth/guard';
import { findUserByRef } from '../users/service';
import { categoriesOfVisibleTracks, suggestCategories, useCategory } from './categories';
import { playlistOg } from './og';
import {
  addTrack,
  createPlaylist,
  deletePlaylist,
  findPublicBySlug,
  isInPlaylist,
  playlistsOf,
  readPlaylist,
  recentPublicPlaylists,
  removeTrack,
  reorder,
  setFollow,
  updatePlaylist,
} from './service';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export function playlistsRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  const viewerOf = async (request: FastifyRequest) => {
    const me = await currentUser(db, request);
    return me ? { userId: me.id } : null;
  };
  /** The playlist as its owner now sees it (after a change the owner made). */
  const ownView = async (id: number, userId: string) => found(await readPlaylist(db, id, { userId }), PLAYLIST_MESSAGES.notFound);

  return async (app) => {
    // Anyone: public playlists, social cards and category lists.
    app.get(
      '/api/playlists',
      {
        schema: {
          tags: ['playlists'],
          summary: 'My playlists when signed in; recent public playlists for visitors',
          response: { 200: z.array(PlaylistSchema) },
        },
      },
      async (request) => {
        const viewer = await viewerOf(request);
        if (viewer) return playlistsOf(db, viewer.userId, viewer);
        const out = [];
        for (const id of await recentPublicPlaylists(db)) {
          const p = await readPlaylist(db, id, null);
          if (p) out.push(p);
        }
        return out;
      },
    );
    app.get(
      '/api/playlists/:id',
      { schema: { tags: ['playlists'], params: PlaylistIdParamSchema, response: { 200: PlaylistSchema, 404: ErrorSchema } } },
      async (request) =>
        found(await readPlaylist(db, request.params.id, await viewerOf(request), { countView: true }), PLAYLIST_MESSAGES.notFound),
    );
    app.get(
      '/api/playlists/public/:slug',
      { schema: { tags: ['playlists'], params: PublicSlugParamSchema, response: { 200: PlaylistSchema, 404: ErrorSchema } } },
      async (request) => {
        const id = await findPublicBySlug(db, request.params.slug);
        const p = id ? await readPlaylist(db, id, await viewerOf(request), { countView: true }) : null;
        return found(p, PLAYLIST_MESSAGES.notFound);
      },
    );
    app.get(
      '/api/playlists/public/:userId/:slug',
      { schema: { tags: ['playlists'], params: UserPublicSlugParamSchema, response: { 200: PlaylistSchema, 404: ErrorSchema } } },
      async (request) => {
        const owner = await findUserByRef(db, request.params.userId);
        const id = owner ? await findPublicBySlug(db, request.params.slug, owner) : null;
        const p = id ? await readPlaylist(db, id, await viewerOf(request), { countView: true }) : null;
        return found(p, PLAYLIST_MESSAGES.notFound);
      },
    );
    app.get(
      '/api/playlists/:id/tracks/:trackId/check',
      { schema: { tags: ['playlists'], params: PlaylistTrackParamSchema, response: { 200: IsInPlaylistSchema, 404: ErrorSchema } } },
      async (request) => {
        found(await readPlaylist(db, request.params.id, await viewerOf(request)), PLAYLIST_MESSAGES.notFound);
        return { isInPlaylist: await isInPlaylist(db, request.params.id, request.params.trackId) };
      },
    );
    app.get(
      '/api/og/:customUserId/playlist/:id',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Social card data of a public playlist',
          params: OgParamSchema,
          response: { 200: OgSchema, 404: ErrorSchema },
        },
      },
      async (request) =>
        found(await playlistOg(db, config, request.params.id, request.params.customUserId, request), PLAYLIST_MESSAGES.notFound),
    );
    app.get(
      '/api/categories/search',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Category suggestions: up to 5 from the database and 3 from the built-in list',
          querystring: CategorySearchQuerySchema,
          response: { 200: z.array(CategoryCountSchema) },
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
          response: { 200: z.array(CategoryCountSchema) },
        },
      },
      async () => categoriesOfVisibleTracks(db),
    );

    // Members only: one's own playlists, changes, follows and categories.
    await app.register(
      membersOnly(db, async (members) => {
        members.get(
          '/api/playlists/user',
          { schema: { tags: ['playlists'], summary: 'My playlists', response: { 200: z.array(PlaylistSchema), 401: ErrorSchema } } },
          async (request) => {
            const me = memberOf(request);
            return playlistsOf(db, me.id, { userId: me.id });
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
            await addTrack(db, me.id, request.params.id, request.body.trackId);
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
            await addTrack(db, me.id, request.params.id, request.params.trackId);
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
          { schema: { tags: ['playlists'], body: CategoryCreateSchema, response: { 200: CategoryCountSchema, 401: ErrorSchema } } },
          async (request) => useCategory(db, request.body.name),
        );
      }),
    );
  };
}
