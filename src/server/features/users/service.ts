import { and, desc, eq, sql } from 'drizzle-orm';
import { OFFICIAL_ID } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { playlistItems, playlists, tracks } from '../../db/schema';
import { followCounts } from '../follows/public';
import { listTracksWhere } from '../tracks/public';
import { ownTracksCondition, toPublicUser, userByRef } from './queries';

/** The public profile of /api/users/{id} (by id or user ID): public fields, follow counts and the visible track count. */
export async function profileOf(db: Db, ref: string) {
  const user = await userByRef(db, ref);
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

/** A member's visible tracks (by id or user ID), newest first. */
export async function visibleTracksOf(db: Db, ref: string) {
  const user = await userByRef(db, ref);
  return listTracksWhere(db, { where: ownTracksCondition(user), orderBy: [desc(tracks.uploadedAt), desc(tracks.id)], limit: 500 });
}

/** A member's public playlists (by id or user ID): summaries with their item counts, newest first. */
export async function publicPlaylistsOf(db: Db, ref: string) {
  const user = await userByRef(db, ref);
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
}
