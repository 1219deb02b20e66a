import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { DAY_MS } from '../../shared/constants';
import { notifications, premiumSubscriptions, tasks, users } from '../db/schema';
import { demoIntents } from '../features/premium/demo-intents';
import { PAUSE_DAYS } from '../features/premium/rule';
import { premiumSweep } from '../features/premium/schedule';
import { startJobWorkers } from '../jobs/workers';
import { createPayments } from '../providers/payments/index';
import { createTestApp, insertUser, sessionCookie, type TestApp } from './app';
import { testJapanese } from './japanese';
import { startStripeStandIn } from './stripe-stand-in';
import type { StripeStandIn } from './stripe-stand-in-objects';

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
  return premiumSweep({ db: t.db, payments: createPayments(t.config, demoIntents(t.db), now), now });
}

/** Runs the queued premium-resume tasks with the real task workers until none is left to run. */
export async function runResumeTasks(t: TestApp, now: () => Date) {
  const stop = await startJobWorkers(t.database, t.storage, {
    japanese: testJapanese(),
    payments: createPayments(t.config, demoIntents(t.db), now),
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

/** A time as Stripe keeps it: whole seconds, in milliseconds. */
export const secs = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;

/** The answer of a pause (C-4-25): paused, premium to the paid period's end, free until PAUSE_DAYS after it. */
export function pausedAnswer(end: Date) {
  return {
    status: 'paused',
    isPremium: true,
    currentPeriodEnd: end.toISOString(),
    pausedUntil: new Date(end.getTime() + PAUSE_DAYS * DAY_MS).toISOString(),
    pauseUsed: true,
  };
}
/** The answer of a cancel (C-4-24): premium to the paid period's end, then nothing renews. */
export function cancellingAnswer(end: Date) {
  return { status: 'cancelling', isPremium: true, currentPeriodEnd: end.toISOString(), pausedUntil: null, pauseUsed: false };
}

/**
 * The set-up every premium flow test file shares: a controlled clock, a test app on it (opened before the
 * file's tests, closed after them, with the settings `start` gives) and the member's calls bound to it.
 */
export function premiumSuite(
  start: (now: () => Date) => Promise<{ env: Record<string, string>; close?: () => Promise<void> }> = async () => ({ env: {} }),
) {
  const clock = controlledClock();
  let app: TestApp | undefined;
  let stop: (() => Promise<void>) | undefined;
  const t = () => {
    if (!app) throw new Error('premiumSuite: the app opens in beforeAll');
    return app;
  };
  beforeAll(async () => {
    const started = await start(clock.now);
    stop = started.close;
    app = await createTestApp(started.env, {}, { now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await stop?.();
  });
  return {
    clock,
    get t() {
      return t();
    },
    member: (name?: string) => member(t(), name),
    call: (m: Member | null, method: 'GET' | 'POST', url: string, payload?: object) => call(t(), m, method, url, payload),
    status: async (m: Member) => (await call(t(), m, 'GET', '/api/auth/premium-status')).json(),
    subscription: async (m: Member) => (await call(t(), m, 'GET', '/api/premium/subscription')).json(),
    userRow: (id: string) => userRow(t(), id),
    notificationTypes: (userId: string) => notificationTypes(t(), userId),
    sweep: () => sweep(t(), clock.now),
    runResumeTasks: () => runResumeTasks(t(), clock.now),
  };
}

/** premiumSuite against the local stand-in of the Stripe API, with the purchase steps the Stripe tests share. */
export function stripeSuite() {
  let standIn: StripeStandIn | undefined;
  const kit = premiumSuite(async (now) => {
    standIn = await startStripeStandIn(now);
    return { env: standIn.env, close: () => (standIn as StripeStandIn).close() };
  });
  const stand = () => {
    if (!standIn) throw new Error('stripeSuite: the stand-in starts in beforeAll');
    return standIn;
  };

  async function intent(m: Member) {
    const res = await kit.call(m, 'POST', '/api/create-payment-intent', { email: m.email, name: 'テスト 太郎' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ...body, paymentIntentId: body.clientSecret.split('_secret_')[0] as string };
  }

  async function subscriptionIdOf(m: Member) {
    const [row] = await kit.t.db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, m.id));
    return row.subscriptionId as string;
  }

  /** A member who bought premium: intent, card payment on Stripe's side, upgrade. */
  async function subscribed(name: string) {
    const m = await kit.member(name);
    const { paymentIntentId } = await intent(m);
    stand().succeed(paymentIntentId);
    const res = await kit.call(m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
    expect(res.statusCode, res.body).toBe(200);
    return { ...m, subscriptionId: await subscriptionIdOf(m), end: new Date(res.json().premiumEndDate) };
  }

  /** Stripe's delivery of an event: the raw JSON, signed, no Origin, no session. */
  function deliver(event: object, opts: { signature?: string; timestamp?: number; secret?: string; body?: string } = {}) {
    const payload = opts.body ?? JSON.stringify(event);
    return kit.t.rawInject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': opts.signature ?? stand().sign(payload, { timestamp: opts.timestamp, secret: opts.secret }),
      },
      payload,
    });
  }

  const { clock, member, call, status, subscription, userRow, notificationTypes, sweep, runResumeTasks } = kit;
  return {
    clock,
    get t() {
      return kit.t;
    },
    member,
    call,
    status,
    subscription,
    userRow,
    notificationTypes,
    sweep,
    runResumeTasks,
    get stand() {
      return stand();
    },
    intent,
    subscriptionIdOf,
    subscribed,
    deliver,
  };
}
