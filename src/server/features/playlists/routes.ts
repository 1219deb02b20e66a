import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREATE_PAGE_CATEGORIES, splitCategories } from '../../../shared/categories';
import { PLAYLIST_MESSAGES } from '../../../shared/rules/playlist';
import { SuccessSchema } from '../../../shared/schemas/auth';
import { ErrorSchema } from '../../../shared/schemas/common';
import {
  AddTrackBodySchema,
  CategoryCountSchema,
  OgSchema,
  PlaylistCreateSchema,
  PlaylistIdParamSchema,
  PlaylistSchema,
  PlaylistUpdateSchema,
  ReorderSchema,
} from '../../../shared/schemas/playlist';
import type { AppDeps } from '../../app';
import { categories, tracks } from '../../db/schema';
import { currentUser, requireUser } from '../auth/guard';
import { findUserByRef } from '../users/service';
import { playlistOg } from './og';
import {
  addTrack,
  createPlaylist,
  deletePlaylist,
  type Fail,
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

const TrackInPlaylistParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  trackId: z.coerce.number().int().positive().max(2_147_483_647),
});
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export function playlistsRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const send = (reply: import('fastify').FastifyReply, f: Fail) => reply.code(f.status).send({ message: f.message });
    const viewerOf = async (request: import('fastify').FastifyRequest) => {
      const me = await currentUser(db, request);
      return me ? { userId: me.id } : null;
    };

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
      '/api/playlists/user',
      { schema: { tags: ['playlists'], summary: 'My playlists', response: { 200: z.array(PlaylistSchema), 401: ErrorSchema } } },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        return playlistsOf(db, me.id, { userId: me.id });
      },
    );
    app.post(
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
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await createPlaylist(db, me, request.body);
        if (!r.ok) return send(reply, r);
        return reply.code(201).send((await readPlaylist(db, r.id, { userId: me.id }))!);
      },
    );
    app.get(
      '/api/playlists/:id',
      { schema: { tags: ['playlists'], params: PlaylistIdParamSchema, response: { 200: PlaylistSchema, 404: ErrorSchema } } },
      async (request, reply) => {
        const p = await readPlaylist(db, request.params.id, await viewerOf(request), { countView: true });
        if (!p) return reply.code(404).send({ message: PLAYLIST_MESSAGES.notFound });
        return p;
      },
    );
    app.put(
      '/api/playlists/:id',
      {
        schema: {
          tags: ['playlists'],
          params: PlaylistIdParamSchema,
          body: PlaylistUpdateSchema,
          response: { 200: PlaylistSchema, ...errors },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await updatePlaylist(db, me, request.params.id, request.body);
        if (!r.ok) return send(reply, r);
        return (await readPlaylist(db, request.params.id, { userId: me.id }))!;
      },
    );
    app.delete(
      '/api/playlists/:id',
      { schema: { tags: ['playlists'], params: PlaylistIdParamSchema, response: { 200: SuccessSchema, ...errors } } },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await deletePlaylist(db, me.id, request.params.id);
        if (!r.ok) return send(reply, r);
        return { success: true as const };
      },
    );

    app.get(
      '/api/playlists/public/:slug',
      {
        schema: {
          tags: ['playlists'],
          params: z.object({ slug: z.string().max(300) }),
          response: { 200: PlaylistSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const id = await findPublicBySlug(db, request.params.slug);
        const p = id ? await readPlaylist(db, id, await viewerOf(request), { countView: true }) : null;
        if (!p) return reply.code(404).send({ message: PLAYLIST_MESSAGES.notFound });
        return p;
      },
    );
    app.get(
      '/api/playlists/public/:userId/:slug',
      {
        schema: {
          tags: ['playlists'],
          params: z.object({ userId: z.string().max(100), slug: z.string().max(300) }),
          response: { 200: PlaylistSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const owner = await findUserByRef(db, request.params.userId);
        const id = owner ? await findPublicBySlug(db, request.params.slug, owner) : null;
        const p = id ? await readPlaylist(db, id, await viewerOf(request), { countView: true }) : null;
        if (!p) return reply.code(404).send({ message: PLAYLIST_MESSAGES.notFound });
        return p;
      },
    );

    const addHandler = async (
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
      id: number,
      trackId: number,
    ) => {
      const me = await requireUser(db, request, reply);
      if (!me) return reply;
      const r = await addTrack(db, me.id, id, trackId);
      if (!r.ok) return send(reply, r);
      return (await readPlaylist(db, id, { userId: me.id }))!;
    };
    app.post(
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
      async (request, reply) => addHandler(request, reply, request.params.id, request.body.trackId),
    );
    app.post(
      '/api/playlists/:id/tracks/:trackId',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Add a track (once)',
          params: TrackInPlaylistParams,
          response: { 200: PlaylistSchema, ...errors },
        },
      },
      async (request, reply) => addHandler(request, reply, request.params.id, request.params.trackId),
    );
    app.delete(
      '/api/playlists/:id/tracks/:trackId',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Remove a track',
          params: TrackInPlaylistParams,
          response: { 200: PlaylistSchema, ...errors },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await removeTrack(db, me.id, request.params.id, request.params.trackId);
        if (!r.ok) return send(reply, r);
        return (await readPlaylist(db, request.params.id, { userId: me.id }))!;
      },
    );
    app.get(
      '/api/playlists/:id/tracks/:trackId/check',
      {
        schema: {
          tags: ['playlists'],
          params: TrackInPlaylistParams,
          response: { 200: z.object({ isInPlaylist: z.boolean() }), 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const p = await readPlaylist(db, request.params.id, await viewerOf(request));
        if (!p) return reply.code(404).send({ message: PLAYLIST_MESSAGES.notFound });
        return { isInPlaylist: await isInPlaylist(db, request.params.id, request.params.trackId) };
      },
    );
    for (const action of ['follow', 'unfollow'] as const) {
      app.post(
        `/api/playlists/:id/${action}`,
        {
          schema: {
            tags: ['playlists'],
            params: PlaylistIdParamSchema,
            response: { 200: z.object({ success: z.literal(true), isFollowing: z.boolean(), followerCount: z.number().int() }), ...errors },
          },
        },
        async (request, reply) => {
          const me = await requireUser(db, request, reply);
          if (!me) return reply;
          const r = await setFollow(db, me.id, request.params.id, action === 'follow');
          if (!r.ok) return send(reply, r);
          return { success: true as const, isFollowing: r.isFollowing, followerCount: r.followerCount };
        },
      );
    }
    app.put(
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
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const r = await reorder(db, me.id, request.params.id, request.body.items);
        if (!r.ok) return send(reply, r);
        return (await readPlaylist(db, request.params.id, { userId: me.id }))!;
      },
    );

    app.get(
      '/api/og/:customUserId/playlist/:id',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Social card data of a public playlist',
          params: z.object({ customUserId: z.string().max(100), id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: OgSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const og = await playlistOg(db, config, request.params.id, request.params.customUserId, `${request.protocol}://${request.host}`);
        if (!og) return reply.code(404).send({ message: PLAYLIST_MESSAGES.notFound });
        return og;
      },
    );

    app.post(
      '/api/categories',
      {
        schema: {
          tags: ['playlists'],
          body: z.object({
            name: z.string().trim().min(1, 'カテゴリ名を入力してください').max(30, 'カテゴリ名は30文字以内で入力してください'),
          }),
          response: { 200: CategoryCountSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const me = await requireUser(db, request, reply);
        if (!me) return reply;
        const [row] = await db
          .insert(categories)
          .values({ name: request.body.name, usageCount: 1 })
          .onConflictDoUpdate({ target: categories.name, set: { usageCount: sql`${categories.usageCount} + 1` } })
          .returning({ name: categories.name, usageCount: categories.usageCount });
        return row;
      },
    );
    app.get(
      '/api/categories/search',
      {
        schema: {
          tags: ['playlists'],
          summary: 'Category suggestions: up to 5 from the database and 3 from the built-in list',
          querystring: z.object({ q: z.string().max(50).default(''), limit: z.coerce.number().int().min(1).max(10).default(10) }),
          response: { 200: z.array(CategoryCountSchema) },
        },
      },
      async (request) => {
        const q = request.query.q.trim();
        const fromDb = await db
          .select({ name: categories.name, usageCount: categories.usageCount })
          .from(categories)
          .where(q ? ilike(categories.name, `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined)
          .orderBy(desc(categories.usageCount), categories.name)
          .limit(5);
        const seen = new Set(fromDb.map((c) => c.name));
        const builtIn = CREATE_PAGE_CATEGORIES.filter((c) => !seen.has(c) && (!q || c.includes(q)))
          .slice(0, 3)
          .map((name) => ({ name, usageCount: 0 }));
        return [...fromDb, ...builtIn].slice(0, request.query.limit);
      },
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
      async () => {
        const rows = await db
          .select({ category: tracks.category })
          .from(tracks)
          .where(and(eq(tracks.isVisible, true)));
        const counts = new Map<string, number>();
        for (const r of rows) for (const c of splitCategories(r.category)) counts.set(c, (counts.get(c) ?? 0) + 1);
        return [...counts]
          .map(([name, usageCount]) => ({ name, usageCount }))
          .sort((a, b) => b.usageCount - a.usageCount || a.name.localeCompare(b.name));
      },
    );
  };
}
