import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../../shared/messages/api';
import { claimsOnTranscript, scriptLines } from '../../../shared/rules/transcript';
import type { Track } from '../../../shared/schemas/track';
import type { Db } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { keyIn } from '../../providers/storage/keys';
import { isPremiumAt, type PremiumFacts } from '../premium/public';

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

/**
 * Who asks for a track's content (its audio, transcript, claims, a segue that names it): the Onlooker and
 * whether they are premium now. A visitor is null.
 */
export type Hearer = { userId: string | null; isAdmin: boolean; isPremium: boolean } | null;

/** What the rule reads of a track: the stream's cache entry, a TrackAccess's parts or a playable row. */
export interface TrackGate {
  isVisible: boolean;
  isPremiumOnly: boolean;
  ownerId: string | null;
}

export const gateOf = (access: TrackAccess): TrackGate => ({
  isVisible: access.track.isVisible,
  isPremiumOnly: access.track.isPremiumOnly,
  ownerId: access.ownerId,
});

/** The Hearer of a request's Viewer (or a member's row as `member`), premium by the premium rule at `at`. */
export function hearerOf(viewer: { userId: string | null; isAdmin: boolean; member: PremiumFacts | null } | null, at: Date): Hearer {
  if (!viewer) return null;
  return { userId: viewer.userId, isAdmin: viewer.isAdmin, isPremium: viewer.member ? isPremiumAt(viewer.member, at) : false };
}

/**
 * The one rule for a track's content, the stream's (#24.11, #36.4): a hidden track is heard by its owner
 * and the operators only, and does not exist for anyone else ('hidden'); a premium-only track by premium
 * members, its owner and the operators ('premium_only' for anyone else). Everything that answers what a
 * track says asks it; the SQL form is hearableSql.
 */
export function hearingOf(track: TrackGate, who: Hearer): 'hear' | 'hidden' | 'premium_only' {
  const ownerOrAdmin = who !== null && (who.isAdmin || (track.ownerId !== null && track.ownerId === who.userId));
  if (!track.isVisible && !ownerOrAdmin) return 'hidden';
  if (track.isPremiumOnly && !ownerOrAdmin && !who?.isPremium) return 'premium_only';
  return 'hear';
}

/** The stream's refusal of a premium-only track (403, reason premium_only, never kept by a cache). */
export const premiumOnlyRefusal = () =>
  new AppError(403, MESSAGES.premiumOnly, { reason: 'premium_only' }, { 'Cache-Control': 'private, no-store' });

/**
 * hearingOf as an answer: nothing when the track may be heard, else the stream's refusal: 404 (with
 * `hiddenMessage`, the track's by default) for a hidden track, 403 premium_only for a premium-only one.
 */
export function requireHearing(track: TrackGate, who: Hearer, hiddenMessage: string = MESSAGES.trackNotFound): void {
  const hearing = hearingOf(track, who);
  if (hearing === 'hidden') throw notFound(hiddenMessage);
  if (hearing === 'premium_only') throw premiumOnlyRefusal();
}

/**
 * Who finds a track listed, in SQL on the tracks table: everyone finds the visible ones; a member also
 * finds their own hidden ones. (The operator's console lists hidden tracks itself.) Written once, here.
 */
export function listedSql(viewer?: { userId: string | null } | null): SQL {
  const visible = eq(tracks.isVisible, true);
  return (viewer?.userId ? or(visible, eq(tracks.userId, viewer.userId)) : visible) as SQL;
}

/** hearingOf in SQL, on the tracks table: the tracks whose content this hearer may have. */
export function hearableSql(who: Hearer): SQL {
  if (who?.isAdmin) return sql`true`;
  const open = who?.isPremium ? eq(tracks.isVisible, true) : and(eq(tracks.isVisible, true), eq(tracks.isPremiumOnly, false));
  return (who?.userId ? or(eq(tracks.userId, who.userId), open) : open) as SQL;
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
 * A track's transcript for a listener who may hear the track (requireHearing): its lines with the time each is spoken,
 * or, for a track made without timings, its script's lines; and the claims kept with it (issue 25.2).
 */
export async function transcriptOf(db: Db, who: Hearer, id: number) {
  const access = await findTrack(db, id);
  if (!access) throw notFound(MESSAGES.trackNotFound);
  requireHearing(gateOf(access), who);
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
