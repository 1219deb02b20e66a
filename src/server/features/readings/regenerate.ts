import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks, tracks } from '../../db/schema';
import { JOBS } from '../../jobs/definitions';
import { type JobContext, type JobHandler, PermanentTaskError } from '../../jobs/queue';
import type { StorageProvider } from '../../providers/storage/types';
import type { PublishRenderer } from '../creation/publish';
import { trackChanged } from '../tracks/changes';
import { audioKey, hqAudioKey } from '../tracks/service';
import { REGENERATE, resolveReports } from './service';

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
export function regenerateAudioJob(db: Db, storage: StorageProvider, render: PublishRenderer): JobHandler {
  return async (ctx: JobContext) => {
    const parsed = JOBS[REGENERATE].payload.safeParse(ctx.task.payload);
    if (!parsed.success || ctx.task.payloadVersion !== JOBS[REGENERATE].version) throw new PermanentTaskError('unreadable payload');
    const { trackId } = parsed.data;
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
  };
}
