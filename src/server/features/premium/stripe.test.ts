import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { createTestApp } from '../../test/app';
import { cancellingAnswer, pausedAnswer, secs, member as signedIn, stripeSuite } from '../../test/premium-kit';
import { STAND_IN_KEYS } from '../../test/stripe-stand-in';
import { addMonths, PAUSE_DAYS } from './rule';

// Issue 17 against a local stand-in of the Stripe API (the official SDK pointed at it), with a
// controlled clock: premium only for payments Stripe confirms; webhooks signed, deduplicated,
// allow-listed and re-read from Stripe.
// The webhook's own tests are in stripe-webhook.test.ts.
const kit = stripeSuite();
const { clock, call, member, status, subscription, userRow, notificationTypes, sweep, runResumeTasks, intent, subscribed, deliver } = kit;

describe('purchase with Stripe (C-7.2-02, C-7.2-03)', () => {
  it('C-7.2-02 creates the customer and a monthly subscription once, and answers its first payment’s client secret', async () => {
    const m = await member();
    const before = kit.stand.calls.length;
    const first = await intent(m);
    expect(first).toMatchObject({ mode: 'stripe', publishableKey: STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY });
    expect(first.clientSecret).toMatch(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/);
    const made = kit.stand.calls.slice(before);
    expect(made.filter((c) => c.method === 'POST' && c.path === '/v1/customers')).toHaveLength(1);
    expect(made[0].params).toEqual({ email: m.email, name: 'テスト 太郎', metadata: { userId: m.id } });
    expect(made[0].idempotencyKey).toBe(`mugen-customer-${m.id}`);
    const create = made.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions');
    expect(create?.params).toEqual({
      customer: [...kit.stand.customers.values()].find((c) => c.metadata.userId === m.id)?.id,
      items: [{ price: STAND_IN_KEYS.STRIPE_PRICE_ID }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: m.id },
    });
    expect(create?.idempotencyKey).toBe(`mugen-subscription-${m.id}-0`);

    // Again before paying: the same unpaid subscription and client secret, nothing new at Stripe.
    const again = await intent(m);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(kit.stand.calls.slice(before).filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(kit.stand.subscriptions.size).toBeGreaterThanOrEqual(1);
  });

  it('#17 refuses a forged upgrade with 402 and changes nothing: no payment, an unpaid one, a made-up one, another member’s', async () => {
    const m = await member('偽装');
    const nobody = await call(m, 'POST', '/api/user/upgrade-premium', {});
    expect(nobody.statusCode).toBe(402);
    expect(nobody.json().message).toBe(PREMIUM_API_MESSAGES.paymentNotConfirmed);
    const mine = await intent(m);
    const before = await userRow(m.id);
    const other = await subscribed('他人の支払い');
    const forged = [
      {}, // the latest payment of my subscription: unpaid
      { paymentIntentId: mine.paymentIntentId }, // mine, unpaid
      { paymentIntentId: 'pi_madeup123' }, // Stripe does not know it
      { paymentIntentId: kit.stand.paymentIntentOf(kit.stand.subscriptions.get(other.subscriptionId)?.latest_invoice as string) }, // paid, but someone else's
    ];
    for (const body of forged) {
      const res = await call(m, 'POST', '/api/user/upgrade-premium', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(402);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.paymentNotConfirmed);
    }
    const after = await userRow(m.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ isPremium: false, premiumEndDate: null, totalPremiumMonths: 0 });
    expect(await status(m)).toEqual({ isPremium: false, endDate: null, daysRemaining: 0 });
  });

  it('C-7.2-03 grants premium to the paid period’s end for a payment Stripe confirms; a repeat adds no month', async () => {
    const m = await member('購入者');
    const { paymentIntentId } = await intent(m);
    kit.stand.succeed(paymentIntentId);
    const res = await call(m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
    expect(res.statusCode).toBe(200);
    const end = secs(addMonths(clock.now(), 1));
    expect(new Date(res.json().premiumEndDate).getTime()).toBe(end);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(end).toISOString() });
    const repeat = await call(m, 'POST', '/api/user/upgrade-premium', {});
    expect(repeat.statusCode).toBe(200);
    expect(new Date(repeat.json().premiumEndDate).getTime()).toBe(end);
    expect((await userRow(m.id)).totalPremiumMonths).toBe(1);
    expect(await subscription(m)).toEqual({
      status: 'active',
      isPremium: true,
      currentPeriodEnd: new Date(end).toISOString(),
      pausedUntil: null,
      pauseUsed: false,
    });
    // A live subscription is not bought twice.
    const twice = await call(m, 'POST', '/api/create-payment-intent', { email: m.email, name: '購入者' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PREMIUM_API_MESSAGES.alreadySubscribed);
  });

  it('#17 has no demo checkout when Stripe is configured (404)', async () => {
    const m = await member();
    const res = await call(m, 'POST', '/api/demo-checkout/confirm', { clientSecret: 'pi_x_secret_y' });
    expect(res.statusCode).toBe(404);
  });

  it('#17 allows Stripe.js, its frames and its API in the CSP when Stripe is configured', async () => {
    const csp = (await kit.t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
  });
});

describe('pause and cancel with Stripe (C-4-24, C-4-25)', () => {
  it('#24.9 C-4-25 pauses once from the paid period’s end: premium until then, a free period (trial_end = period end + 90 days, no proration), a notice 3 days before, then billing and premium resume', async () => {
    const m = await subscribed('一時停止');
    clock.set(new Date(m.end.getTime() - 20 * DAY_MS));
    const res = await call(m, 'POST', '/api/premium/pause');
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(m.end.getTime() + PAUSE_DAYS * DAY_MS);
    expect(res.json()).toEqual(pausedAnswer(m.end));
    const update = kit.stand.calls.at(-1);
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${m.subscriptionId}`,
      params: { trial_end: String(Math.floor(until.getTime() / 1000)), proration_behavior: 'none' },
    });
    // The paid days are kept.
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: m.end.toISOString(), daysRemaining: 20 });
    // The paid period ends: the pause begins.
    clock.set(new Date(m.end.getTime() + 1000));
    expect(await status(m)).toMatchObject({ isPremium: false, daysRemaining: 0 });
    expect((await call(m, 'GET', '/api/premium/subscription')).json()).toEqual({ ...res.json(), isPremium: false });

    // Stripe's own event of the change (a free period) grants nothing.
    expect(
      (await deliver(kit.stand.event('customer.subscription.updated', kit.stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect((await status(m)).isPremium).toBe(false);

    // Once per lifetime.
    const again = await call(m, 'POST', '/api/premium/pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PREMIUM_API_MESSAGES.pauseUsed);

    // 3 days before the end: one notice.
    clock.set(new Date(until.getTime() - 3 * DAY_MS - 1000));
    await sweep();
    expect(await notificationTypes(m.id)).toEqual([]);
    clock.advance(1 / 24);
    await sweep();
    await sweep();
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_resume_soon', bundleCount: 1 }]);
    expect((await status(m)).isPremium).toBe(false);

    // Day 90: Stripe ends the free period and charges about an hour later; the scheduled task resumes premium.
    clock.set(new Date(until.getTime() + 60_000));
    kit.stand.endTrial(m.subscriptionId);
    clock.advance(1 / 24);
    kit.stand.chargeAfterTrial(m.subscriptionId, 'paid');
    expect((await sweep()).resumesQueued).toBe(1);
    const ran = await runResumeTasks();
    expect(ran.filter((task) => task.userId === m.id).map((task) => task.status)).toEqual(['completed']);
    const resumedEnd = secs(addMonths(until, 1));
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(resumedEnd).toISOString() });
    expect(await subscription(m)).toMatchObject({ status: 'active', isPremium: true, pausedUntil: null, pauseUsed: true });
    expect((await call(m, 'POST', '/api/premium/pause')).statusCode).toBe(409);
  });

  it('C-4-24 cancel keeps premium until the period end (Stripe cancel_at_period_end), then premium ends', async () => {
    const m = await subscribed('解約');
    clock.set(new Date(m.end.getTime() - 5 * DAY_MS));
    const res = await call(m, 'POST', '/api/premium/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(cancellingAnswer(m.end));
    expect(kit.stand.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${m.subscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect((await call(m, 'POST', '/api/premium/cancel')).json().status).toBe('cancelling');
    // A cancelling subscription is not paused.
    expect((await call(m, 'POST', '/api/premium/pause')).statusCode).toBe(409);
    clock.set(new Date(m.end.getTime() - 1000));
    expect((await status(m)).isPremium).toBe(true);

    // The period ends: Stripe cancels instead of renewing.
    clock.set(new Date(m.end.getTime() + 1000));
    expect(kit.stand.renew(m.subscriptionId, 'paid')).toBeNull();
    expect(
      (await deliver(kit.stand.event('customer.subscription.deleted', kit.stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
    expect((await subscription(m)).status).toBe('none');
    const after = await call(m, 'POST', '/api/premium/cancel');
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(PREMIUM_API_MESSAGES.noSubscription);
  });
});

describe('Stripe out of reach', () => {
  it('#17 answers 503 with the Japanese message and changes nothing', async () => {
    const down = await createTestApp({ ...kit.stand.env, STRIPE_API_BASE: 'http://127.0.0.1:9' }, {}, { now: clock.now });
    try {
      const m = await signedIn(down);
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: m.cookie },
        payload: { email: m.email, name: '接続不可' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.providerUnavailable);
    } finally {
      await down.close();
    }
  });
});
