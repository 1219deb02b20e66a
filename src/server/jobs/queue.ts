import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Db, notifyChannel, rowsOf } from '../db/client';
import { tasks } from '../db/schema';

/** Workers hear of new tasks here (NOTIFY after an insert); they also poll, so nothing waits forever. */
export const TASKS_CHANNEL = 'mugen_tasks';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** What enqueueJob needs of a job: its kind, and its payload's schema and version (a JobDefinition, jobs/define.ts). */
export interface QueuedJob<S extends z.ZodType> {
  kind: string;
  version: number;
  payload: S;
  maxAttempts?: number;
}

/**
 * Adds a task of a job; workers are woken at once. The payload is checked against the job's schema
 * here (a producer's mistake throws) and stored with the job's version.
 */
export async function enqueueJob<S extends z.ZodType>(
  db: Db,
  job: QueuedJob<S>,
  payload: z.input<S>,
  opts: { userId?: string | null; maxAttempts?: number; runAfter?: Date } = {},
): Promise<number> {
  const [row] = await db
    .insert(tasks)
    .values({
      kind: job.kind,
      payload: job.payload.parse(payload),
      payloadVersion: job.version,
      userId: opts.userId ?? null,
      maxAttempts: opts.maxAttempts ?? job.maxAttempts ?? 5,
      ...(opts.runAfter ? { runAfter: opts.runAfter } : {}),
    })
    .returning({ id: tasks.id });
  await notifyChannel(db, TASKS_CHANNEL, job.kind).catch(() => {});
  return row.id;
}

/** What a task that always took its worker down is left with, once its attempts are spent. */
export const LEASE_LOST_MESSAGE = 'worker stopped before finishing (lease expired) on every attempt';

/**
 * Claims the oldest runnable task of the given kinds: queued and due, or processing under a lease that
 * expired (its worker died) with attempts left; a task of a `background` kind only when no other is
 * runnable (issue 36.7: 38 segues queued by programmes must not hold a member's publishing). One
 * statement with FOR UPDATE SKIP LOCKED, so two workers never claim the same task. A task whose lease
 * expired with no attempt left (one that takes its worker down every time) is failed for good first,
 * instead of being claimed forever.
 */
export async function claim(
  db: Db,
  workerId: string,
  kinds: string[],
  leaseMs: number,
  opts: { background?: readonly string[] } = {},
): Promise<TaskRow | null> {
  if (kinds.length === 0) return null;
  const listOf = (ks: readonly string[]) =>
    sql.join(
      ks.map((k) => sql`${k}`),
      sql`, `,
    );
  const kindList = listOf(kinds);
  const background = opts.background?.filter((k) => kinds.includes(k)) ?? [];
  const order = background.length ? sql`(kind in (${listOf(background)})), id` : sql`id`;
  await db.execute(sql`
    update ${tasks} set status = 'failed', error_message = ${LEASE_LOST_MESSAGE}, lease_until = null, updated_at = now()
    where kind in (${kindList}) and status = 'processing' and lease_until < now() and attempts >= max_attempts`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update ${tasks} set status = 'processing', attempts = attempts + 1, locked_by = ${workerId},
        lease_until = now() + (${leaseMs}::int * interval '1 millisecond'), updated_at = now()
      where id = (
        select id from ${tasks}
        where kind in (${kindList})
          and ((status = 'queued' and run_after <= now())
            or (status = 'processing' and lease_until < now() and attempts < max_attempts))
        order by ${order}
        for update skip locked
        limit 1)
      returning id`),
  );
  if (!rows.length) return null;
  const [task] = await db
    .select()
    .from(tasks)
    .where(eq(tasks.id, Number(rows[0].id)));
  return task ?? null;
}

/**
 * Extends the lease of a task this worker still holds (the heartbeat of a running job). Answers false
 * when it is no longer this worker's (cancelled, or taken over).
 */
export async function renewLease(db: Db, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ leaseUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'processing')))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/**
 * Writes a task's stage and progress and extends its lease. Answers false when the task is no longer
 * this worker's to run (cancelled, or taken over after the lease lapsed): the worker stops there.
 */
export async function report(db: Db, id: number, workerId: string, stage: string, progress: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      stage,
      progress: Math.max(0, Math.min(100, Math.round(progress))),
      leaseUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')`,
      updatedAt: new Date(),
    })
    .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'processing')))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Marks a task done with its result (only if this worker still holds it). */
export async function complete(db: Db, id: number, workerId: string, result: unknown): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ status: 'completed', stage: 'completed', progress: 100, result, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'processing')))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Exponential backoff between attempts: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const backoffMs = (attempt: number) => Math.min(300_000, 1000 * 2 ** Math.max(1, attempt));

/** A failed attempt: queued again after a backoff while attempts remain, else failed for good. */
export async function fail(db: Db, task: TaskRow, workerId: string, message: string, opts: { retry?: boolean } = {}): Promise<void> {
  const final = opts.retry === false || task.attempts >= task.maxAttempts;
  await db
    .update(tasks)
    .set(
      final
        ? { status: 'failed', errorMessage: message, leaseUntil: null, updatedAt: new Date() }
        : {
            status: 'queued',
            errorMessage: message,
            leaseUntil: null,
            runAfter: sql`now() + (${backoffMs(task.attempts)}::int * interval '1 millisecond')`,
            updatedAt: new Date(),
          },
    )
    .where(and(eq(tasks.id, task.id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'processing')));
}

/** Cancels a queued or running task; a running one stops at its next report. */
export async function cancel(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ status: 'cancelled', leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), sql`${tasks.status} in ('queued', 'processing')`))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** What a job's handler can do while it runs. */
export interface JobContext {
  task: TaskRow;
  /** Writes stage and progress; throws TaskStopped when the task was cancelled or taken over. */
  report(stage: string, progress: number): Promise<void>;
  /** Aborted when the task is no longer this worker's (cancelled, or taken over): stop early. */
  signal: AbortSignal;
}

export class TaskStopped extends Error {}
/** A failure that retrying cannot fix (bad input, a missing preview): the task fails at once. */
export class PermanentTaskError extends Error {}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;

export interface WorkerOptions {
  /**
   * Milliseconds a claim lasts before another worker may take the task. A running job renews it every
   * third of that (the heartbeat), so only a worker that died or hangs its event loop loses its task.
   */
  leaseMs?: number;
  /** How often an idle worker looks for due tasks (retries come due without a NOTIFY). */
  pollMs?: number;
  /** Kinds nobody waits for: claimed only when no task of another kind is due (jobs/define.ts priorityOf). */
  background?: readonly string[];
  workerId?: string;
  onError?: (err: unknown, task: TaskRow) => void;
  /**
   * Upkeep the loop runs between tasks, at most once per `everyMs` (the first after that long): the
   * schedules' check (jobs/workers.ts). Periodic work rides this one loop, never a timer of its own.
   */
  upkeep?: { everyMs: number; run: () => Promise<unknown> };
}

/**
 * Runs tasks of the handlers' kinds, one at a time, until stopped: woken by NOTIFY, or by its poll.
 * Answers the stop function, which waits for the task in hand to end.
 */
export async function startWorker(database: Database, handlers: Record<string, JobHandler>, opts: WorkerOptions = {}) {
  const db = database.db;
  const leaseMs = opts.leaseMs ?? 60_000;
  const workerId = opts.workerId ?? `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  const kinds = Object.keys(handlers);
  let stopped = false;
  let wake: (() => void) | null = null;
  let running: Promise<void> = Promise.resolve();

  const unlisten = await database.listen(TASKS_CHANNEL, () => wake?.());
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const runOne = async (task: TaskRow) => {
    const lost = new AbortController();
    const ctx: JobContext = {
      task,
      signal: lost.signal,
      report: async (stage, progress) => {
        if (lost.signal.aborted || !(await report(db, task.id, workerId, stage, progress, leaseMs))) throw new TaskStopped();
      },
    };
    // The heartbeat: a long job (a slow voice service) keeps its lease while it runs.
    const heartbeat = setInterval(
      () => {
        renewLease(db, task.id, workerId, leaseMs).then(
          (held) => {
            if (!held) lost.abort();
          },
          () => {},
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const result = await handlers[task.kind](ctx);
      clearInterval(heartbeat);
      await complete(db, task.id, workerId, result ?? null);
    } catch (err) {
      clearInterval(heartbeat);
      if (err instanceof TaskStopped) return;
      opts.onError?.(err, task);
      await fail(db, task, workerId, err instanceof Error ? err.message : String(err), { retry: !(err instanceof PermanentTaskError) });
    }
  };

  let upkeptAt = Date.now();
  const loop = async () => {
    while (!stopped) {
      if (opts.upkeep && Date.now() - upkeptAt >= opts.upkeep.everyMs) {
        upkeptAt = Date.now();
        await opts.upkeep.run().catch(() => {});
      }
      let task: TaskRow | null = null;
      try {
        task = await claim(db, workerId, kinds, leaseMs, { background: opts.background });
      } catch {
        task = null;
      }
      if (task) {
        await runOne(task);
        continue;
      }
      await sleep(opts.pollMs ?? 2000);
    }
  };
  running = loop();

  return async () => {
    stopped = true;
    wake?.();
    await running;
    await unlisten();
  };
}
