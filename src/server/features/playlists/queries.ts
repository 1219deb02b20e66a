import { and, asc, eq, sql } from 'drizzle-orm';
import type { Playlist } from '../../../shared/schemas/playlist';
import type { Db } from '../../db/client';
import { playlistFollows, playlistItems, playlists, tracks, type UserRow, users } from '../../db/schema';
import { listedSql, listTracksWhere } from '../tracks/public';
import type { Onlooker } from '../users/public';

/**
 * The playlist reads other features share (services never import services, docs/conventions.md
 * "Layers"): who may see a playlist, a playlist as the API answers it, a public one by its slug.
 */

export type PlaylistRow = typeof playlists.$inferSelect;

/** Private playlists exist only for their owner: to anyone else they are not found, anywhere. */
export function canView(p: PlaylistRow, viewer: Onlooker): boolean {
  return p.isPublic || (viewer?.userId != null && viewer.userId === p.userId);
}

/** The playlist as the API answers it, or null when it does not exist for this viewer. */
export async function readPlaylist(db: Db, id: number, viewer: Onlooker, opts: { countView?: boolean } = {}): Promise<Playlist | null> {
  const [row] = await db
    .select({ p: playlists, user: { id: users.id, name: users.name, customUserId: users.customUserId, picture: users.picture } })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.userId))
    .where(eq(playlists.id, id));
  if (!row || !canView(row.p, viewer)) return null;
  const isOwner = viewer?.userId === row.p.userId;
  let impressionCount = row.p.impressionCount;
  if (opts.countView && !isOwner) {
    const [u] = await db
      .update(playlists)
      .set({ impressionCount: sql`${playlists.impressionCount} + 1` })
      .where(eq(playlists.id, id))
      .returning({ n: playlists.impressionCount });
    impressionCount = u.n;
  }
  const trackRows = await listTracksWhere(db, {
    join: { table: playlistItems, on: and(eq(playlistItems.trackId, tracks.id), eq(playlistItems.playlistId, id))! },
    where: listedSql(viewer),
    orderBy: [asc(playlistItems.order), asc(playlistItems.id)],
  });
  const itemRows = await db
    .select({ id: playlistItems.id, order: playlistItems.order, trackId: playlistItems.trackId })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, id))
    .orderBy(asc(playlistItems.order), asc(playlistItems.id));
  const byTrack = new Map(trackRows.map((t) => [t.id, t]));
  const items = itemRows.flatMap((i) => {
    const track = byTrack.get(i.trackId);
    return track ? [{ id: i.id, order: i.order, track }] : [];
  });
  const following = viewer?.userId
    ? (
        await db
          .select({ id: playlistFollows.id })
          .from(playlistFollows)
          .where(and(eq(playlistFollows.playlistId, id), eq(playlistFollows.userId, viewer.userId)))
      ).length > 0
    : false;
  return {
    id: row.p.id,
    userId: row.p.userId,
    name: row.p.name,
    category: row.p.category,
    description: row.p.description,
    isPublic: row.p.isPublic,
    publicSlug: row.p.publicSlug,
    createdAt: row.p.createdAt.toISOString(),
    updatedAt: row.p.updatedAt.toISOString(),
    impressionCount,
    followerCount: row.p.followerCount,
    itemCount: items.length,
    isFollowing: following,
    isOwner,
    user: row.user,
    items,
  };
}

export async function findPublicBySlug(db: Db, slug: string, owner?: UserRow): Promise<number | null> {
  const [row] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.publicSlug, slug), eq(playlists.isPublic, true), owner ? eq(playlists.userId, owner.id) : undefined))
    .orderBy(asc(playlists.id))
    .limit(1);
  return row?.id ?? null;
}
