import { and, eq, inArray } from 'drizzle-orm';
import { notifications, tasks, users } from '../db/schema';
import { premiumSweep } from '../features/premium/schedule';
import { startJobWorkers } from '../jobs/workers';
import { createPayments } from '../providers/payments/index';
import { insertUser, sessionCookie, type TestApp } from './app';

export const DAY_MS = 86_400_000;

/** The controlled clock of premium periods: starts now, moves only when told. */
export function controlledClock(start = new Date()) {
  let at = new Date(start.getTime());
  return {
    now: () => new Date(at.getTime()),
    advance(days: number) {
      at = new Date(at.getTime() + days * DAY_MS);
    },
    set(d: Date) {
      at = new Date(d.getTime());
    },
  };
}

/** A signed-in member. */
export async function member(t: TestApp, name = 'プレミアム希望') {
  const user = await insertUser(t.db, { name });
  return { id: user.id, email: user.email as string, cookie: await sessionCookie(t.db, { userId: user.id }) };
}

export type Member = Awaited<ReturnType<typeof member>>;

/** A member's call as their browser page makes it. */
export function call(t: TestApp, m: Member | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: m ? { cookie: m.cookie } : {}, ...(payload ? { payload } : {}) });
}

export async function userRow(t: TestApp, id: string) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function notificationTypes(t: TestApp, userId: string) {
  const rows = await t.db
    .select({ type: notifications.type, bundleCount: notifications.bundleCount })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows;
}

/** The scheduler's premium sweep, as the task workers run it, on the controlled clock. */
export function sweep(t: TestApp, now: () => Date) {
  return premiumSweep({ db: t.db, payments: createPayments(t.config, t.db, now), now });
}

/** Runs the queued premium-resume tasks with the real task workers until none is left to run. */
export async function runResumeTasks(t: TestApp, now: () => Date) {
  const stop = await startJobWorkers(t.database, t.storage, {
    payments: createPayments(t.config, t.db, now),
    now,
    pollMs: 20,
    schedules: false,
  });
  try {
    for (let i = 0; i < 500; i++) {
      const open = await t.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.kind, 'premium-resume'), inArray(tasks.status, ['queued', 'processing'])));
      if (!open.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await stop();
  }
  return t.db.select().from(tasks).where(eq(tasks.kind, 'premium-resume'));
}
