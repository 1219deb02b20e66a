import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { demoPaymentIntents, tasks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { cancellingAnswer, type Member, pausedAnswer, premiumSuite, userRow as rowOf, member as signedIn } from '../../test/premium-kit';
import { addMonths, PAUSE_DAYS } from './rule';

// Issue 17 without Stripe: the offline demo checkout completes the same flow (never in production),
// and upgrade-premium verifies its payment as it would a Stripe one. Controlled clock throughout.
const kit = premiumSuite();
const { clock, call, member, status, subscription, userRow, notificationTypes, sweep, runResumeTasks } = kit;

async function intent(m: Member) {
  const res = await call(m, 'POST', '/api/create-payment-intent', { email: m.email, name: 'デモ 花子' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { clientSecret: string; mode: string; publishableKey: string | null };
}

/** The member's paid demo intents (one per month charged). */
async function paidIntents(m: Member) {
  const rows = await kit.t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.userId, m.id));
  return rows.filter((r) => r.status === 'succeeded').length;
}

/** A member who bought premium with the demo checkout. */
async function bought(name: string) {
  const m = await member(name);
  const { clientSecret } = await intent(m);
  const confirmed = (await call(m, 'POST', '/api/demo-checkout/confirm', { clientSecret })).json();
  const res = await call(m, 'POST', '/api/user/upgrade-premium', { paymentIntentId: confirmed.paymentIntentId });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, end: new Date(res.json().premiumEndDate) };
}

describe('the demo checkout (no Stripe, never in production)', () => {
  it('C-2.2-11 completes the flow offline: a client secret of Stripe’s shape, the test form’s confirmation, then upgrade-premium', async () => {
    const m = await member('購入者');
    const started = await intent(m);
    expect(started.mode).toBe('demo');
    expect(started.publishableKey).toBeNull();
    expect(started.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const paymentIntentId = started.clientSecret.split('_secret_')[0];
    // Only the SHA-256 of the secret is kept.
    const [row] = await kit.t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId));
    expect(row).toMatchObject({ userId: m.id, amount: 550, status: 'requires_payment_method' });
    expect(row.secretHash).not.toContain(started.clientSecret.split('_secret_')[1]);

    // Not paid yet: 402, nothing changes.
    const early = await call(m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe(PREMIUM_API_MESSAGES.paymentNotConfirmed);
    expect(await status(m)).toEqual({ isPremium: false, endDate: null, daysRemaining: 0 });

    const confirm = await call(m, 'POST', '/api/demo-checkout/confirm', { clientSecret: started.clientSecret });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ paymentIntentId, status: 'succeeded' });

    const res = await call(m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
    expect(res.statusCode).toBe(200);
    const end = addMonths(clock.now(), 1);
    expect(res.json()).toEqual({ premiumEndDate: end.toISOString() });
    const days = Math.ceil((end.getTime() - clock.now().getTime()) / DAY_MS);
    expect(await status(m)).toEqual({ isPremium: true, endDate: end.toISOString(), daysRemaining: days });
    expect((await call(m, 'GET', '/api/posting-status')).json()).toMatchObject({ isPremium: true, dailyLimit: 10 });

    // Idempotent: a repeat (with or without the id) adds no month.
    for (const body of [{ paymentIntentId }, {}]) {
      const again = await call(m, 'POST', '/api/user/upgrade-premium', body);
      expect(again.json()).toEqual({ premiumEndDate: end.toISOString() });
    }
    expect((await userRow(m.id)).totalPremiumMonths).toBe(1);
    expect(await subscription(m)).toEqual({
      status: 'active',
      isPremium: true,
      currentPeriodEnd: end.toISOString(),
      pausedUntil: null,
      pauseUsed: false,
    });
  });

  it('#17 lets only the intent’s owner confirm it, refuses a wrong secret, and a forged upgrade changes nothing', async () => {
    const owner = await member('持ち主');
    const thief = await member('他人');
    const { clientSecret } = await intent(owner);
    const paymentIntentId = clientSecret.split('_secret_')[0];
    for (const [who, secret] of [
      [thief, clientSecret],
      [owner, `${paymentIntentId}_secret_wrong0000`],
      [owner, 'pi_madeup_secret_x'],
      [owner, 'not a secret'],
    ] as const) {
      const res = await call(who, 'POST', '/api/demo-checkout/confirm', { clientSecret: secret });
      expect(res.statusCode, secret).toBe(404);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.demoPaymentNotFound);
    }
    const [row] = await kit.t.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId));
    expect(row.status).toBe('requires_payment_method');

    // The owner pays; the thief still cannot use that payment, with or without a subscription of their own.
    await call(owner, 'POST', '/api/demo-checkout/confirm', { clientSecret });
    const before = await userRow(thief.id);
    expect((await call(thief, 'POST', '/api/user/upgrade-premium', { paymentIntentId })).statusCode).toBe(402);
    await intent(thief);
    expect((await call(thief, 'POST', '/api/user/upgrade-premium', { paymentIntentId })).statusCode).toBe(402);
    expect((await call(thief, 'POST', '/api/user/upgrade-premium', {})).statusCode).toBe(402);
    expect(await userRow(thief.id)).toEqual(before);
    expect((await status(thief)).isPremium).toBe(false);
  });

  it('#17 renews offline at the period end (the demo’s own billing): one more month, charged once', async () => {
    const m = await bought('更新');
    clock.set(new Date(m.end.getTime() + 1000));
    expect((await status(m)).isPremium).toBe(false);
    const report = await sweep();
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    await sweep();
    const next = addMonths(m.end, 1);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: next.toISOString() });
    expect((await userRow(m.id)).totalPremiumMonths).toBe(2);
    expect(await paidIntents(m)).toBe(2);
  });

  it('#24.9 C-4-25 pauses once for 90 days from the paid period’s end: premium until then, none and no charge for 90 days, a notice 3 days before, then the renewal is charged offline and premium resumes', async () => {
    const m = await bought('一時停止');
    clock.set(new Date(m.end.getTime() - 10 * DAY_MS));
    const res = await call(m, 'POST', '/api/premium/pause');
    expect(res.statusCode).toBe(200);
    const until = new Date(m.end.getTime() + PAUSE_DAYS * DAY_MS);
    expect(res.json()).toEqual(pausedAnswer(m.end));
    expect((await call(m, 'GET', '/api/premium/subscription')).json()).toEqual(res.json());
    // The paid days are kept: premium to the period end.
    expect(await status(m)).toEqual({ isPremium: true, endDate: m.end.toISOString(), daysRemaining: 10 });
    clock.set(new Date(m.end.getTime() - 1000));
    expect((await status(m)).isPremium).toBe(true);
    // The period ends: the pause begins, no premium.
    clock.set(new Date(m.end.getTime() + 1000));
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
    expect((await call(m, 'GET', '/api/premium/subscription')).json()).toEqual({ ...res.json(), isPremium: false });
    // No demo renewal while paused, at any sweep.
    clock.set(new Date(m.end.getTime() + DAY_MS));
    await sweep();
    expect(await paidIntents(m)).toBe(1);
    expect((await status(m)).isPremium).toBe(false);
    const again = await call(m, 'POST', '/api/premium/pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PREMIUM_API_MESSAGES.pauseUsed);

    clock.set(new Date(until.getTime() - 3 * DAY_MS + 1000));
    await sweep();
    await sweep();
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_resume_soon', bundleCount: 1 }]);

    clock.set(new Date(until.getTime() + 1000));
    expect((await sweep()).resumesQueued).toBe(1);
    expect((await sweep()).resumesQueued).toBe(0);
    await runResumeTasks();
    const resumed = addMonths(until, 1);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: resumed.toISOString() });
    expect(await subscription(m)).toEqual({
      status: 'active',
      isPremium: true,
      currentPeriodEnd: resumed.toISOString(),
      pausedUntil: null,
      pauseUsed: true,
    });
    expect((await userRow(m.id)).totalPremiumMonths).toBe(2);
    expect((await call(m, 'POST', '/api/premium/pause')).statusCode).toBe(409);
  });

  it('#17 pauses only a live subscription of a premium member', async () => {
    const free = await member('無料');
    const res = await call(free, 'POST', '/api/premium/pause');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PREMIUM_API_MESSAGES.pauseNeedsActive);
    expect((await userRow(free.id)).premiumPauseUsedAt).toBeNull();
  });

  it('C-4-24 cancel keeps premium until the period end, renews nothing, then premium ends', async () => {
    const m = await bought('解約');
    clock.set(new Date(m.end.getTime() - 2 * DAY_MS));
    const res = await call(m, 'POST', '/api/premium/cancel');
    expect(res.json()).toEqual(cancellingAnswer(m.end));
    clock.set(new Date(m.end.getTime() - 1000));
    expect((await status(m)).isPremium).toBe(true);
    clock.set(new Date(m.end.getTime() + 1000));
    const report = await sweep();
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
    expect(await subscription(m)).toMatchObject({ status: 'none', isPremium: false, currentPeriodEnd: null });
    expect((await userRow(m.id)).totalPremiumMonths).toBe(1);
    const none = await call(m, 'POST', '/api/premium/cancel');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PREMIUM_API_MESSAGES.noSubscription);
    // Buying again is possible once it ended.
    expect((await intent(m)).mode).toBe('demo');
  });

  it('#17 cancelling during the pause ends the subscription with the pause: nothing is charged, premium does not come back', async () => {
    const m = await bought('停止中に解約');
    await call(m, 'POST', '/api/premium/pause');
    const res = await call(m, 'POST', '/api/premium/cancel');
    // Premium still runs to the paid period's end; the subscription ends there.
    expect(res.json()).toMatchObject({ status: 'cancelling', isPremium: true, currentPeriodEnd: m.end.toISOString(), pausedUntil: null });
    clock.set(new Date(m.end.getTime() + (PAUSE_DAYS + 1) * DAY_MS));
    await sweep();
    expect(await kit.t.db.select().from(tasks).where(eq(tasks.userId, m.id))).toEqual([]);
    expect(await paidIntents(m)).toBe(1);
    expect((await status(m)).isPremium).toBe(false);
    expect((await subscription(m)).status).toBe('none');
    expect((await userRow(m.id)).totalPremiumMonths).toBe(1);
  });

  it('#17 marks every premium member route with the session requirement (401 for visitors) and leaves the webhook open', async () => {
    const doc = (await kit.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const guarded = (path: string) => Array.isArray(doc.paths[path]?.post?.security ?? doc.paths[path]?.get?.security);
    for (const path of [
      '/api/auth/premium-status',
      '/api/create-payment-intent',
      '/api/user/upgrade-premium',
      '/api/demo-checkout/confirm',
      '/api/premium/subscription',
      '/api/premium/pause',
      '/api/premium/cancel',
    ]) {
      expect(guarded(path), path).toBe(true);
      const method = path.endsWith('subscription') || path.endsWith('status') ? 'GET' : 'POST';
      const res = await call(null, method, path, method === 'POST' ? {} : undefined);
      expect(res.statusCode, path).toBe(401);
    }
    expect(doc.paths['/api/stripe/webhook'].post.security).toBeUndefined();
    // Without Stripe the webhook has nothing to verify against.
    expect((await kit.t.rawInject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode).toBe(404);
  });

  it('#17 keeps Stripe out of the CSP when Stripe is not configured', async () => {
    const csp = (await kit.t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'] as string;
    expect(csp).not.toContain('stripe.com');
    expect(csp).not.toContain('frame-src');
  });
});

describe('production without Stripe', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp' });
  });
  afterAll(() => prod.close());

  it('#17 has no demo checkout (404) and answers payment calls 503 with the Japanese message', async () => {
    const m = await signedIn(prod, '本番');
    const headers = { cookie: m.cookie };
    const confirm = await prod.app.inject({
      method: 'POST',
      url: '/api/demo-checkout/confirm',
      headers,
      payload: { clientSecret: 'pi_a_secret_b' },
    });
    expect(confirm.statusCode).toBe(404);
    for (const [url, payload] of [
      ['/api/create-payment-intent', { email: m.email, name: '本番' }],
      ['/api/user/upgrade-premium', {}],
      ['/api/premium/pause', undefined],
      ['/api/premium/cancel', undefined],
    ] as const) {
      const res = await prod.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.paymentsUnavailable);
    }
    const view = await prod.app.inject({ method: 'GET', url: '/api/premium/subscription', headers });
    expect(view.json()).toEqual({ status: 'none', isPremium: false, currentPeriodEnd: null, pausedUntil: null, pauseUsed: false });
    expect((await rowOf(prod, m.id)).isPremium).toBe(false);
  });
});
