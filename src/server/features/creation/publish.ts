import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CREATION_MESSAGES, SPEAKING_RATE } from '../../../shared/rules/creation';
import { joinCategories } from '../../../shared/rules/playlist';
import { type Db, inTransaction } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { creationPreviews, tasks, tracks } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { defineJob, type JobDeps } from '../../jobs/define';
import { enqueueJob } from '../../jobs/queue';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { refreshSearchReadings } from '../search/public';
import { audioKey, hqAudioKey, trackChanged } from '../tracks/public';
import { claimsToPublish } from './claims';
import { ownPreview, previewKey } from './previews';

/** Speaks a script for publishing: the two hosts, 64 and 128 kbit/s, line timings. */
export type PublishRenderer = JobDeps['render'];

/** Task states after which a preview may be published again (nothing of it was kept). */
const ENDED_WITHOUT_TRACK = ['failed', 'cancelled'];

/**
 * POST /api/publish-track: the member's own live preview, a title, its script and the terms agreed
 * (creator spec §5). The day's use was spent when the preview was made; publishing spends nothing and
 * needs none left (decision 0015, amended by issue 24.8: the third preview of a free member's day can be
 * published). What is published is the script the preview spoke,
 * as stored with it: a body whose script differs is refused, not published. The work itself is a
 * durable task; the answer is its id.
 *
 * The preview is claimed in the same transaction, its row locked: a second publish of it (a double
 * submit, or again after the progress view gave up) answers the task of the first instead of making a
 * second track. Only a task that ended without a track (failed, cancelled) lets it be published again.
 */
export async function requestPublish(
  db: Db,
  user: UserRow,
  input: { previewFilename: string; title: string; script: string; labels: string[] },
): Promise<{ taskId: number }> {
  return inTransaction(db, async (tx) => {
    const preview = await ownPreview(tx, user.id, input.previewFilename, new Date(), { lock: true });
    if (!preview) throw new AppError(400, CREATION_MESSAGES.previewNotFound);
    if (preview.taskId !== null) {
      const [prior] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, preview.taskId));
      if (prior && !ENDED_WITHOUT_TRACK.includes(prior.status)) return { taskId: preview.taskId };
    }
    if (input.script.trim() !== preview.script.trim()) throw new AppError(400, CREATION_MESSAGES.scriptChanged);
    const taskId = await enqueueJob(
      tx,
      publishTrackJob,
      {
        userId: user.id,
        previewFilename: preview.filename,
        title: input.title,
        script: preview.script,
        category: joinCategories(input.labels),
        speakingRate: preview.speakingRate,
      },
      { userId: user.id },
    );
    await tx.update(creationPreviews).set({ taskId }).where(eq(creationPreviews.filename, preview.filename));
    return { taskId };
  });
}

/**
 * The publish job: speak the script again (the offline voice is deterministic, and this is where the
 * 128 kbit/s variant and the line timings are made), store the audio under names derived from the task
 * (a retry overwrites, never doubles), insert the track once (a retry after a crash finds it by its
 * file name), drop the preview's audio.
 */
export const publishTrackJob = defineJob('publish-track', {
  version: 1,
  payload: z.object({
    userId: z.string().min(1),
    previewFilename: z.string().min(1),
    title: z.string().min(1).max(100),
    script: z.string().min(1),
    category: z.string().min(1),
    speakingRate: z.number().min(SPEAKING_RATE.min).max(SPEAKING_RATE.max),
  }),
  handler: async (p, ctx, { db, storage, render, japanese }) => {
    await ctx.report('audio_generation', 10);
    const audio = await render(p.script, p.speakingRate);
    const claims = await claimsToPublish(db, japanese, p.userId, p.script);
    await ctx.report('audio_complete', 70);
    const filename = `c-${ctx.task.id}.mp3`;
    await storage.put(audioKey(filename), audio.mp3);
    await storage.put(hqAudioKey(filename), audio.mp3Hq);
    await ctx.report('publishing', 90);
    const trackId = await insertTrackOnce(db, {
      title: p.title,
      filename,
      duration: audio.duration,
      fileSize: audio.mp3.length,
      createdBy: p.userId,
      userId: p.userId,
      category: p.category,
      script: p.script,
      transcript: audio.lines,
      claims,
      hqFilename: filename,
      voicedBy: audio.voicedBy ?? null,
      voiceCredit: audio.voiceCredit ?? null,
      isVisible: true,
    });
    await announceTrack(db, japanese, trackId);
    // The preview's audio goes; its row stays until its hour is up, holding the claim (a repeat publish
    // answers this task), and the scheduled clean-up removes it.
    await storage.delete(previewKey(p.previewFilename)).catch(() => {});
    return { trackId };
  },
});

/**
 * Inserts a spoken track once: a retry after a crash finds it by its file name (derived from the task)
 * instead of adding a second. Answers its id. Also used by the operators' generation (admin console).
 */
export async function insertTrackOnce(db: Db, values: typeof tracks.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(tracks).values(values).onConflictDoNothing({ target: tracks.filename }).returning({ id: tracks.id });
  const trackId = inserted?.id ?? (await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.filename, values.filename)))[0]?.id;
  if (!trackId) throw new Error('track not stored');
  return trackId;
}

/** A new track's readings for search by reading (おんせん finds 温泉), then the catalogue shows it (every instance). */
export async function announceTrack(db: Db, japanese: JapaneseEngine, trackId: number): Promise<void> {
  await refreshSearchReadings(db, japanese, trackId);
  await trackChanged(db, null);
}

/** GET /api/audio-tasks/{id}: the member's own task (anyone else's is not found). */
export async function taskOf(db: Db, userId: string, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  if (!row || row.userId !== userId || row.kind !== 'publish-track') throw notFound(CREATION_MESSAGES.taskNotFound);
  const status = row.status === 'cancelled' ? 'failed' : (row.status as 'queued' | 'processing' | 'completed' | 'failed');
  const result = (row.result ?? null) as { trackId?: number } | null;
  return {
    taskId: row.id,
    status,
    progress: row.progress,
    stage: row.stage,
    trackId: result?.trackId ?? null,
    errorMessage: status === 'failed' ? CREATION_MESSAGES.taskFailed : null,
  };
}
