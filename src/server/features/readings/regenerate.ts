import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { READING_MESSAGES } from '../../../shared/rules/readings';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { readingReports, tasks, tracks } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { enqueueJob, PermanentTaskError } from '../../jobs/queue';
import { audioKey, hqAudioKey, trackChanged } from '../tracks/public';
import { resolveReports } from './service';

/** A passing failure (a worker restarted, the voice service busy) is tried again; the third is final. */
const REGENERATE_ATTEMPTS = 3;

/** Tracks made by a task are named after it (c-12.mp3: publish, a-12.mp3: the console's generation). */
const MADE_BY_TASK = /^[ca]-(\d+)(?:-r\d+)?\.mp3$/;

/** The speaking rate the track was first made at (its task's), else 1. */
async function speakingRateOf(db: Db, filename: string): Promise<number> {
  const m = MADE_BY_TASK.exec(filename);
  if (!m) return 1;
  const [task] = await db
    .select({ payload: tasks.payload })
    .from(tasks)
    .where(eq(tasks.id, Number(m[1])));
  const rate = (task?.payload as { speakingRate?: unknown } | undefined)?.speakingRate;
  return typeof rate === 'number' && Number.isFinite(rate) ? rate : 1;
}

/** The new file name: the old one with this task's mark, so players and offline copies never mix the two. */
export function regeneratedFilename(filename: string, taskId: number): string {
  const base = filename.replace(/\.mp3$/i, '').replace(/-r\d+$/, '');
  return `${base}-r${taskId}.mp3`;
}

/**
 * The regeneration job (issue 25.3): the track's script spoken again by the render (which applies
 * today's reading dictionary to every voice), stored under a new name, the row switched to it with the
 * new duration, size and line timings in one update, the old files removed after, and the reports tied
 * to this task resolved. A track deleted meanwhile ends the task; a retry overwrites its own files.
 */
export const regenerateAudioJob = defineJob('regenerate-audio', {
  version: 1,
  payload: z.object({ trackId: z.number().int().positive() }),
  maxAttempts: REGENERATE_ATTEMPTS,
  handler: async ({ trackId }, ctx, { db, storage, render }) => {
    const [track] = await db
      .select({ filename: tracks.filename, hqFilename: tracks.hqFilename, script: tracks.script })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    if (!track) throw new PermanentTaskError('the track is gone');
    if (!track.script?.trim()) throw new PermanentTaskError('the track has no script');
    await ctx.report('audio_generation', 10);
    const audio = await render(track.script, await speakingRateOf(db, track.filename));
    await ctx.report('audio_complete', 70);
    const filename = regeneratedFilename(track.filename, ctx.task.id);
    await storage.put(audioKey(filename), audio.mp3);
    await storage.put(hqAudioKey(filename), audio.mp3Hq);
    await ctx.report('publishing', 90);
    const updated = await db
      .update(tracks)
      .set({
        filename,
        hqFilename: filename,
        duration: audio.duration,
        fileSize: audio.mp3.length,
        transcript: audio.lines,
        // Spoken again, perhaps by another voice than the first time: its credit follows.
        voicedBy: audio.voicedBy ?? null,
        voiceCredit: audio.voiceCredit ?? null,
        updatedAt: new Date(),
      })
      .where(eq(tracks.id, trackId))
      .returning({ id: tracks.id });
    if (updated.length === 0) {
      await Promise.all([storage.delete(audioKey(filename)).catch(() => {}), storage.delete(hqAudioKey(filename)).catch(() => {})]);
      throw new PermanentTaskError('the track is gone');
    }
    if (track.filename !== filename) {
      await storage.delete(audioKey(track.filename)).catch(() => {});
      if (track.hqFilename) await storage.delete(hqAudioKey(track.hqFilename)).catch(() => {});
    }
    await resolveReports(db, ctx.task.id, trackId);
    await trackChanged(db, trackId);
    return { trackId };
  },
});

/**
 * POST /api/admin/tracks/{id}/regenerate-audio: queues the track's audio to be spoken again from its
 * script with today's dictionary. The track's open reports are tied to the task, and resolved when it
 * completes. One regeneration of a track at a time.
 */
export async function requestRegeneration(db: Db, trackId: number): Promise<{ taskId: number }> {
  return inTransaction(db, async (tx) => {
    const [track] = await tx.select({ id: tracks.id, script: tracks.script }).from(tracks).where(eq(tracks.id, trackId)).for('update');
    if (!track) throw notFound(READING_MESSAGES.trackNotFound);
    if (!track.script?.trim()) throw new AppError(400, READING_MESSAGES.noScript);
    const running = rowsOf(
      await tx.execute(
        sql`select id from ${tasks} where kind = ${regenerateAudioJob.kind} and status in ('queued', 'processing') and (payload->>'trackId')::int = ${trackId} limit 1`,
      ),
    );
    if (running.length) throw conflict(READING_MESSAGES.alreadyRegenerating);
    const taskId = await enqueueJob(tx, regenerateAudioJob, { trackId });
    await tx
      .update(readingReports)
      .set({ taskId })
      .where(and(eq(readingReports.trackId, trackId), isNull(readingReports.resolvedAt)));
    return { taskId };
  });
}
