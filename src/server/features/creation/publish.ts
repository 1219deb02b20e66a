import { eq } from 'drizzle-orm';
import { CREATION_MESSAGES } from '../../../shared/rules/creation';
import { joinCategories } from '../../../shared/rules/playlist';
import type { Db } from '../../db/client';
import { tasks, tracks } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { JOBS } from '../../jobs/definitions';
import { enqueue, type JobContext, PermanentTaskError } from '../../jobs/queue';
import type { RenderedDialogue } from '../../providers/audio/render';
import type { StorageProvider } from '../../providers/storage/types';
import type { UserRow } from '../auth/guard';
import { trackChanged } from '../tracks/changes';
import { audioKey, hqAudioKey } from '../tracks/service';
import { postingStatus } from './limits';
import { deleteOwnPreview, ownPreview } from './previews';

/** Speaks a script for publishing: the two hosts, 64 and 128 kbit/s, line timings. */
export type PublishRenderer = (script: string, speakingRate: number) => Promise<RenderedDialogue>;

/**
 * POST /api/publish-track: the member's own live preview, a title, a script, the terms agreed, and a
 * use left today (creator spec §5). The work itself is a durable task; the answer is its id.
 */
export async function requestPublish(
  db: Db,
  user: UserRow,
  input: { previewFilename: string; title: string; script: string; labels: string[] },
): Promise<{ taskId: number }> {
  const preview = await ownPreview(db, user.id, input.previewFilename);
  if (!preview) throw new AppError(400, CREATION_MESSAGES.previewNotFound);
  if ((await postingStatus(db, user)).remaining <= 0) throw new AppError(429, CREATION_MESSAGES.postingLimit);
  const payload = JOBS['publish-track'].payload.parse({
    userId: user.id,
    previewFilename: preview.filename,
    title: input.title,
    script: input.script,
    category: joinCategories(input.labels),
    speakingRate: preview.speakingRate,
  });
  const taskId = await enqueue(db, 'publish-track', payload, { userId: user.id, payloadVersion: JOBS['publish-track'].version });
  return { taskId };
}

/**
 * The publish job: speak the script again (the offline voice is deterministic, and this is where the
 * 128 kbit/s variant and the line timings are made), store the audio under names derived from the task
 * (a retry overwrites, never doubles), insert the track once (a retry after a crash finds it by its
 * file name), drop the preview.
 */
export function publishJob(db: Db, storage: StorageProvider, render: PublishRenderer) {
  return async (ctx: JobContext) => {
    const parsed = JOBS['publish-track'].payload.safeParse(ctx.task.payload);
    if (!parsed.success || ctx.task.payloadVersion !== JOBS['publish-track'].version) throw new PermanentTaskError('unreadable payload');
    const p = parsed.data;
    await ctx.report('audio_generation', 10);
    const audio = await render(p.script, p.speakingRate);
    await ctx.report('audio_complete', 70);
    const filename = `c-${ctx.task.id}.mp3`;
    await storage.put(audioKey(filename), audio.mp3);
    await storage.put(hqAudioKey(filename), audio.mp3Hq);
    await ctx.report('publishing', 90);
    const [inserted] = await db
      .insert(tracks)
      .values({
        title: p.title,
        filename,
        duration: audio.duration,
        fileSize: audio.mp3.length,
        createdBy: p.userId,
        userId: p.userId,
        category: p.category,
        script: p.script,
        transcript: audio.lines,
        hqFilename: filename,
        isVisible: true,
      })
      .onConflictDoNothing({ target: tracks.filename })
      .returning({ id: tracks.id });
    const trackId = inserted?.id ?? (await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.filename, filename)))[0]?.id;
    if (!trackId) throw new Error('track not stored');
    await trackChanged(db, null);
    await deleteOwnPreview(db, storage, p.userId, p.previewFilename).catch(() => {});
    return { trackId };
  };
}

/** GET /api/audio-tasks/{id}: the member's own task (anyone else's is not found). */
export async function taskOf(db: Db, userId: string, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  if (!row || row.userId !== userId || row.kind !== 'publish-track') throw notFound(CREATION_MESSAGES.taskNotFound);
  const status = row.status === 'cancelled' ? 'failed' : (row.status as 'queued' | 'processing' | 'completed' | 'failed');
  const result = (row.result ?? null) as { trackId?: number } | null;
  return {
    status,
    progress: row.progress,
    stage: row.stage,
    trackId: result?.trackId ?? null,
    errorMessage: status === 'failed' ? CREATION_MESSAGES.taskFailed : null,
  };
}
