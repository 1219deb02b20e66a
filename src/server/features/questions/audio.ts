import { inArray } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/constants';
import { QUESTION_MESSAGES } from '../../../shared/rules/questions';
import type { Db } from '../../db/client';
import { tracks } from '../../db/schema';
import { notFound } from '../../http/errors';
import { keyIn } from '../../providers/storage/keys';
import type { StorageProvider } from '../../providers/storage/types';
import { findTrack, gateOf, type Hearer, onTrackChange, requireHearing } from '../tracks/public';

/** An answer's audio is kept a day: long enough to hear it again, not a store of everyone's questions. */
export const ANSWER_KEPT_MS = DAY_MS;

/** The folder of a track's answers, and an answer's audio in it. */
const answersOf = (trackId: number) => `answers/${trackId}`;
export const answerKey = (trackId: number, answerId: string) => keyIn(answersOf(trackId), `${answerId}.mp3`);

/**
 * An answer's audio for GET /api/tracks/{id}/questions/{answerId}/audio: heard by the track's rule (the
 * stream's: 404 for a hidden track, 403 premium_only), 404 回答の音声が見つかりません when it is not
 * there (never made, or gone after a day). Its id is random: a member hears only answers they were given.
 */
export async function answerAudio(db: Db, storage: StorageProvider, trackId: number, answerId: string, who: Hearer) {
  const access = await findTrack(db, trackId);
  if (!access) throw notFound(QUESTION_MESSAGES.answerAudioNotFound);
  requireHearing(gateOf(access), who, QUESTION_MESSAGES.answerAudioNotFound);
  const key = answerKey(trackId, answerId);
  const stat = await storage.stat(key);
  if (!stat) throw notFound(QUESTION_MESSAGES.answerAudioNotFound);
  return { key, size: stat.size, lastModified: stat.mtime, etag: `"answer-${answerId}-${stat.size}"` };
}

/**
 * The track's answers older than ANSWER_KEPT_MS, deleted after a new one is stored (the folder holds at
 * most a day of one track's answers, so the look is short).
 */
export async function deleteOldAnswers(storage: StorageProvider, trackId: number, now: Date): Promise<number> {
  let deleted = 0;
  for (const key of await storage.list(`${answersOf(trackId)}/`)) {
    const stat = await storage.stat(key);
    if (stat && now.getTime() - stat.mtime.getTime() > ANSWER_KEPT_MS) {
      await storage.delete(key);
      deleted++;
    }
  }
  return deleted;
}

/**
 * Deletes the answers' audio of tracks that are gone (one track's folder, or every folder), and answers
 * the keys it deleted: nothing asks about a deleted track again, so its answers would stay for good.
 */
export async function sweepAnswerFiles(db: Db, storage: StorageProvider, only?: number): Promise<string[]> {
  const byTrack = new Map<number, string[]>();
  for (const key of await storage.list(only === undefined ? 'answers/' : `${answersOf(only)}/`)) {
    const m = /^answers\/(\d+)\//.exec(key);
    if (m) byTrack.set(Number(m[1]), [...(byTrack.get(Number(m[1])) ?? []), key]);
  }
  if (byTrack.size === 0) return [];
  const ids = [...byTrack.keys()];
  const kept = new Set((await db.select({ id: tracks.id }).from(tracks).where(inArray(tracks.id, ids))).map((r) => r.id));
  const gone = ids.filter((id) => !kept.has(id)).flatMap((id) => byTrack.get(id) ?? []);
  for (const key of gone) await storage.delete(key);
  return gone;
}

/** Watches the tracks: when one is deleted, its answers' audio goes too (sweepAnswerFiles). Answers the unsubscribe. */
export function watchAnswerFiles(db: Db, storage: StorageProvider, onError: (err: unknown) => void): () => void {
  return onTrackChange(db, (id) => {
    if (id === null) return;
    sweepAnswerFiles(db, storage, typeof id === 'number' ? id : undefined).catch(onError);
  });
}
