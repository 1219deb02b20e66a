import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../../shared/messages/api';
import { claimsOnTranscript, scriptLines } from '../../../shared/rules/transcript';
import type { Track } from '../../../shared/schemas/track';
import type { Db } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { keyIn } from '../../providers/storage/keys';

/**
 * The track reads other features share (services never import services, docs/conventions.md "Layers"):
 * tracks in the API's shape, one track with its owner and who may see it, its transcript, its audio keys.
 */

/** Where a track's MP3 lives in storage, and its 128 kbit/s variant. */
export const audioKey = (filename: string) => keyIn('audio', filename);
export const hqAudioKey = (filename: string) => keyIn('audio-hq', filename);

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
  isPremiumOnly: tracks.isPremiumOnly,
};

type TrackRow = { [K in keyof typeof trackColumns]: unknown } & {
  id: number;
  uploadedAt: Date;
  duration: number;
  isVisible: boolean;
};

export function toTrack(r: TrackRow): Track {
  return {
    ...(r as unknown as Track),
    duration: Math.round(r.duration * 100) / 100,
    uploadedAt: r.uploadedAt.toISOString(),
    isVisible: r.isVisible === true,
    isPremiumOnly: r.isPremiumOnly === true,
  };
}

export function selectTracks(db: Db) {
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

export async function existingFilenames(db: Db, filenames: string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const rows = await db.select({ filename: tracks.filename }).from(tracks).where(inArray(tracks.filename, filenames));
  return new Set(rows.map((r) => r.filename));
}

/** The storage keys of a track's audio: the standard MP3 and, where it was made, the premium variant. */
export const audioKeysOf = (track: { filename: string; hqFilename?: string | null }) =>
  track.hqFilename ? [audioKey(track.filename), hqAudioKey(track.hqFilename)] : [audioKey(track.filename)];

/**
 * A track's transcript for a viewer who may see the track: its lines with the time each is spoken,
 * or, for a track made without timings, its script's lines; and the claims kept with it (issue 25.2).
 */
export async function transcriptOf(db: Db, viewer: { userId: string | null; isAdmin: boolean } | null, id: number) {
  const access = await findTrack(db, id);
  if (!access || !canSeeTrack(access, viewer)) throw notFound(MESSAGES.trackNotFound);
  const [row] = await db
    .select({ transcript: tracks.transcript, script: tracks.script, claims: tracks.claims, credit: tracks.voiceCredit })
    .from(tracks)
    .where(eq(tracks.id, id));
  // The claims kept with the track, on the transcript's lines (the script's blank lines are not lines of it).
  const claims = row?.script && row.claims ? claimsOnTranscript(row.script, row.claims) : [];
  const credit = row?.credit ?? null;
  if (row?.transcript?.length)
    return { lines: row.transcript.map((l) => ({ ...l, startMs: Math.round(l.startMs), endMs: Math.round(l.endMs) })), claims, credit };
  return { lines: row?.script ? scriptLines(row.script) : [], claims, credit };
}
