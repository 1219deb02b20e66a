import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tasks } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { priorityOf } from './define';
import { backoffMs, cancel, claim, complete, enqueueJob, fail, LEASE_LOST_MESSAGE, PermanentTaskError, report, startWorker } from './queue';
import { JOBS } from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A job of the queue's own tests: any kind, any payload. */
const job = (kind: string) => ({ kind, version: 1, payload: z.unknown() });

const row = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];

describe('the task queue', () => {
  it('claims a task once, reports under its lease, completes it', async () => {
    const id = await enqueueJob(t.db, job('q-basic'), { n: 1 });
    const a = await claim(t.db, 'A', ['q-basic'], 60_000);
    expect(a?.id).toBe(id);
    expect(a?.attempts).toBe(1);
    expect(await claim(t.db, 'B', ['q-basic'], 60_000)).toBeNull();
    expect(await report(t.db, id, 'A', 'audio_generation', 40, 60_000)).toBe(true);
    expect(await report(t.db, id, 'B', 'audio_generation', 50, 60_000)).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'processing', stage: 'audio_generation', progress: 40, lockedBy: 'A' });
    expect(await complete(t.db, id, 'A', { ok: true })).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'completed', progress: 100, result: { ok: true } });
  });

  it('takes a task over when its worker stopped reporting (the lease expired)', async () => {
    const id = await enqueueJob(t.db, job('q-lease'), {});
    expect((await claim(t.db, 'dead', ['q-lease'], 1))?.id).toBe(id);
    await expect.poll(async () => (await claim(t.db, 'alive', ['q-lease'], 60_000))?.id ?? null).toBe(id);
    expect(await report(t.db, id, 'dead', 'x', 10, 60_000)).toBe(false);
    expect(await row(id)).toMatchObject({ lockedBy: 'alive', attempts: 2 });
  });

  it('retries with backoff, then fails for good; a permanent error fails at once', async () => {
    expect([1, 2, 3, 20].map(backoffMs)).toEqual([2000, 4000, 8000, 300_000]);
    const id = await enqueueJob(t.db, job('q-retry'), {}, { maxAttempts: 2 });
    const first = await claim(t.db, 'A', ['q-retry'], 60_000);
    await fail(t.db, first!, 'A', 'boom');
    const queued = await row(id);
    expect(queued).toMatchObject({ status: 'queued', errorMessage: 'boom' });
    expect(queued.runAfter.getTime()).toBeGreaterThan(Date.now() + 1000);
    expect(await claim(t.db, 'A', ['q-retry'], 60_000)).toBeNull(); // not due yet
    await t.db
      .update(tasks)
      .set({ runAfter: new Date(0) })
      .where(eq(tasks.id, id));
    const second = await claim(t.db, 'A', ['q-retry'], 60_000);
    await fail(t.db, second!, 'A', 'boom again');
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('cancels: a running task stops at its next report', async () => {
    const id = await enqueueJob(t.db, job('q-cancel'), {});
    await claim(t.db, 'A', ['q-cancel'], 60_000);
    expect(await cancel(t.db, id)).toBe(true);
    expect(await report(t.db, id, 'A', 'x', 50, 60_000)).toBe(false);
    expect(await complete(t.db, id, 'A', {})).toBe(false);
    expect((await row(id)).status).toBe('cancelled');
  });

  it('two workers, one dying mid-task: every task is done exactly once', async () => {
    const done = new Map<number, number>();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueJob(t.db, job('q-pair'), { i }));
    // A worker that claims the first task and dies without a word (its lease lapses).
    const orphan = await claim(t.db, 'died', ['q-pair'], 200);
    expect(orphan?.id).toBe(ids[0]);
    const handler = async (ctx: { task: { id: number }; report: (s: string, p: number) => Promise<void> }) => {
      await ctx.report('working', 50);
      done.set(ctx.task.id, (done.get(ctx.task.id) ?? 0) + 1);
      return { id: ctx.task.id };
    };
    const stops = await Promise.all(
      ['w1', 'w2'].map((workerId) => startWorker(t.database, { 'q-pair': handler }, { workerId, pollMs: 50, leaseMs: 5_000 })),
    );
    await expect
      .poll(async () => (await t.db.select().from(tasks).where(eq(tasks.kind, 'q-pair'))).every((r) => r.status === 'completed'), {
        timeout: 20_000,
      })
      .toBe(true);
    await Promise.all(stops.map((stop) => stop()));
    expect([...done.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...done.values()].every((n) => n === 1)).toBe(true);
  });

  it('#15 a long job renews its lease while it runs: a second worker never takes it over', async () => {
    const id = await enqueueJob(t.db, job('q-long'), {});
    let runs = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Several leases long, without a single report (a slow voice service answering at last).
    const slow = async () => {
      runs += 1;
      await answered;
      return { ok: true };
    };
    const first = await startWorker(t.database, { 'q-long': slow }, { workerId: 'slow-1', pollMs: 20, leaseMs: 1000 });
    await expect.poll(async () => (await row(id)).status).toBe('processing');
    const second = await startWorker(t.database, { 'q-long': slow }, { workerId: 'slow-2', pollMs: 20, leaseMs: 1000 });
    // The handler answers once its renewed lease ends two leases after the first one did: the first lease
    // is then a lease past its end, when one that was not renewed would have passed to the second worker.
    const firstEnd = (await row(id)).leaseUntil?.getTime() ?? 0;
    await expect
      .poll(async () => ((await row(id)).leaseUntil?.getTime() ?? 0) - firstEnd, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2000);
    answer();
    await expect.poll(async () => (await row(id)).status, { timeout: 20_000 }).toBe('completed');
    await Promise.all([first(), second()]);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'completed', attempts: 1, lockedBy: 'slow-1' });
  });

  it('#15 a task that takes its worker down every time fails for good once its attempts are spent', async () => {
    const id = await enqueueJob(t.db, job('q-crash'), {}, { maxAttempts: 2 });
    expect((await claim(t.db, 'crash-1', ['q-crash'], 1))?.attempts).toBe(1);
    await expect.poll(async () => (await claim(t.db, 'crash-2', ['q-crash'], 1))?.attempts ?? null).toBe(2);
    // The second worker died too (its lease lapsed); the next one must not take it a third time.
    await expect.poll(async () => ((await row(id)).leaseUntil?.getTime() ?? 0) < Date.now()).toBe(true);
    expect(await claim(t.db, 'crash-3', ['q-crash'], 60_000)).toBeNull();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, errorMessage: LEASE_LOST_MESSAGE, leaseUntil: null });
    expect(await claim(t.db, 'crash-4', ['q-crash'], 60_000)).toBeNull();
  });

  it('a handler that throws PermanentTaskError fails without retry', async () => {
    const id = await enqueueJob(t.db, job('q-perm'), {});
    const stop = await startWorker(
      t.database,
      { 'q-perm': async () => Promise.reject(new PermanentTaskError('bad payload')) },
      { pollMs: 50 },
    );
    await expect.poll(async () => (await row(id)).status).toBe('failed');
    await stop();
    expect(await row(id)).toMatchObject({ attempts: 1, errorMessage: 'bad payload' });
  });
});

describe('#36.7 work nobody waits for yields to work someone waits for', () => {
  it('#36.7 a worker claims a waited task queued after a pile of background ones first, then the background ones in order', async () => {
    const segues = [];
    for (let i = 0; i < 3; i++) segues.push(await enqueueJob(t.db, job('q-segue'), { n: i }));
    const publish = await enqueueJob(t.db, job('q-publish'), { n: 0 });
    const kinds = ['q-segue', 'q-publish'];
    const claimed = [];
    for (let i = 0; i < 4; i++) claimed.push((await claim(t.db, 'W', kinds, 60_000, { background: ['q-segue'] }))?.id);
    expect(claimed).toEqual([publish, ...segues]);
    expect(await claim(t.db, 'W', kinds, 60_000, { background: ['q-segue'] })).toBeNull();
  });

  it('#36.7 the segues are background, publishing, contact mail and the operator’s work are waited for', () => {
    expect(priorityOf(JOBS['make-segue'])).toBe('background');
    expect(priorityOf(JOBS['sweep-previews'])).toBe('background');
    expect(priorityOf(JOBS['publish-track'])).toBe('waited');
    expect(priorityOf(JOBS['contact-mail'])).toBe('waited');
    expect(priorityOf(JOBS['admin-generate'])).toBe('waited');
  });
});
