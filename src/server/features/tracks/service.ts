import { and, eq, inArray, sql } from 'drizzle-orm';
import { categoryAliases } from '../../../shared/categories';
import { recommendedOrder } from '../../../shared/rules/ranking';
import type { Track } from '../../../shared/schemas/track';
import type { Db } from '../../db/client';
import { tracks, users } from '../../db/schema';

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

/** Visible tracks in the spec's order: top 20 by score, then the rest newest first. */
export async function listVisibleTracks(db: Db, opts: { limit?: number; offset?: number } = {}): Promise<Track[]> {
  const rows = await selectTracks(db).where(eq(tracks.isVisible, true));
  const ordered = recommendedOrder(rows.map(toTrack));
  const offset = opts.offset ?? 0;
  return opts.limit === undefined ? ordered.slice(offset) : ordered.slice(offset, offset + opts.limit);
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

/** Atomic +1 on a visible track; returns the new count, or null when there is no such visible track. */
export async function incrementCounter(db: Db, id: number, counter: 'playCount' | 'impressionCount'): Promise<number | null> {
  const column = counter === 'playCount' ? tracks.playCount : tracks.impressionCount;
  const [row] = await db
    .update(tracks)
    .set({ [counter]: sql`${column} + 1` })
    .where(and(eq(tracks.id, id), eq(tracks.isVisible, true)))
    .returning({ value: column });
  return row ? row.value : null;
}

export async function existingFilenames(db: Db, filenames: string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const rows = await db.select({ filename: tracks.filename }).from(tracks).where(inArray(tracks.filename, filenames));
  return new Set(rows.map((r) => r.filename));
}
