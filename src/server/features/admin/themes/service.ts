import { and, count, desc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { ADMIN_THEMES_MESSAGES, PROGRESS_MESSAGES } from '../../../../shared/messages/admin-themes';
import {
  type AdminTaskStatus,
  canMoveTheme,
  contentPreview,
  type TaskStage,
  type ThemeStatus,
  textLength,
  youtubeVideoId,
  youtubeWatchUrl,
} from '../../../../shared/rules/admin-themes';
import type { AdminTask, StageData, Theme } from '../../../../shared/schemas/admin-themes';
import { type Db, inTransaction } from '../../../db/client';
import { tasks, themes, tracks } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors';
import { countProviderError } from '../../../http/metrics';
import { readPayload } from '../../../jobs/define';
import { cancel, type TaskRow } from '../../../jobs/queue';
import { SCHEDULED_JOBS } from '../../../jobs/registry';
import { scheduleStates } from '../../../jobs/schedule';
import { ProviderError } from '../../../providers/errors';
import { type LlmProvider, VideoNotReadable, VideoUnavailable } from '../../../providers/llm/types';
import { adminGenerateJob, enqueueGeneration, type GenerationOptions } from './generation';
import { ADMIN_GENERATE, taskErrorMessage } from './generation-task';
import { progressMessage, publishProgress } from './progress';
import { type ExtractedThemes, themesFromVideo } from './theme-prompt';

type ThemeRow = typeof themes.$inferSelect;
const ACTIVE = ['queued', 'processing'];

const themeOf = (row: ThemeRow): Theme => ({
  id: row.id,
  title: row.title,
  perspective: row.perspective,
  content: contentPreview(row.content),
  status: row.status as ThemeStatus,
  youtubeExtraction: row.youtubeUrl ? { title: row.youtubeTitle, url: row.youtubeUrl } : null,
  createdAt: row.createdAt.toISOString(),
});

/** A queued or running task of this theme (the library hides the theme meanwhile). */
const activeTaskOf = (themeId: typeof themes.id) =>
  sql`(select 1 from ${tasks} where ${tasks.themeId} = ${themeId} and ${tasks.status} in ('queued', 'processing'))`;

/**
 * GET /api/admin/themes (spec §3, §4): pending and approved themes, newest first, content cut to 150
 * characters; a theme with a queued or running task is left out until the task ends.
 */
export async function listThemes(db: Db): Promise<Theme[]> {
  const rows = await db
    .select()
    .from(themes)
    .where(and(inArray(themes.status, ['pending', 'approved']), notExists(activeTaskOf(themes.id))))
    .orderBy(desc(themes.createdAt), desc(themes.id));
  return rows.map(themeOf);
}

/** A theme written by hand (YouTube cannot be reached offline): pending, like an extracted one. */
export async function createTheme(db: Db, input: { title: string; perspective: string; content: string }): Promise<Theme> {
  const [row] = await db
    .insert(themes)
    .values({ ...input, status: 'pending' })
    .returning();
  return themeOf(row);
}

/**
 * POST /api/admin/youtube/extract: the script writer is given the video and proposes themes, stored as
 * pending with the video's address and title. A provider that cannot be given a video (offline, an
 * OpenAI-compatible model) says so in Japanese (503); a quota is 429; any other failure 503.
 */
export async function extractThemes(db: Db, llm: LlmProvider, input: { url: string }) {
  const id = youtubeVideoId(input.url);
  if (!id) throw badRequest(ADMIN_THEMES_MESSAGES.urlNotYoutube);
  const url = youtubeWatchUrl(id);
  let extracted: ExtractedThemes;
  try {
    extracted = await themesFromVideo(llm, { url });
  } catch (err) {
    if (err instanceof VideoUnavailable)
      throw new AppError(503, err.reason === 'offline' ? ADMIN_THEMES_MESSAGES.youtubeOffline : ADMIN_THEMES_MESSAGES.youtubeNoVideo);
    if (err instanceof VideoNotReadable) throw new AppError(422, ADMIN_THEMES_MESSAGES.extractUnreadable);
    if (err instanceof ProviderError) {
      countProviderError(err.provider, err.kind);
      if (err.kind === 'quota') throw new AppError(429, ADMIN_THEMES_MESSAGES.extractQuota);
      if (err.kind === 'config') throw new AppError(503, ADMIN_THEMES_MESSAGES.extractConfig);
    }
    throw new AppError(503, ADMIN_THEMES_MESSAGES.extractFailed);
  }
  if (extracted.themes.length === 0) throw new AppError(422, ADMIN_THEMES_MESSAGES.extractEmpty);
  const rows = await db
    .insert(themes)
    .values(extracted.themes.map((t) => ({ ...t, status: 'pending', youtubeUrl: url, youtubeTitle: extracted.videoTitle })))
    .returning();
  return { message: ADMIN_THEMES_MESSAGES.extracted(rows.length), themes: rows.map(themeOf) };
}

async function themeRow(db: Db, id: number): Promise<ThemeRow> {
  const [row] = await db.select().from(themes).where(eq(themes.id, id));
  if (!row) throw notFound(ADMIN_THEMES_MESSAGES.themeNotFound);
  return row;
}

async function hasActiveTask(db: Db, themeId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.themeId, themeId), inArray(tasks.status, ACTIVE)));
  return (row?.n ?? 0) > 0;
}

/** PATCH /api/admin/themes/{id}/status: pending → approved or rejected, approved → rejected (spec §4); else 409. */
export async function setThemeStatus(db: Db, id: number, status: ThemeStatus): Promise<Theme> {
  const row = await themeRow(db, id);
  if (!canMoveTheme(row.status as ThemeStatus, status)) throw conflict(ADMIN_THEMES_MESSAGES.themeMoveRefused);
  if (await hasActiveTask(db, id)) throw conflict(ADMIN_THEMES_MESSAGES.themeBusy);
  const [updated] = await db
    .update(themes)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(themes.id, id), eq(themes.status, row.status)))
    .returning();
  if (!updated) throw conflict(ADMIN_THEMES_MESSAGES.themeMoveRefused);
  return themeOf(updated);
}

/** DELETE /api/admin/themes/{id}: gone for good (its finished tasks keep their track and lose the link); refused while it has a task running. */
export async function deleteTheme(db: Db, id: number) {
  await themeRow(db, id);
  if (await hasActiveTask(db, id)) throw conflict(ADMIN_THEMES_MESSAGES.themeBusy);
  await db.delete(themes).where(eq(themes.id, id));
  return { message: ADMIN_THEMES_MESSAGES.themeDeleted };
}

/**
 * POST /api/admin/themes/{id}/generate-audio: an approved theme's MP3 as a task. A second request while
 * its task is queued or running answers that task (a double click makes one track).
 */
export async function generateThemeAudio(db: Db, id: number, options: GenerationOptions): Promise<{ taskId: number }> {
  const row = await themeRow(db, id);
  if (row.status !== 'approved') throw conflict(ADMIN_THEMES_MESSAGES.themeNotApproved);
  const [active] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.themeId, id), eq(tasks.kind, ADMIN_GENERATE), inArray(tasks.status, ACTIVE)))
    .orderBy(desc(tasks.id))
    .limit(1);
  if (active) return { taskId: active.id };
  return { taskId: await enqueueGeneration(db, { themeId: id, ...options }) };
}

/** AI生成 (GET /api/generate-content): the operator's text as a task. */
export const generateFromText = (db: Db, inputText: string, options: GenerationOptions) => enqueueGeneration(db, { inputText, ...options });

type Payload = { themeId?: number | null; inputText?: string | null; speakingRate?: number };

const titleOfInput = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return textLength(line) > 30 ? `${[...line].slice(0, 30).join('')}…` : line;
};

function taskOf(row: TaskRow, theme: { id: number; title: string } | null): AdminTask {
  const payload = (row.payload ?? {}) as Payload;
  const stageData = (row.stageData ?? {}) as StageData;
  const script = stageData.script_generation;
  const result = (row.result ?? null) as { trackId?: number } | null;
  const currentStage: TaskStage =
    row.status === 'completed'
      ? 'completed'
      : row.status === 'queued' || !row.stage
        ? 'pending'
        : (['pending', 'script_generation', 'audio_generation', 'completed'] as const).includes(row.stage as TaskStage)
          ? (row.stage as TaskStage)
          : 'pending';
  return {
    id: row.id,
    themeId: row.themeId,
    theme,
    title: theme?.title ?? script?.title ?? (payload.inputText ? titleOfInput(payload.inputText) : ''),
    source: payload.inputText ? 'input' : 'theme',
    status: row.status as AdminTaskStatus,
    currentStage,
    progress: row.progress,
    speakingRate: typeof payload.speakingRate === 'number' ? payload.speakingRate : 0,
    errorMessage: taskErrorMessage(row),
    groundingInfo: script?.groundingInfo ?? null,
    stageData,
    trackId: row.status === 'completed' ? (result?.trackId ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/tasks: the operators' generation tasks, newest first, a page at a time, with the total. */
export async function listTasks(db: Db, query: { page: number; limit: number }) {
  const [{ total }] = await db.select({ total: count() }).from(tasks).where(eq(tasks.kind, ADMIN_GENERATE));
  const rows = await db
    .select({ task: tasks, themeTitle: themes.title })
    .from(tasks)
    .leftJoin(themes, eq(themes.id, tasks.themeId))
    .where(eq(tasks.kind, ADMIN_GENERATE))
    .orderBy(desc(tasks.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    tasks: rows.map((r) =>
      taskOf(r.task, r.task.themeId !== null && r.themeTitle !== null ? { id: r.task.themeId, title: r.themeTitle } : null),
    ),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/admin/scheduled-jobs: every scheduled job (jobs/registry.ts) with its last and next run, under the queue. */
export async function listScheduledJobs(db: Db) {
  return { jobs: await scheduleStates(db, SCHEDULED_JOBS) };
}

/**
 * POST /api/admin/tasks/{id}/cancel: a queued task never runs; a running one stops at its next step and
 * publishes nothing (generation.ts). Its watchers hear so at once. A task already over: 409.
 */
export async function cancelTask(db: Db, id: number) {
  const [row] = await db.select({ kind: tasks.kind, progress: tasks.progress }).from(tasks).where(eq(tasks.id, id));
  if (!row || row.kind !== ADMIN_GENERATE) throw notFound(ADMIN_THEMES_MESSAGES.taskNotFound);
  if (!(await cancel(db, id))) throw conflict(ADMIN_THEMES_MESSAGES.taskNotCancellable);
  await publishProgress(db, progressMessage(id, 'error', row.progress, PROGRESS_MESSAGES.cancelled)).catch(() => {});
  return { message: ADMIN_THEMES_MESSAGES.taskCancelled };
}

/** DELETE /api/admin/tasks/failed: the failed and cancelled generation tasks leave the queue (they made no track). */
export async function clearFailedTasks(db: Db) {
  const gone = await db
    .delete(tasks)
    .where(and(eq(tasks.kind, ADMIN_GENERATE), inArray(tasks.status, ['failed', 'cancelled'])))
    .returning({ id: tasks.id });
  return { message: ADMIN_THEMES_MESSAGES.clearedFailed(gone.length), deleted: gone.length };
}

/**
 * DELETE /api/admin/cleanup/invalid-tasks: generation tasks that can never run or no longer lead
 * anywhere (decision 0023), whatever their state except running:
 * - its payload no longer validates against its kind's schema and version (it would fail at once);
 * - it was made from a theme that has since been deleted (the theme link was set null), and it has no
 *   track to show (queued, failed or cancelled);
 * - it completed, but the track it published has since been deleted.
 * A running task is left to its worker: it fails or finishes on its own.
 */
export async function cleanupInvalidTasks(db: Db) {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({ id: tasks.id, status: tasks.status, payload: tasks.payload, payloadVersion: tasks.payloadVersion, result: tasks.result })
      .from(tasks)
      .where(and(eq(tasks.kind, ADMIN_GENERATE), sql`${tasks.status} <> 'processing'`));
    const unreadable = rows.filter((r) => !readPayload(adminGenerateJob, r).ok).map((r) => r.id);
    const themeGone = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.kind, ADMIN_GENERATE),
          inArray(tasks.status, ['queued', 'failed', 'cancelled']),
          isNull(tasks.themeId),
          sql`(${tasks.payload} ->> 'themeId') is not null`,
        ),
      );
    const trackGone = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .leftJoin(tracks, sql`${tracks.id} = (${tasks.result} ->> 'trackId')::int`)
      .where(and(eq(tasks.kind, ADMIN_GENERATE), eq(tasks.status, 'completed'), isNotNull(tasks.result), isNull(tracks.id)));
    const ids = [...new Set([...unreadable, ...themeGone.map((r) => r.id), ...trackGone.map((r) => r.id)])];
    if (ids.length > 0) await tx.delete(tasks).where(and(inArray(tasks.id, ids), sql`${tasks.status} <> 'processing'`));
    return { message: ADMIN_THEMES_MESSAGES.clearedInvalid(ids.length), deleted: ids.length };
  });
}
