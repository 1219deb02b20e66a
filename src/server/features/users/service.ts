import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { OFFICIAL_CREATED_BY, OFFICIAL_ID } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import type { PublicUser } from '../../../shared/schemas/social';
import type { Db } from '../../db/client';
import { playlistItems, playlists, tracks, users } from '../../db/schema';
import { found } from '../../http/errors';
import { followCounts } from '../follows/service';
import { listTracksWhere } from '../tracks/service';

export type UserRow = typeof users.$inferSelect;

/** A member by internal id or by public user ID (case-insensitive); the official account is `mugen`. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.id, ref), sql`lower(${users.customUserId}) = ${ref.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/** What anyone may see of a member: never the e-mail or premium details. */
export const toPublicUser = (u: Pick<UserRow, 'id' | 'name' | 'picture' | 'customUserId'>): PublicUser => ({
  id: u.id,
  name: u.name,
  picture: u.picture,
  customUserId: u.customUserId,
});

export const publicUserColumns = { id: users.id, name: users.name, picture: users.picture, customUserId: users.customUserId };

/** A member's visible tracks; the official account owns every track created by mugen or mugen_official. */
export function ownTracksCondition(user: UserRow) {
  const visible = eq(tracks.isVisible, true);
  if (user.id === OFFICIAL_ID) return and(visible, or(eq(tracks.userId, OFFICIAL_ID), inArray(tracks.createdBy, [...OFFICIAL_CREATED_BY])));
  return and(visible, eq(tracks.userId, user.id));
}

/** A member by id or user ID, or 404 ユーザーが見つかりません. */
export async function userByRef(db: Db, ref: string): Promise<UserRow> {
  return found(await findUserByRef(db, ref), MESSAGES.userNotFound);
}

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
