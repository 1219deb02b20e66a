import { DAY_MS } from '../../../shared/constants';
import { QUESTION_MESSAGES } from '../../../shared/rules/questions';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { keyIn } from '../../providers/storage/keys';
import type { StorageProvider } from '../../providers/storage/types';
import { findTrack, gateOf, type Hearer, requireHearing } from '../tracks/public';

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
