import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_THEMES_MESSAGES, PROGRESS_MESSAGES } from '../../../../shared/messages/admin-themes';
import type { AdminSpeakingRate, ProgressStage } from '../../../../shared/rules/admin-themes';
import { ADMIN_INPUT_MAX, isAdminSpeakingRate, taskStageOf, textLength } from '../../../../shared/rules/admin-themes';
import { SCRIPT_FORMATS, SCRIPT_LENGTHS, type ScriptShape } from '../../../../shared/rules/creation';
import { joinCategories } from '../../../../shared/rules/playlist';
import type { GroundingInfo, StageData } from '../../../../shared/schemas/admin-themes';
import { type Db, inTransaction, rowsOf } from '../../../db/client';
import { tasks, themes } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { enqueueJob, PermanentTaskError, TaskStopped } from '../../../jobs/queue';
import { ProviderError } from '../../../providers/errors';
import { announceTrack, insertTrackOnce, rewriteScript, writeScript } from '../../creation/public';
import { audioKey, hqAudioKey } from '../../tracks/public';
import { ensureOfficialAccount, OFFICIAL_ACCOUNT } from '../../users/public';
import { ADMIN_GENERATE } from './generation-task';
import { progressMessage, publishProgress } from './progress';

const F = ADMIN_THEMES_MESSAGES.failure;
const P = PROGRESS_MESSAGES;

/**
 * Attempts of an operator's generation: a passing failure (the AI service busy, a worker restarted) is
 * tried again after the queue's backoff (2 s, then 4 s); the third failure is final.
 */
export const ADMIN_GENERATE_ATTEMPTS = 3;

/**
 * Queues a generation: a theme's (its row is read when the task runs) or AI生成's text. The task carries
 * the theme in tasks.theme_id too, so the library hides the theme while the task is queued or running.
 */
export type GenerationOptions = { speakingRate: AdminSpeakingRate; premiumOnly: boolean } & ScriptShape;

export async function enqueueGeneration(db: Db, input: ({ themeId: number } | { inputText: string }) & GenerationOptions): Promise<number> {
  const themeId = 'themeId' in input ? input.themeId : null;
  const payload = {
    themeId,
    inputText: 'inputText' in input ? input.inputText : null,
    speakingRate: input.speakingRate,
    premiumOnly: input.premiumOnly,
    format: input.format,
    length: input.length,
  };
  return inTransaction(db, async (tx) => {
    const id = await enqueueJob(tx, adminGenerateJob, payload);
    if (themeId !== null) await tx.update(tasks).set({ themeId }).where(eq(tasks.id, id));
    return id;
  });
}

/** What the script writer is given for a theme (its title goes as the title): the perspective, then the content. */
export const themeInput = (theme: { perspective: string; content: string }) =>
  [theme.perspective ? `「${theme.perspective}」という視点でお話しします。` : '', theme.content].filter(Boolean).join('\n');

/** The file names of a task's track: derived from the task, so a retry overwrites instead of doubling. */
export const generatedFilename = (taskId: number) => `a-${taskId}.mp3`;

/** A failure as the task's errorMessage says it: Japanese, with the provider's short reason when there is one. */
function failureMessage(err: unknown, during: string): string {
  if (err instanceof ProviderError) return `${err.kind === 'quota' ? F.quota : during}（${err.message}）`;
  return during;
}

/**
 * The operators' generation job (issue 18), on the creation's providers: the script writer (with its
 * fact check) and the voice that publishing uses. Stages (spec §3): initialization, task_initialization,
 * theme_loaded, script_generation, grounding_complete, fact_check_complete, final_script_generation
 * (the script rewritten to address the check's issues, when there are any), audio_generation,
 * audio_complete, task_complete; error when it fails for good. Each step is written to the task
 * (stage, progress, lease) and NOTIFY'd to every instance; a cancelled task stops at its next step.
 *
 * The track is inserted in one transaction with the task's completion, the task's row locked: a cancel
 * that came in first leaves no track (and its files are deleted), one that comes after finds the task
 * completed. The track belongs to the official account.
 */
export const adminGenerateJob = defineJob(ADMIN_GENERATE, {
  // Version 2 (issue 39.2, decision 0045): the show's format and length. A task queued at version 1
  // fails once as unreadable, and the operator generates it again.
  version: 2,
  payload: z
    .object({
      themeId: z.number().int().positive().nullable(),
      inputText: z
        .string()
        .min(1)
        .refine((s) => textLength(s) <= ADMIN_INPUT_MAX)
        .nullable(),
      speakingRate: z.number().refine(isAdminSpeakingRate),
      // Publish for premium members only (issue 40.5, decision 0048); open to all unless asked.
      premiumOnly: z.boolean().default(false),
      format: z.enum(SCRIPT_FORMATS),
      length: z.enum(SCRIPT_LENGTHS),
    })
    .refine((p) => (p.themeId === null) !== (p.inputText === null), 'a theme or a text, not both'),
  maxAttempts: ADMIN_GENERATE_ATTEMPTS,
  unreadable: F.payload,
  handler: async (p, ctx, { db, storage, render, llm, japanese }) => {
    const task = ctx.task;
    let progress = 0;
    let during: string = F.script;
    const say = async (stage: ProgressStage, at: number, message: string, extra: Parameters<typeof progressMessage>[4] = {}) => {
      progress = at;
      await ctx.report(taskStageOf(stage), at);
      await publishProgress(db, progressMessage(task.id, stage, at, message, extra)).catch(() => {});
    };
    const filename = generatedFilename(task.id);
    const dropFiles = () =>
      Promise.all([storage.delete(audioKey(filename)).catch(() => {}), storage.delete(hqAudioKey(filename)).catch(() => {})]);
    let stored = false;
    try {
      await say('initialization', 0, P.initialization);
      await say('task_initialization', 5, P.task_initialization);

      let inputText: string;
      let title: string | undefined;
      if (p.themeId !== null) {
        const [theme] = await db.select().from(themes).where(eq(themes.id, p.themeId));
        if (!theme) throw new PermanentTaskError(F.themeGone);
        inputText = themeInput(theme);
        title = theme.title;
        await say('theme_loaded', 10, P.theme_loaded(theme.title), { details: { title } });
      } else {
        inputText = p.inputText ?? '';
        await say('theme_loaded', 10, P.input_loaded);
      }

      await say('script_generation', 15, P.script_generation);
      const draft = await writeScript(llm, japanese, { inputText, title, format: p.format, length: p.length });
      title = title ?? draft.title;
      const groundingInfo: GroundingInfo = { searched: llm.checkFacts !== undefined, sources: draft.factCheck.sources ?? [] };
      await say('grounding_complete', 35, P.grounding_complete(groundingInfo.sources.length), {
        details: { title },
        rawData: { groundingInfo },
      });
      let script = draft.script;
      let check = draft.factCheck;
      await say('fact_check_complete', 45, P.fact_check_complete(check.confidence, check.issues.length), {
        rawData: { factCheckResult: factCheckResult(check) },
      });
      let revised = false;
      if (check.status === 'issues_found' && check.issues.length > 0) {
        await say('final_script_generation', 50, P.final_script_generation);
        const rewritten = await rewriteScript(llm, japanese, {
          inputText,
          originalScript: script,
          issues: check.issues,
          format: p.format,
          length: p.length,
        });
        script = rewritten.script;
        check = rewritten.factCheck;
        revised = true;
        await say('fact_check_complete', 55, P.fact_check_complete(check.confidence, check.issues.length), {
          rawData: { factCheckResult: factCheckResult(check) },
        });
      } else {
        await say('final_script_generation', 55, P.final_script_ready);
      }
      const stageData: StageData = {
        script_generation: { groundingInfo, factCheckResult: factCheckResult(check), title, revised },
      };
      await db
        .update(tasks)
        .set({ stageData })
        .where(and(eq(tasks.id, task.id), eq(tasks.status, 'processing'), sql`${tasks.lockedBy} is not distinct from ${task.lockedBy}`));

      during = F.audio;
      await say('audio_generation', 60, P.audio_generation);
      const audio = await render(script, p.speakingRate);
      await say('audio_complete', 90, P.audio_complete);

      during = F.publish;
      stored = true;
      await storage.put(audioKey(filename), audio.mp3);
      await storage.put(hqAudioKey(filename), audio.mp3Hq);
      const trackTitle = title;
      const trackId = await inTransaction(db, async (tx) => {
        // The task's row, locked: still this worker's and running, or a cancel came first.
        const held = rowsOf(
          await tx.execute(
            sql`select id from ${tasks} where id = ${task.id} and status = 'processing' and locked_by is not distinct from ${task.lockedBy} for update`,
          ),
        );
        if (held.length === 0) return null;
        await ensureOfficialAccount(tx);
        const id = await insertTrackOnce(tx, {
          title: trackTitle,
          filename,
          duration: audio.duration,
          fileSize: audio.mp3.length,
          createdBy: OFFICIAL_ACCOUNT.id,
          userId: OFFICIAL_ACCOUNT.id,
          category: joinCategories(draft.labels),
          script,
          transcript: audio.lines,
          claims: check.claims,
          hqFilename: filename,
          voicedBy: audio.voicedBy ?? null,
          voiceCredit: audio.voiceCredit ?? null,
          isVisible: true,
          isPremiumOnly: p.premiumOnly,
        });
        await tx
          .update(tasks)
          .set({ status: 'completed', stage: 'completed', progress: 100, result: { trackId: id }, leaseUntil: null, updatedAt: new Date() })
          .where(eq(tasks.id, task.id));
        return id;
      });
      if (trackId === null) {
        // Cancelled (or, after a lost lease, another worker's now: its files have the same names, so keep them).
        const [now] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
        if (!now || now.status === 'cancelled') await dropFiles();
        throw new TaskStopped();
      }
      await announceTrack(db, japanese, trackId);
      await publishProgress(
        db,
        progressMessage(task.id, 'task_complete', 100, P.task_complete, {
          details: { trackId, title: trackTitle },
          rawData: { finalTrackData: { id: trackId } },
        }),
      ).catch(() => {});
      return { trackId };
    } catch (err) {
      if (err instanceof TaskStopped) throw err;
      if (stored) await dropFiles();
      const permanent = err instanceof PermanentTaskError;
      const message = permanent ? err.message : failureMessage(err, during);
      // Only a final failure is an error to the watchers; a passing one is tried again after the backoff.
      if (permanent || task.attempts >= task.maxAttempts) {
        await publishProgress(db, progressMessage(task.id, 'error', progress, message)).catch(() => {});
      }
      throw permanent ? err : new Error(message, { cause: err });
    }
  },
});

const factCheckResult = (c: { status: 'verified' | 'issues_found'; confidence: number; summary: string; issues: string[] }) => ({
  status: c.status,
  confidence: c.confidence,
  summary: c.summary,
  issues: c.issues,
});
