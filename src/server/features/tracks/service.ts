import { and, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { categoryAliases } from '../../../shared/categories';
import { DAY_MS, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, RECOMMENDED_COUNT } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { trackScore } from '../../../shared/rules/ranking';
import { MILESTONES } from '../../../shared/schemas/social';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction } from '../../db/client';
import { tracks } from '../../db/schema';
import { forbidden, found, notFound } from '../../http/errors';
import { notify } from '../notifications/public';
import { onTrackChange, trackChanged } from './changes';
import { canSeeTrack, findTrack, listTracksWhere, selectTracks, type TrackAccess, toTrack } from './queries';

/** The score formula of src/shared/rules/ranking.ts, in SQL, so the database ranks without sending every row. */
const scoreSql = (now: Date) =>
  sql`(${tracks.playCount} + ${tracks.likeCount} * 2 + ${tracks.impressionCount} * 0.5)
      * exp(-greatest(1, extract(epoch from (${now.toISOString()}::timestamptz - ${tracks.uploadedAt})) / 86400) / 30)
      + ((${tracks.id} * 73) % 100) / 10.0`;

/**
 * Which tracks are the recommended top 20 changes slowly, and ranking scores every visible track, so
 * the ids are kept for a few seconds. A track's change of visibility or existence (changes.ts) drops
 * them at once, on every instance.
 */
const TOP_TTL_MS = 5_000;
const topCache = new WeakMap<object, { ids: number[]; at: number }>();

/** 2025-01-01, the origin of score_base's clock (migration 0007). */
const SCORE_EPOCH_MS = Date.UTC(2025, 0, 1);
/** The most the id's jitter, (id×73 mod 100)/10, adds to a score. */
const MAX_JITTER = 9.9;

/**
 * The top 20 by the recommendation score, without scoring every track: the index on score_base gives
 * tracks in the order of their decayed engagement; the 20th exact score among the first candidates
 * bounds how far down a track could still climb by its jitter, and only that range is read and scored
 * exactly (the spec's formula, shared/rules/ranking.ts). When engagement is too low to bound anything,
 * the database scores every visible track as before.
 */
async function recommendedIds(db: Db): Promise<number[]> {
  watchChanges(db);
  const cached = topCache.get(db);
  if (cached && Date.now() - cached.at < TOP_TTL_MS) return cached.ids;
  const now = new Date();
  const rankable = {
    id: tracks.id,
    playCount: tracks.playCount,
    likeCount: tracks.likeCount,
    impressionCount: tracks.impressionCount,
    uploadedAt: tracks.uploadedAt,
  };
  const visible = eq(tracks.isVisible, true);
  const byBase = [desc(tracks.scoreBase), tracks.id];
  const first = await db
    .select(rankable)
    .from(tracks)
    .where(visible)
    .orderBy(...byBase)
    .limit(RECOMMENDED_COUNT * 2);
  let candidates = first;
  if (first.length >= RECOMMENDED_COUNT) {
    const twentieth = first.map((t) => trackScore(t, now)).sort((a, b) => b - a)[RECOMMENDED_COUNT - 1];
    const clock = Math.exp(-(now.getTime() - SCORE_EPOCH_MS) / (30 * DAY_MS));
    // A hair lower, so rounding never drops a track that sits exactly on the bound.
    const floor = ((twentieth - MAX_JITTER) / clock) * (1 - 1e-9);
    candidates =
      floor > 0
        ? await db
            .select(rankable)
            .from(tracks)
            .where(and(visible, gte(tracks.scoreBase, floor)))
            .orderBy(...byBase)
        : await db
            .select(rankable)
            .from(tracks)
            .where(visible)
            .orderBy(sql`${scoreSql(now)} desc`, tracks.id)
            .limit(RECOMMENDED_COUNT);
  }
  const ids = candidates
    .map((t) => ({ id: t.id, score: trackScore(t, now) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, RECOMMENDED_COUNT)
    .map((t) => t.id);
  topCache.set(db, { ids, at: Date.now() });
  return ids;
}

/** Forget the cached ranking of this database handle (this instance only); catalogue-page.ts drops its page the same way. */
export function invalidateRanking(db: Db) {
  topCache.delete(db);
}

const watched = new WeakSet<object>();
function watchChanges(db: Db) {
  if (watched.has(db)) return;
  watched.add(db);
  onTrackChange(db, () => invalidateRanking(db));
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

/** A track this viewer may see (a hidden one only for its owner and admins); 404 for anyone else. */
export async function trackFor(db: Db, viewer: { userId: string | null; isAdmin: boolean } | null, id: number): Promise<Track> {
  const access = await findTrack(db, id);
  if (!access || !canSeeTrack(access, viewer)) throw notFound(MESSAGES.trackNotFound);
  return access.track;
}

/** +1 on a visible track's play or impression counter: the new count, 404 when there is no such visible track. */
export async function countOn(db: Db, id: number, counter: 'playCount' | 'impressionCount'): Promise<number> {
  return found(await incrementCounter(db, id, counter), MESSAGES.trackNotFound);
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

/**
 * The track when this viewer may change it: its owner, or an admin. Someone who cannot see it gets
 * 404; someone who can see it but does not own it, 403.
 */
export async function ownedTrack(db: Db, viewer: { userId: string | null; isAdmin: boolean } | null, id: number): Promise<TrackAccess> {
  const access = await findTrack(db, id);
  if (!access || !canSeeTrack(access, viewer)) throw notFound(MESSAGES.trackNotFound);
  if (!viewer?.isAdmin && access.ownerId !== viewer?.userId) throw forbidden();
  return access;
}

export async function setVisibility(db: Db, viewer: { userId: string | null; isAdmin: boolean } | null, id: number, isVisible: boolean) {
  await ownedTrack(db, viewer, id);
  await db.update(tracks).set({ isVisible, updatedAt: new Date() }).where(eq(tracks.id, id));
  await trackChanged(db, id);
  return found(await findTrack(db, id), MESSAGES.trackNotFound).track;
}

/** The member's own tracks, hidden ones included, newest first. */
export const tracksOf = (db: Db, userId: string) =>
  listTracksWhere(db, { where: eq(tracks.userId, userId), orderBy: [desc(tracks.uploadedAt), desc(tracks.id)] });
