import { and, desc, eq, sql } from 'drizzle-orm';
import { PLAYLIST_LIMIT_FREE, PLAYLIST_LIMIT_PREMIUM } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { joinCategories, PLAYLIST_MESSAGES, playlistSlug } from '../../../shared/rules/playlist';
import type { Playlist } from '../../../shared/schemas/playlist';
import { type Db, inTransaction } from '../../db/client';
import { playlistFollows, playlistItems, playlists, type UserRow, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { notify } from '../notifications/public';
import { isPremiumAt } from '../premium/public';
import { canSeeTrack, findTrack } from '../tracks/public';
import type { Onlooker } from '../users/public';
import { densifyOrders } from './orders';
import { canView, type PlaylistRow, readPlaylist } from './queries';

const playlistNotFound = () => notFound(PLAYLIST_MESSAGES.notFound);
const notOwner = () => forbidden(PLAYLIST_MESSAGES.notOwner);

async function uniqueSlug(db: Db, userId: string, wanted: string, exceptId?: number): Promise<string> {
  const base = wanted.slice(0, 120);
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    const clash = await db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.userId, userId), eq(playlists.publicSlug, slug), exceptId ? sql`${playlists.id} <> ${exceptId}` : undefined))
      .limit(1);
    if (!clash.length) return slug;
  }
  return `${base}-${Date.now()}`;
}

export interface PlaylistInput {
  name?: string;
  category?: string | string[];
  description?: string | null;
  isPublic?: boolean;
  publicSlug?: string | null;
}

/**
 * Creates a playlist within the member's limit (10 free, 100 premium). The member's row is locked for
 * the count and the insert, so concurrent creates cannot pass the limit. Only premium members may make
 * a private playlist: a free member asking for one is refused (403), not silently made public.
 */
export async function createPlaylist(db: Db, user: UserRow, input: PlaylistInput & { name: string }): Promise<number> {
  const premium = isPremiumAt(user, new Date());
  if (input.isPublic === false && !premium) throw forbidden(PLAYLIST_MESSAGES.privateNeedsPremium);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${user.id} for update`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(playlists).where(eq(playlists.userId, user.id));
    const limit = premium ? PLAYLIST_LIMIT_PREMIUM : PLAYLIST_LIMIT_FREE;
    if (n >= limit) throw forbidden(premium ? PLAYLIST_MESSAGES.limitPremium : PLAYLIST_MESSAGES.limitFree);
    const slug = await uniqueSlug(
      tx,
      user.id,
      playlistSlug(user.id, input.publicSlug?.trim() ? input.publicSlug.replace(new RegExp(`^${user.id}-`), '') : input.name),
    );
    const [row] = await tx
      .insert(playlists)
      .values({
        userId: user.id,
        name: input.name,
        category: joinCategories(input.category),
        description: input.description?.trim() || null,
        isPublic: input.isPublic ?? true,
        publicSlug: slug,
      })
      .returning({ id: playlists.id });
    return row.id;
  });
}

export async function updatePlaylist(db: Db, user: UserRow, id: number, input: PlaylistInput): Promise<void> {
  const [p] = await db.select().from(playlists).where(eq(playlists.id, id));
  if (!p || !canView(p, { userId: user.id, isAdmin: false })) throw playlistNotFound();
  if (p.userId !== user.id) throw notOwner();
  const set: Partial<typeof playlists.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.category !== undefined) set.category = joinCategories(input.category);
  if (input.description !== undefined) set.description = input.description?.trim() || null;
  if (input.isPublic !== undefined) {
    if (!input.isPublic && !isPremiumAt(user, new Date())) throw forbidden(PLAYLIST_MESSAGES.privateNeedsPremium);
    set.isPublic = input.isPublic;
  }
  if (input.publicSlug !== undefined || input.name !== undefined) {
    const source = input.publicSlug?.trim() ? input.publicSlug.replace(new RegExp(`^${user.id}-`), '') : (input.name ?? p.name);
    set.publicSlug = await uniqueSlug(db, user.id, playlistSlug(user.id, source), id);
  }
  await db.update(playlists).set(set).where(eq(playlists.id, id));
}

export async function deletePlaylist(db: Db, userId: string, id: number): Promise<void> {
  await ownedPlaylist(db, userId, id);
  await db.delete(playlists).where(eq(playlists.id, id));
}

/** Summaries (without items) of a member's playlists, newest first. */
export async function playlistsOf(db: Db, ownerId: string, viewer: Onlooker): Promise<Playlist[]> {
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.userId, ownerId), viewer?.userId === ownerId ? undefined : eq(playlists.isPublic, true)))
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
  const out: Playlist[] = [];
  for (const r of rows) {
    const p = await readPlaylist(db, r.id, viewer);
    if (p) out.push(p);
  }
  return out;
}

/** The member's own playlist; someone else's is 403 when they can see it, else 404. */
async function ownedPlaylist(db: Db, userId: string, id: number): Promise<PlaylistRow> {
  const [p] = await db.select().from(playlists).where(eq(playlists.id, id));
  if (!p || !canView(p, { userId, isAdmin: false })) throw playlistNotFound();
  if (p.userId !== userId) throw notOwner();
  return p;
}

/**
 * Adds a track once, at the end; the track's owner hears of it (not when it is their own playlist). A
 * track the member may not see is not found, by the same rule as every other path (canSeeTrack).
 */
export async function addTrack(db: Db, userId: string, session: Onlooker, id: number, trackId: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    await ownedPlaylist(tx, userId, id);
    const track = await findTrack(tx, trackId);
    if (!track || !canSeeTrack(track, session)) throw notFound(MESSAGES.trackNotFound);
    await tx.execute(sql`select id from ${playlists} where ${playlists.id} = ${id} for update`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${playlistItems.order}) + 1, 0)::int` })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, id));
    const added = await tx
      .insert(playlistItems)
      .values({ playlistId: id, trackId, order: next })
      .onConflictDoNothing()
      .returning({ id: playlistItems.id });
    if (!added.length) throw conflict(PLAYLIST_MESSAGES.alreadyAdded);
    await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));
    if (track.ownerId) await notify(tx, { userId: track.ownerId, type: 'playlist_add', actorUserId: userId, trackId, playlistId: id });
    return added[0].id;
  });
}

export async function removeTrack(db: Db, userId: string, id: number, trackId: number): Promise<void> {
  return inTransaction(db, async (tx) => {
    await ownedPlaylist(tx, userId, id);
    const removed = await tx
      .delete(playlistItems)
      .where(and(eq(playlistItems.playlistId, id), eq(playlistItems.trackId, trackId)))
      .returning({ id: playlistItems.id });
    if (!removed.length) throw notFound(PLAYLIST_MESSAGES.notInPlaylist);
    await densifyOrders(tx, id);
  });
}

/**
 * Applies a new order in one transaction. The list must name every item of the playlist exactly
 * once; anything else (missing, duplicate or foreign ids) changes nothing.
 */
export async function reorder(db: Db, userId: string, id: number, items: { id: number; order: number }[]): Promise<void> {
  return inTransaction(db, async (tx) => {
    await ownedPlaylist(tx, userId, id);
    const current = await tx.select({ id: playlistItems.id }).from(playlistItems).where(eq(playlistItems.playlistId, id));
    const ids = new Set(current.map((c) => c.id));
    const given = new Set(items.map((i) => i.id));
    if (given.size !== items.length || given.size !== ids.size || items.some((i) => !ids.has(i.id)))
      throw badRequest(PLAYLIST_MESSAGES.reorderInvalid);
    const sorted = [...items].sort((a, b) => a.order - b.order || a.id - b.id);
    for (const [index, item] of sorted.entries()) {
      await tx
        .update(playlistItems)
        .set({ order: index })
        .where(and(eq(playlistItems.id, item.id), eq(playlistItems.playlistId, id)));
    }
    await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id));
  });
}

export async function isInPlaylist(db: Db, id: number, trackId: number): Promise<boolean> {
  const rows = await db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(and(eq(playlistItems.playlistId, id), eq(playlistItems.trackId, trackId)))
    .limit(1);
  return rows.length > 0;
}

/** Follows a public playlist of someone else; followerCount moves only with a real change. */
export async function setFollow(db: Db, userId: string, id: number, on: boolean): Promise<{ followerCount: number; isFollowing: boolean }> {
  return inTransaction(db, async (tx) => {
    const [p] = await tx.select().from(playlists).where(eq(playlists.id, id));
    if (!p || !canView(p, { userId, isAdmin: false })) throw playlistNotFound();
    if (!p.isPublic || p.userId === userId) throw badRequest(PLAYLIST_MESSAGES.cannotFollow);
    const changed = on
      ? await tx.insert(playlistFollows).values({ userId, playlistId: id }).onConflictDoNothing().returning({ id: playlistFollows.id })
      : await tx
          .delete(playlistFollows)
          .where(and(eq(playlistFollows.userId, userId), eq(playlistFollows.playlistId, id)))
          .returning({ id: playlistFollows.id });
    const [row] = changed.length
      ? await tx
          .update(playlists)
          .set({ followerCount: on ? sql`${playlists.followerCount} + 1` : sql`greatest(${playlists.followerCount} - 1, 0)` })
          .where(eq(playlists.id, id))
          .returning({ n: playlists.followerCount })
      : [{ n: p.followerCount }];
    return { followerCount: row.n, isFollowing: on };
  });
}

export async function recentPublicPlaylists(db: Db, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(eq(playlists.isPublic, true))
    .orderBy(desc(playlists.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
