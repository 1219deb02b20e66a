import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../db/schema';
import { publishTrackJob } from '../features/creation/publish';
import { createTestApp, sessionCookie, type TestApp } from '../test/app';
import { testJapanese } from '../test/japanese';
import { type JobDefinition, UNREADABLE_PAYLOAD } from './define';
import { JOB_KINDS, type JobKind } from './kinds';
import { cancel, claim, enqueueJob, LEASE_LOST_MESSAGE } from './queue';
import { JOBS, SCHEDULED_JOBS } from './registry';
import { enqueueSlot, slotOf } from './schedule';
import { startJobWorkers } from './workers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const runsOf = (kind: JobKind) => t.db.select().from(tasks).where(eq(tasks.kind, kind)).orderBy(tasks.runAfter);

// A registry that leaves a kind out does not compile (the type-level half of the registry's check).
// @ts-expect-error 'contact-mail' and the others are missing
const _partial = { 'publish-track': publishTrackJob } satisfies { [K in JobKind]: JobDefinition<K> };

describe('jobs defined once (#26.2)', () => {
  it('#26.2 the registry defines every JobKind, each under its own kind, and nothing else', () => {
    expect(Object.keys(JOBS).sort()).toEqual([...JOB_KINDS].sort());
    for (const [kind, job] of Object.entries(JOBS)) expect(job.kind).toBe(kind);
    expect(SCHEDULED_JOBS.map((j) => [j.kind, j.schedule.everyMs])).toEqual([
      ['sweep-previews', 300_000],
      ['premium-sweep', 300_000],
      ['contact-mail-requeue', 300_000],
    ]);
  });

  it('#26.2 enqueueJob checks the payload against the job and stores its version', async () => {
    await expect(enqueueJob(t.db, JOBS['regenerate-audio'], { trackId: -1 })).rejects.toThrow();
    const id = await enqueueJob(t.db, JOBS['regenerate-audio'], { trackId: 999_999 });
    expect(await row(id)).toMatchObject({ kind: 'regenerate-audio', payload: { trackId: 999_999 }, payloadVersion: 1, maxAttempts: 3 });
    await t.db.delete(tasks).where(eq(tasks.id, id));
  });

  it('#26.2 a bad payload, or one of another version, fails for good on its first attempt, before the handler', async () => {
    const [bad] = await t.db
      .insert(tasks)
      .values({ kind: 'regenerate-audio', payload: { nonsense: true }, maxAttempts: 3 })
      .returning();
    // A readable payload of version 2: the handler would have failed with 'the track is gone'.
    const [newer] = await t.db
      .insert(tasks)
      .values({ kind: 'regenerate-audio', payload: { trackId: 999_999 }, payloadVersion: 2, maxAttempts: 3 })
      .returning();
    const [generation] = await t.db
      .insert(tasks)
      .values({ kind: 'admin-generate', payload: { themeId: null }, maxAttempts: 3 })
      .returning();
    const stop = await startJobWorkers(t.database, t.storage, {
      japanese: testJapanese(),
      pollMs: 20,
      schedules: false,
    });
    await expect
      .poll(async () => [(await row(bad.id)).status, (await row(newer.id)).status, (await row(generation.id)).status], { timeout: 10_000 })
      .toEqual(['failed', 'failed', 'failed']);
    await stop();
    expect(await row(bad.id)).toMatchObject({ attempts: 1, errorMessage: UNREADABLE_PAYLOAD });
    expect(await row(newer.id)).toMatchObject({ attempts: 1, errorMessage: UNREADABLE_PAYLOAD });
    // The console's job says it in Japanese (its `unreadable`).
    expect(await row(generation.id)).toMatchObject({ attempts: 1, errorMessage: JOBS['admin-generate'].unreadable });
  });

  it('#26.2 a scheduled job runs once per slot across two workers, and the next slot is queued', async () => {
    const stops = await Promise.all(
      [0, 1].map(() =>
        startJobWorkers(t.database, t.storage, {
          japanese: testJapanese(),
          pollMs: 20,
        }),
      ),
    );
    await expect
      .poll(async () => (await runsOf('sweep-previews')).map((r) => r.status), { timeout: 10_000 })
      .toEqual(['completed', 'queued']);
    await expect
      .poll(async () => (await runsOf('premium-sweep')).map((r) => r.status), { timeout: 10_000 })
      .toEqual(['completed', 'queued']);
    await Promise.all(stops.map((stop) => stop()));
    const [done, next] = await runsOf('sweep-previews');
    expect(done).toMatchObject({ attempts: 1, payload: { slot: done.runAfter.toISOString() }, result: { deleted: 0 } });
    expect(slotOf(done.runAfter, 300_000)).toEqual(done.runAfter);
    expect(next.runAfter.getTime() - done.runAfter.getTime()).toBe(300_000);
    // No worker here can send mail: its sweep is left to one that can.
    expect(await runsOf('contact-mail-requeue')).toEqual([]);
    // Another worker, or the same slot asked again: nothing more is queued.
    expect(await enqueueSlot(t.db, SCHEDULED_JOBS[0], done.runAfter)).toBeNull();
    expect(await runsOf('sweep-previews')).toHaveLength(2);
    expect(await claim(t.db, 'late', ['sweep-previews'], 60_000)).toBeNull();
  });

  it('#26.2 the console lists the scheduled jobs with their last and next run (admins only)', async () => {
    const admin = await sessionCookie(t.db, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/scheduled-jobs', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const [done, next] = await runsOf('sweep-previews');
    const { jobs } = res.json() as { jobs: { kind: string; everyMs: number; last: unknown; nextAt: string | null }[] };
    expect(jobs.map((j) => j.kind)).toEqual(['sweep-previews', 'premium-sweep', 'contact-mail-requeue']);
    expect(jobs[0]).toEqual({
      kind: 'sweep-previews',
      everyMs: 300_000,
      last: { at: done.updatedAt.toISOString(), status: 'completed' },
      nextAt: next.runAfter.toISOString(),
    });
    expect(jobs[2]).toEqual({ kind: 'contact-mail-requeue', everyMs: 300_000, last: null, nextAt: null });
    const member = await sessionCookie(t.db, {});
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/scheduled-jobs', headers: { cookie: member } })).statusCode).toBe(401);
  });

  it('#26.2 a queued run cancelled by hand, or failed for good by the claim, is followed by the next slot at the workers’ check', async () => {
    const stop = await startJobWorkers(t.database, t.storage, {
      japanese: testJapanese(),
      pollMs: 20,
      scheduleCheckMs: 50,
    });
    const [done, next] = await runsOf('sweep-previews');
    expect(next.status).toBe('queued');
    // The console's cancel route is its generation's only (404); the queue's cancel, the one it calls, ends the run.
    const admin = await sessionCookie(t.db, { isAdmin: true });
    const route = await t.app.inject({ method: 'POST', url: `/api/admin/tasks/${next.id}/cancel`, headers: { cookie: admin } });
    expect(route.statusCode).toBe(404);
    expect(await cancel(t.db, next.id)).toBe(true);
    const slotAfter = (run: { runAfter: Date }, n = 1) => new Date(run.runAfter.getTime() + n * 300_000).toISOString();
    await expect
      .poll(async () => (await runsOf('sweep-previews')).map((r) => [r.status, r.payload]), { timeout: 10_000 })
      .toEqual([
        ['completed', { slot: done.runAfter.toISOString() }],
        ['cancelled', { slot: slotAfter(done) }],
        ['queued', { slot: slotAfter(done, 2) }],
      ]);
    // A run whose worker was lost on every attempt is failed by the claim, where no run's end queues the next.
    const [, , third] = await runsOf('sweep-previews');
    await t.db.update(tasks).set({ status: 'failed', errorMessage: LEASE_LOST_MESSAGE }).where(eq(tasks.id, third.id));
    await expect
      .poll(async () => (await runsOf('sweep-previews')).map((r) => r.status), { timeout: 10_000 })
      .toEqual(['completed', 'cancelled', 'failed', 'queued']);
    await stop();
    const fourth = (await runsOf('sweep-previews'))[3];
    expect(fourth).toMatchObject({ payload: { slot: slotAfter(done, 3) }, runAfter: new Date(slotAfter(done, 3)) });
  });
});
