import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '../../shared/constants';
import { type Db, inTransaction, rowsOf } from '../db/client';
import { tasks } from '../db/schema';
import type { ScheduledJob } from './define';
import type { JobKind } from './kinds';
import { enqueueJob, type TaskStatus } from './queue';

/** The slot a moment falls in: slots are aligned to the epoch, so every worker counts the same ones. */
export const slotOf = (at: Date, everyMs: number) => new Date(Math.floor(at.getTime() / everyMs) * everyMs);

/** How long the runs of a scheduled job stay on the queue once over (the console shows the last one). */
const RUNS_KEPT_MS = DAY_MS;

/**
 * Queues the next run of a scheduled job, unless one is queued already: for the slot `at` falls in, or,
 * when that slot has its run already (running, over or cancelled), for the first slot after it without
 * one (due at its start). A run is a task like any other, claimed under the queue's lease, so it happens
 * once however many workers there are: the slot is its key (the payload's `slot`), and workers queue one
 * at a time (an advisory lock per kind in the transaction). Every worker queues at start, after each run
 * and at its schedule check (jobs/workers.ts), so the next run is always on the queue. Answers the task's
 * id, or null when a run was queued already or another worker was queueing.
 */
export async function enqueueSlot(db: Db, job: ScheduledJob, at = new Date()): Promise<number | null> {
  const every = job.schedule.everyMs;
  return inTransaction(db, async (tx) => {
    const locked = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`mugen:schedule:${job.kind}`})) as ok`),
    );
    if (!locked[0]?.ok) return null;
    await tx
      .delete(tasks)
      .where(
        and(
          eq(tasks.kind, job.kind),
          inArray(tasks.status, ['completed', 'failed', 'cancelled']),
          lt(tasks.runAfter, new Date(at.getTime() - RUNS_KEPT_MS)),
        ),
      );
    const taken = async (slot: Date) =>
      rowsOf(await tx.execute(sql`select 1 from ${tasks} where kind = ${job.kind} and payload->>'slot' = ${slot.toISOString()} limit 1`))
        .length > 0;
    const queued = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.kind, job.kind), eq(tasks.status, 'queued')))
      .limit(1);
    if (queued.length) return null;
    let slot = slotOf(at, every);
    while (await taken(slot)) slot = new Date(slot.getTime() + every);
    return enqueueJob(tx, job, { slot: slot.toISOString() }, { runAfter: slot });
  });
}

export interface ScheduledRun {
  at: string;
  status: TaskStatus;
}

/** The console's view of a scheduled job: how often it runs, its last run (started or over) and its next one. */
export interface ScheduleState {
  kind: JobKind;
  everyMs: number;
  last: ScheduledRun | null;
  nextAt: string | null;
}

/** The state of each scheduled job, from its runs on the queue. */
export async function scheduleStates(db: Db, jobs: ScheduledJob[]): Promise<ScheduleState[]> {
  const states: ScheduleState[] = [];
  for (const job of jobs) {
    const runs = await db
      .select({ status: tasks.status, runAfter: tasks.runAfter, updatedAt: tasks.updatedAt })
      .from(tasks)
      .where(eq(tasks.kind, job.kind))
      .orderBy(desc(tasks.runAfter), desc(tasks.id))
      .limit(5);
    const next = runs.filter((r) => r.status === 'queued').at(-1);
    const last = runs.find((r) => r.status !== 'queued');
    states.push({
      kind: job.kind,
      everyMs: job.schedule.everyMs,
      last: last ? { at: last.updatedAt.toISOString(), status: last.status as TaskStatus } : null,
      nextAt: next ? next.runAfter.toISOString() : null,
    });
  }
  return states;
}
