import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFICIAL_CREATED_BY, OFFICIAL_ID } from '../../../shared/constants';
import { ErrorSchema } from '../../../shared/schemas/common';
import { PublicPlaylistSummarySchema } from '../../../shared/schemas/playlist';
import { PublicProfileSchema, UserIdParamSchema, UserRefParamSchema } from '../../../shared/schemas/social';
import { TrackListSchema } from '../../../shared/schemas/track';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { playlistItems, playlists, tracks } from '../../db/schema';
import { followCounts } from '../follows/service';
import { listTracksWhere } from '../tracks/service';
import { findUserByRef, toPublicUser, type UserRow } from './service';

const USER_NOT_FOUND = 'ユーザーが見つかりません';

/** A member's visible tracks; the official account owns every track created by mugen or mugen_official. */
function ownTracksCondition(user: UserRow) {
  const visible = eq(tracks.isVisible, true);
  if (user.id === OFFICIAL_ID) return and(visible, or(eq(tracks.userId, OFFICIAL_ID), inArray(tracks.createdBy, [...OFFICIAL_CREATED_BY])));
  return and(visible, eq(tracks.userId, user.id));
}

async function profileOf(db: Db, user: UserRow) {
  const counts = await followCounts(db, user.id);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(tracks).where(ownTracksCondition(user));
  return {
    ...toPublicUser(user),
    xHandle: user.xHandle,
    createdAt: user.createdAt.toISOString(),
    ...counts,
    trackCount: n,
    isOfficial: user.id === OFFICIAL_ID,
  };
}

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
      async (request, reply) => {
        const user = await findUserByRef(db, request.params.id);
        if (!user) return reply.code(404).send({ message: USER_NOT_FOUND });
        return profileOf(db, user);
      },
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
      async (request, reply) => {
        const user = await findUserByRef(db, request.params.userId);
        if (!user) return reply.code(404).send({ message: USER_NOT_FOUND });
        return profileOf(db, user);
      },
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
      async (request, reply) => {
        const user = await findUserByRef(db, request.params.id);
        if (!user) return reply.code(404).send({ message: USER_NOT_FOUND });
        return listTracksWhere(db, { where: ownTracksCondition(user), orderBy: [desc(tracks.uploadedAt), desc(tracks.id)], limit: 500 });
      },
    );
    app.get(
      '/api/users/:id/playlists',
      {
        schema: {
          tags: ['users'],
          summary: "A member's public playlists",
          params: UserRefParamSchema,
          response: { 200: z.array(PublicPlaylistSummarySchema), 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        const user = await findUserByRef(db, request.params.id);
        if (!user) return reply.code(404).send({ message: USER_NOT_FOUND });
        const rows = await db
          .select({
            p: playlists,
            itemCount: sql<number>`(select count(*)::int from ${playlistItems} where ${playlistItems.playlistId} = ${playlists.id})`,
          })
          .from(playlists)
          .where(and(eq(playlists.userId, user.id), eq(playlists.isPublic, true)))
          .orderBy(desc(playlists.createdAt), desc(playlists.id));
        return rows.map(({ p, itemCount }) => ({
          id: p.id,
          userId: p.userId,
          name: p.name,
          category: p.category,
          description: p.description,
          isPublic: p.isPublic,
          publicSlug: p.publicSlug,
          impressionCount: p.impressionCount,
          followerCount: p.followerCount,
          itemCount,
          createdAt: p.createdAt.toISOString(),
        }));
      },
    );
  };
}
