import { z } from 'zod';
import type { Db } from '../db/client';
import type { RenderedDialogue } from '../providers/audio/render';
import type { JapaneseEngine } from '../providers/japanese/types';
import type { LlmProvider } from '../providers/llm/types';
import type { Mailer } from '../providers/mail/index';
import type { Payments } from '../providers/payments/index';
import type { StorageProvider } from '../providers/storage/types';
import type { JobKind } from './kinds';
import { type JobContext, type JobHandler, PermanentTaskError } from './queue';

/** What every job's handler is given besides its payload: the database and the outside services, built once per worker. */
export interface JobDeps {
  db: Db;
  storage: StorageProvider;
  /** Speaks a script: the two hosts, 64 and 128 kbit/s, line timings (with today's reading dictionary). */
  render: (script: string, speakingRate: number) => Promise<RenderedDialogue>;
  llm: LlmProvider;
  /** The Japanese engine (the offline writer, claims, readings), shared with the app in one process. */
  japanese: JapaneseEngine;
  /** Contact mail's SMTP (null: not set up, contact mail is left to a worker that has it). */
  mailer: Mailer | null;
  /** The right side of a sent mail's Message-ID. */
  mailHost: string;
  /** Premium payments (null when payments are off). */
  payments: Payments | null;
  /** The clock of premium periods (tests control it). */
  now: () => Date;
}

/** The payload of a scheduled job's run: the slot (its due time) it runs for, one run per kind and slot. */
export const SCHEDULE_SLOT = z.object({ slot: z.iso.datetime() });
export type ScheduleSlot = z.infer<typeof SCHEDULE_SLOT>;

export interface JobDefinition<K extends JobKind = JobKind, S extends z.ZodType = z.ZodType> {
  kind: K;
  /** The payload's version: a task written with another one fails at once (PermanentTaskError). */
  version: number;
  /** The payload's schema: checked when the task is queued and again when it runs. */
  payload: S;
  /** Attempts before the task fails for good (the queue's default when absent). */
  maxAttempts?: number;
  /** The failure a task whose payload cannot be read is left with (the console shows it). */
  unreadable?: string;
  /** A scheduled job: one run every `everyMs`, at aligned slots, whatever the number of workers. */
  schedule?: { everyMs: number };
  /** A worker without what the job needs (contact mail without SMTP) leaves its tasks to another. */
  runsWith?: (deps: JobDeps) => boolean;
  /**
   * `background`: nobody waits for it (a programme's segues, a scheduled sweep), so a worker takes it only
   * when no task someone waits for (a member's publishing, contact mail) is due (issue 36.7). Scheduled
   * jobs are background unless they say otherwise; every other job is `waited`.
   */
  priority?: JobPriority;
  /** The work, given the payload as read (a method, so a job of any payload stands in the registry). */
  handler(payload: z.infer<S>, ctx: JobContext, deps: JobDeps): Promise<unknown>;
}

/**
 * Defines a job once: its kind, payload schema and version, and handler. The runner (handlerOf) reads
 * and checks the payload before the handler sees it; producers queue it with enqueueJob(db, job, payload).
 */
export function defineJob<K extends JobKind, S extends z.ZodType>(
  kind: K,
  def: Omit<JobDefinition<K, S>, 'kind' | 'schedule'> & { schedule?: z.infer<S> extends ScheduleSlot ? { everyMs: number } : never },
): JobDefinition<K, S> {
  return { kind, ...def } as JobDefinition<K, S>;
}

/**
 * Defines a scheduled job (periodic work): one run every `everyMs`, each a task of its slot, queued by
 * jobs/schedule.ts; `run` is the work (a slot says nothing more to it).
 */
export function defineScheduledJob<K extends JobKind>(
  kind: K,
  def: { everyMs: number; run: (deps: JobDeps) => Promise<unknown> } & Pick<JobDefinition, 'runsWith' | 'priority'>,
): JobDefinition<K, typeof SCHEDULE_SLOT> {
  const { everyMs, run, ...rest } = def;
  return defineJob(kind, { version: 1, payload: SCHEDULE_SLOT, schedule: { everyMs }, ...rest, handler: (_slot, _ctx, deps) => run(deps) });
}

/** Whether someone waits for a job's tasks (they are claimed first) or nobody does. */
export type JobPriority = 'waited' | 'background';

/** A job's priority, its own or by default (scheduled: background; any other: waited). */
export const priorityOf = (job: Pick<JobDefinition, 'priority' | 'schedule'>): JobPriority =>
  job.priority ?? (job.schedule ? 'background' : 'waited');

/** A job with a schedule: its runs are queued by jobs/schedule.ts. */
export type ScheduledJob = JobDefinition & { schedule: { everyMs: number } };

export const isScheduled = (job: JobDefinition): job is ScheduledJob => job.schedule !== undefined;

/** The message of a payload that cannot be read, or was written with another version. */
export const UNREADABLE_PAYLOAD = 'unreadable payload';

/**
 * A job as the queue runs it: the payload's version and schema checked once here (a task that fails
 * either fails for good, without a retry), then the handler with the parsed payload.
 */
export function handlerOf<K extends JobKind, S extends z.ZodType>(job: JobDefinition<K, S>, deps: JobDeps): JobHandler {
  return async (ctx) => {
    const read = readPayload(job, ctx.task);
    if (!read.ok) throw new PermanentTaskError(job.unreadable ?? UNREADABLE_PAYLOAD);
    return job.handler(read.payload, ctx, deps);
  };
}

/** A task's payload as its job reads it: of the job's version and valid by its schema, or not readable. */
export function readPayload<S extends z.ZodType>(
  job: Pick<JobDefinition<JobKind, S>, 'version' | 'payload'>,
  task: { payload: unknown; payloadVersion: number },
): { ok: true; payload: z.infer<S> } | { ok: false } {
  if (task.payloadVersion !== job.version) return { ok: false };
  const parsed = job.payload.safeParse(task.payload);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false };
}
