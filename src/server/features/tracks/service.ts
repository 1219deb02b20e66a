import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { categoryAliases } from '../../../shared/categories';
import { RECOMMENDED_COUNT } from '../../../shared/constants';
import { MILESTONES } from '../../../shared/schemas/social';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction } from '../../db/client';
import { playlistItems, tracks, users } from '../../db/schema';
import { notify } from '../notifications/service';
import { densifyOrders } from '../playlists/orders';

const trackColumns = {
  id: tracks.id,
  title: tracks.title,
  filename: tracks.filename,
  duration: tracks.duration,
  uploadedAt: tracks.uploadedAt,
  playCount: tracks.playCount,
  likeCount: tracks.likeCount,
  impressionCount: tracks.impressionCount,
  bookmarkCount: tracks.bookmarkCount,
  createdBy: tracks.createdBy,
  posterName: users.name,
  posterPicture: users.picture,
  posterCustomUserId: users.customUserId,
  isVisible: tracks.isVisible,
  category: tracks.category,
};

type TrackRow = { [K in keyof typeof trackColumns]: unknown } & {
  id: number;
  uploadedAt: Date;
  duration: number;
  isVisible: boolean;
};

function toTrack(r: TrackRow): Track {
  return {
    ...(r as unknown as Track),
    duration: Math.round(r.duration * 100) / 100,
    uploadedAt: r.uploadedAt.toISOString(),
    isVisible: r.isVisible === true,
  };
}

function selectTracks(db: Db) {
  return db.select(trackColumns).from(tracks).leftJoin(users, eq(users.id, tracks.userId));
}

/** Tracks in the API's shape, optionally through a join (likes, playlist items), filtered and ordered. */
export async function listTracksWhere(
  db: Db,
  opts: { join?: { table: PgTable; on: SQL }; where?: SQL; orderBy?: (SQL | PgColumn)[]; limit?: number; offset?: number },
): Promise<Track[]> {
  let q = selectTracks(db).$dynamic();
  if (opts.join) q = q.innerJoin(opts.join.table, opts.join.on);
  if (opts.where) q = q.where(opts.where);
  if (opts.orderBy?.length) q = q.orderBy(...opts.orderBy);
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset !== undefined) q = q.offset(opts.offset);
  return (await q).map(toTrack);
}

export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 1000;

/** The score formula of src/shared/rules/ranking.ts, in SQL, so the database ranks without sending every row. */
const scoreSql = (now: Date) =>
  sql`(${tracks.playCount} + ${tracks.likeCount} * 2 + ${tracks.impressionCount} * 0.5)
      * exp(-greatest(1, extract(epoch from (${now.toISOString()}::timestamptz - ${tracks.uploadedAt})) / 86400) / 30)
      + ((${tracks.id} * 73) % 100) / 10.0`;

/**
 * Which tracks are the recommended top 20 changes slowly, and ranking scores every visible track, so
 * the ids are kept for a few seconds. Rows themselves (counts, visibility) are always read fresh: a
 * track hidden a moment ago is never listed.
 */
const TOP_TTL_MS = 5_000;
const topCache = new WeakMap<object, { ids: number[]; at: number }>();

async function recommendedIds(db: Db): Promise<number[]> {
  const cached = topCache.get(db);
  if (cached && Date.now() - cached.at < TOP_TTL_MS) return cached.ids;
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.isVisible, true))
    .orderBy(sql`${scoreSql(new Date())} desc`, tracks.id)
    .limit(RECOMMENDED_COUNT);
  const ids = rows.map((r) => r.id);
  topCache.set(db, { ids, at: Date.now() });
  return ids;
}

/** Forget the cached ranking (after a change that should show at once, e.g. in tests or on publish). */
export function invalidateRanking(db: Db) {
  topCache.delete(db);
}

/**
 * Visible tracks in the spec's order: the top 20 by the recommendation score, then the rest newest
 * first; `limit` (default 200) and `offset` page through that order.
 */
export async function listVisibleTracks(db: Db, opts: { limit?: number; offset?: number } = {}): Promise<Track[]> {
  const limit = Math.min(opts.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  const offset = opts.offset ?? 0;
  const ids = await recommendedIds(db);
  const topRows = ids.length ? await selectTracks(db).where(and(eq(tracks.isVisible, true), inArray(tracks.id, ids))) : [];
  const byId = new Map(topRows.map((r) => [r.id, toTrack(r)]));
  const top = ids.flatMap((id) => byId.get(id) ?? []);
  const fromTop = top.slice(offset, offset + limit);
  const restLimit = limit - fromTop.length;
  if (restLimit <= 0) return fromTop;
  const rest = await selectTracks(db)
    .where(and(eq(tracks.isVisible, true), ids.length ? notInArray(tracks.id, ids) : undefined))
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
    .limit(restLimit)
    .offset(Math.max(0, offset - top.length));
  return [...fromTop, ...rest.map(toTrack)];
}

/** Visible tracks of a category or any of its aliases, newest first. Categories are comma-separated. */
export async function listTracksByCategory(db: Db, category: string): Promise<Track[]> {
  const names = categoryAliases(category);
  const rows = await selectTracks(db)
    .where(
      and(
        eq(tracks.isVisible, true),
        sql`regexp_split_to_array(${tracks.category}, '\\s*,\\s*') && ARRAY[${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
    .orderBy(sql`${tracks.uploadedAt} desc`, sql`${tracks.id} desc`);
  return rows.map(toTrack);
}

export interface TrackAccess {
  track: Track;
  ownerId: string | null;
}

/** One track with its owner, whether visible or not; the caller decides who may see it. */
export async function findTrack(db: Db, id: number): Promise<TrackAccess | null> {
  const [row] = await db
    .select({ ...trackColumns, ownerId: tracks.userId })
    .from(tracks)
    .leftJoin(users, eq(users.id, tracks.userId))
    .where(eq(tracks.id, id))
    .limit(1);
  if (!row) return null;
  const { ownerId, ...rest } = row;
  return { track: toTrack(rest), ownerId };
}

export function canSeeTrack(access: TrackAccess, viewer: { userId: string | null; isAdmin: boolean } | null): boolean {
  if (access.track.isVisible) return true;
  if (!viewer) return false;
  return viewer.isAdmin || (access.ownerId !== null && access.ownerId === viewer.userId);
}

/**
 * Atomic +1 on a visible track; returns the new count, or null when there is no such visible track.
 * A play that lands exactly on a milestone (100, 500, 1000, 5000, 10000) notifies the owner: each
 * count is reached by exactly one increment, so each milestone is announced once per track.
 */
export async function incrementCounter(db: Db, id: number, counter: 'playCount' | 'impressionCount'): Promise<number | null> {
  const column = counter === 'playCount' ? tracks.playCount : tracks.impressionCount;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(tracks)
      .set({ [counter]: sql`${column} + 1` })
      .where(and(eq(tracks.id, id), eq(tracks.isVisible, true)))
      .returning({ value: column, ownerId: tracks.userId });
    if (!row) return null;
    if (counter === 'playCount' && row.ownerId && (MILESTONES as readonly number[]).includes(row.value)) {
      await notify(tx, { userId: row.ownerId, type: `milestone_${row.value}`, trackId: id });
    }
    return row.value;
  });
}

export async function existingFilenames(db: Db, filenames: string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const rows = await db.select({ filename: tracks.filename }).from(tracks).where(inArray(tracks.filename, filenames));
  return new Set(rows.map((r) => r.filename));
}

/**
 * Deletes a track; counters that counted it elsewhere stay exact because the rows that referenced it
 * (likes, playlist items, history, notifications) go with it in the same statement's cascade.
 */
export async function deleteTrack(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const items = await tx.select({ playlistId: playlistItems.playlistId }).from(playlistItems).where(eq(playlistItems.trackId, id));
    await tx.delete(tracks).where(eq(tracks.id, id));
    // Keep item orders dense in every playlist that held the track.
    for (const { playlistId } of items) await densifyOrders(tx, playlistId);
  });
}
