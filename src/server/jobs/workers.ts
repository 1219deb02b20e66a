import type { Database } from '../db/client';
import { readingDictionary } from '../features/readings/service';
import { mailDomainOf } from '../features/support/mail';
import { renderDialogueInWorker } from '../providers/audio/render-process';
import { createJapaneseEngine } from '../providers/japanese/helper';
import type { JapaneseEngine } from '../providers/japanese/types';
import { createLlm, type LlmSettings } from '../providers/llm/index';
import type { LlmProvider } from '../providers/llm/types';
import { createMailer, type MailSettings } from '../providers/mail/index';
import type { Payments } from '../providers/payments/index';
import type { StorageProvider } from '../providers/storage/types';
import type { TtsSettings } from '../providers/tts/index';
import { handlerOf, isScheduled, type JobDeps, priorityOf } from './define';
import { type JobHandler, startWorker, type WorkerOptions } from './queue';
import { ALL_JOBS } from './registry';
import { enqueueSlot } from './schedule';

/**
 * The workers of every job in the registry (jobs/registry.ts), scheduled ones included. The app process
 * runs them by default (the embedded database is one process's); `npm run worker` runs them in
 * processes of their own against PostgreSQL, as many as wanted. Answers the stop function.
 */
export async function startJobWorkers(
  database: Database,
  storage: StorageProvider,
  opts: WorkerOptions & {
    render?: JobDeps['render'];
    tts?: TtsSettings;
    /** Where the render keeps spoken lines for the next render of a changed script (issue 37.4); none when absent. */
    lineCache?: string;
    /** The script writer of the operators' generation (LLM_PROVIDER); offline by default. Tests may give a provider. */
    llm?: LlmSettings | LlmProvider;
    /** The Japanese engine the process shares (main.ts: the app's); a worker without one makes its own, closed when it stops. */
    japanese?: JapaneseEngine;
    log?: (err: unknown) => void;
    /** Premium payments (resuming a pause bills again); null when payments are off. */
    payments?: Payments | null;
    /** The clock of premium periods (tests control it). */
    now?: () => Date;
    /** false: this worker runs no scheduled job (tests run the sweeps by hand). */
    schedules?: boolean;
    /** Contact mail (SMTP_URL and CONTACT_TO): without it, contact messages are not sent and stay pending. */
    mail?: MailSettings;
    /** The SMTP deadline of each step (tests shorten it). */
    mailTimeoutMs?: number;
    /** How often the worker checks that each scheduled job has its next run queued (tests shorten it). */
    scheduleCheckMs?: number;
  } = {},
) {
  const db = database.db;
  const japanese = opts.japanese ?? createJapaneseEngine();
  const deps: JobDeps = {
    db,
    storage,
    // Every voice speaks with the operator's reading dictionary as it is when the task runs.
    render:
      opts.render ??
      (async (script, speakingRate) =>
        renderDialogueInWorker(script, { speakingRate, tts: opts.tts, readings: await readingDictionary(db), lineCache: opts.lineCache })),
    japanese,
    llm: !opts.llm ? createLlm({ provider: 'offline' }) : 'name' in opts.llm ? opts.llm : createLlm(opts.llm),
    mailer: opts.mail ? createMailer(opts.mail, { timeoutMs: opts.mailTimeoutMs }) : null,
    mailHost: opts.mail ? mailDomainOf(opts.mail.from) : 'mugen.invalid',
    payments: opts.payments ?? null,
    now: opts.now ?? (() => new Date()),
  };
  const jobs = ALL_JOBS.filter((job) => (job.runsWith?.(deps) ?? true) && (opts.schedules !== false || !isScheduled(job)));
  const handlers: Record<string, JobHandler> = {};
  for (const job of jobs) {
    const run = handlerOf(job, deps);
    // A scheduled job's run queues the next one when it ends, whatever its outcome.
    handlers[job.kind] = isScheduled(job)
      ? async (ctx) => {
          try {
            return await run(ctx);
          } finally {
            await enqueueSlot(db, job).catch((err) => opts.log?.(err));
          }
        }
      : run;
  }
  const scheduled = jobs.filter(isScheduled);
  const queueNextRuns = async () => {
    for (const job of scheduled) await enqueueSlot(db, job).catch((err) => opts.log?.(err));
  };
  await queueNextRuns();
  // Queued at start and after each run, and checked again every minute: a run that never ran (cancelled
  // by hand while queued) or never ended (failed for good by the claim, its worker lost on every attempt)
  // does not stop its job's chain until a worker restarts (decision 0035, Later).
  const upkeep = scheduled.length ? { everyMs: opts.scheduleCheckMs ?? 60_000, run: queueNextRuns } : undefined;
  const background = jobs.filter((job) => priorityOf(job) === 'background').map((job) => job.kind);
  const stopWorker = await startWorker(database, handlers, { ...opts, background, upkeep, onError: (err) => opts.log?.(err) });
  return async () => {
    await stopWorker();
    deps.mailer?.close();
    if (!opts.japanese) await japanese.close();
  };
}
