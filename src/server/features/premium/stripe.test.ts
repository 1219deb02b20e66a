import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { premiumSubscriptions } from '../../db/schema';
import { STRIPE_API_VERSION } from '../../providers/payments/stripe';
import { createTestApp, type TestApp } from '../../test/app';
import {
  call,
  controlledClock,
  DAY_MS,
  type Member,
  member,
  notificationTypes,
  runResumeTasks,
  sweep,
  userRow,
} from '../../test/premium-kit';
import { CURRENT_ENDPOINT_API_VERSION, STAND_IN_KEYS, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { addMonths, PAUSE_DAYS } from './rule';

// Issue 17 against a local stand-in of the Stripe API (the official SDK pointed at it), with a
// controlled clock: premium only for payments Stripe confirms; webhooks signed, deduplicated,
// allow-listed and re-read from Stripe.
const clock = controlledClock();
let stand: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stand = await startStripeStandIn(clock.now);
  t = await createTestApp(stand.env, {}, { now: clock.now });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const secs = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;

async function intent(m: Member) {
  const res = await call(t, m, 'POST', '/api/create-payment-intent', { email: m.email, name: 'テスト 太郎' });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ...body, paymentIntentId: body.clientSecret.split('_secret_')[0] as string };
}

async function subscriptionIdOf(m: Member) {
  const [row] = await t.db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, m.id));
  return row.subscriptionId as string;
}

/** A member who bought premium: intent, card payment on Stripe's side, upgrade. */
async function subscribed(name: string) {
  const m = await member(t, name);
  const { paymentIntentId } = await intent(m);
  stand.succeed(paymentIntentId);
  const res = await call(t, m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, subscriptionId: await subscriptionIdOf(m), end: new Date(res.json().premiumEndDate) };
}

/** Stripe's delivery of an event: the raw JSON, signed, no Origin, no session. */
function deliver(event: object, opts: { signature?: string; timestamp?: number; secret?: string; body?: string } = {}) {
  const payload = opts.body ?? JSON.stringify(event);
  return t.rawInject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': opts.signature ?? stand.sign(payload, { timestamp: opts.timestamp, secret: opts.secret }),
    },
    payload,
  });
}

const status = async (m: Member) => (await call(t, m, 'GET', '/api/auth/premium-status')).json();
const subscription = async (m: Member) => (await call(t, m, 'GET', '/api/premium/subscription')).json();

describe('purchase with Stripe (C-7.2-02, C-7.2-03)', () => {
  it('C-7.2-02 creates the customer and a monthly subscription once, and answers its first payment’s client secret', async () => {
    const m = await member(t);
    const before = stand.calls.length;
    const first = await intent(m);
    expect(first).toMatchObject({ mode: 'stripe', publishableKey: STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY });
    expect(first.clientSecret).toMatch(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/);
    const made = stand.calls.slice(before);
    expect(made.filter((c) => c.method === 'POST' && c.path === '/v1/customers')).toHaveLength(1);
    expect(made[0].params).toEqual({ email: m.email, name: 'テスト 太郎', metadata: { userId: m.id } });
    expect(made[0].idempotencyKey).toBe(`mugen-customer-${m.id}`);
    const create = made.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions');
    expect(create?.params).toEqual({
      customer: [...stand.customers.values()].find((c) => c.metadata.userId === m.id)?.id,
      items: [{ price: STAND_IN_KEYS.STRIPE_PRICE_ID }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.payment_intent'],
      metadata: { userId: m.id },
    });
    expect(create?.idempotencyKey).toBe(`mugen-subscription-${m.id}-0`);

    // Again before paying: the same unpaid subscription and client secret, nothing new at Stripe.
    const again = await intent(m);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(stand.calls.slice(before).filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(stand.subscriptions.size).toBeGreaterThanOrEqual(1);
  });

  it('#17 refuses a forged upgrade with 402 and changes nothing: no payment, an unpaid one, a made-up one, another member’s', async () => {
    const m = await member(t, '偽装');
    const nobody = await call(t, m, 'POST', '/api/user/upgrade-premium', {});
    expect(nobody.statusCode).toBe(402);
    expect(nobody.json().message).toBe(PREMIUM_API_MESSAGES.paymentNotConfirmed);
    const mine = await intent(m);
    const before = await userRow(t, m.id);
    const other = await subscribed('他人の支払い');
    const forged = [
      {}, // the latest payment of my subscription: unpaid
      { paymentIntentId: mine.paymentIntentId }, // mine, unpaid
      { paymentIntentId: 'pi_madeup123' }, // Stripe does not know it
      { paymentIntentId: stand.invoices.get(stand.subscriptions.get(other.subscriptionId)?.latest_invoice as string)?.payment_intent }, // paid, but someone else's
    ];
    for (const body of forged) {
      const res = await call(t, m, 'POST', '/api/user/upgrade-premium', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(402);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.paymentNotConfirmed);
    }
    const after = await userRow(t, m.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ isPremium: false, premiumEndDate: null, totalPremiumMonths: 0 });
    expect(await status(m)).toEqual({ isPremium: false, endDate: null, daysRemaining: 0 });
  });

  it('C-7.2-03 grants premium to the paid period’s end for a payment Stripe confirms; a repeat adds no month', async () => {
    const m = await member(t, '購入者');
    const { paymentIntentId } = await intent(m);
    stand.succeed(paymentIntentId);
    const res = await call(t, m, 'POST', '/api/user/upgrade-premium', { paymentIntentId });
    expect(res.statusCode).toBe(200);
    const end = secs(addMonths(clock.now(), 1));
    expect(new Date(res.json().premiumEndDate).getTime()).toBe(end);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(end).toISOString() });
    const repeat = await call(t, m, 'POST', '/api/user/upgrade-premium', {});
    expect(repeat.statusCode).toBe(200);
    expect(new Date(repeat.json().premiumEndDate).getTime()).toBe(end);
    expect((await userRow(t, m.id)).totalPremiumMonths).toBe(1);
    expect(await subscription(m)).toEqual({
      status: 'active',
      isPremium: true,
      currentPeriodEnd: new Date(end).toISOString(),
      pausedUntil: null,
      pauseUsed: false,
    });
    // A live subscription is not bought twice.
    const twice = await call(t, m, 'POST', '/api/create-payment-intent', { email: m.email, name: '購入者' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PREMIUM_API_MESSAGES.alreadySubscribed);
  });

  it('#17 has no demo checkout when Stripe is configured (404)', async () => {
    const m = await member(t);
    const res = await call(t, m, 'POST', '/api/demo-checkout/confirm', { clientSecret: 'pi_x_secret_y' });
    expect(res.statusCode).toBe(404);
  });

  it('#17 allows Stripe.js, its frames and its API in the CSP when Stripe is configured', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
  });
});

describe('the Stripe webhook', () => {
  it('#17 refuses a bad signature with 400 and changes nothing: wrong secret, tampered body, missing, 301 s old', async () => {
    const m = await subscribed('署名');
    const before = await userRow(t, m.id);
    const sub = stand.subscriptions.get(m.subscriptionId) as object;
    const event = stand.event('customer.subscription.deleted', { ...sub, status: 'canceled' });
    const payload = JSON.stringify(event);
    const cases = [
      deliver(event, { secret: 'whsec_forged' }),
      deliver(event, { body: payload.replace('"canceled"', '"active"'), signature: stand.sign(payload) }),
      t.rawInject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload }),
      deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.webhookSignature);
    }
    expect(await userRow(t, m.id)).toEqual(before);
  });

  it('#17 is exempt from the Origin check and the member guard only: Stripe’s signed call passes without either', async () => {
    const event = stand.event('charge.refunded', { id: 'ch_1', object: 'charge' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    // Every other write still needs this site's Origin.
    const m = await member(t);
    const noOrigin = await t.rawInject({ method: 'POST', url: '/api/premium/cancel', headers: { cookie: m.cookie } });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('#17 renewal: invoice.paid extends premium to the new period’s end as Stripe holds it, not as the event says', async () => {
    const m = await subscribed('更新');
    clock.set(m.end);
    const invoice = stand.renew(m.subscriptionId, 'paid');
    if (!invoice) throw new Error('renewed');
    const newEnd = secs(addMonths(m.end, 1));
    // The event's own copy claims ten years; the re-read from Stripe decides.
    const claimed = JSON.parse(JSON.stringify(invoice));
    claimed.lines.data[0].period.end += 10 * 365 * 86_400;
    const res = await deliver(stand.event('invoice.paid', claimed));
    expect(res.statusCode).toBe(200);
    const u = await userRow(t, m.id);
    expect(u.premiumEndDate?.getTime()).toBe(newEnd);
    expect(u.totalPremiumMonths).toBe(2);
    clock.advance(1);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(newEnd).toISOString() });
  });

  it('#17 ignores a replayed event (the same id, even re-signed later) and an older one arriving after a newer one', async () => {
    const m = await subscribed('再送');
    clock.set(m.end);
    const invoice = stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    const failed = stand.event('invoice.payment_failed', invoice);
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
    // Replays: the same delivery, and the same event signed again (Stripe's retry).
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed, { timestamp: Math.floor(Date.now() / 1000) + 5 })).statusCode).toBe(200);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);

    // Stripe's retry pays the invoice; its event is applied. Then an older failure event (created
    // before it, delivered late) arrives: nothing happens.
    stand.succeed(invoice.payment_intent as string);
    const stale = stand.event('invoice.payment_failed', invoice, new Date(clock.now().getTime() - 60_000));
    clock.advance(0.01);
    expect((await deliver(stand.event('invoice.paid', stand.invoices.get(invoice.id) as object))).statusCode).toBe(200);
    const before = await userRow(t, m.id);
    expect(before.premiumEndDate?.getTime()).toBe(secs(addMonths(m.end, 1)));
    expect((await deliver(stale)).statusCode).toBe(200);
    expect(await userRow(t, m.id)).toEqual(before);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
  });

  it('#17 a failed renewal notifies the member and premium lapses at the period end', async () => {
    const m = await subscribed('失敗');
    clock.set(new Date(m.end.getTime() - 1000));
    const invoice = stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    expect((await deliver(stand.event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
    const list = (await call(t, m, 'GET', '/api/notifications')).json();
    expect(list[0].type).toBe('premium_payment_failed');
    expect((await userRow(t, m.id)).premiumEndDate?.getTime()).toBe(m.end.getTime());
    expect((await status(m)).isPremium).toBe(true);
    clock.set(new Date(m.end.getTime() + 1000));
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
  });

  it('#17 a deleted subscription ends premium at its period end', async () => {
    const m = await subscribed('削除');
    clock.set(new Date(m.end.getTime() - 10 * DAY_MS));
    stand.cancelNow(m.subscriptionId);
    expect(
      (await deliver(stand.event('customer.subscription.deleted', stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect(await subscription(m)).toMatchObject({ status: 'none', isPremium: true });
    clock.set(new Date(m.end.getTime() + 1000));
    expect((await status(m)).isPremium).toBe(false);
  });
});

describe('#29.1 events at the webhook endpoint’s API version (both invoice shapes)', () => {
  for (const apiVersion of [STRIPE_API_VERSION, '2025-03-31.basil', CURRENT_ENDPOINT_API_VERSION]) {
    it(`#29.1 invoice.paid at ${apiVersion} grants the renewal`, async () => {
      const m = await subscribed(`版${apiVersion.slice(0, 4)}${apiVersion.slice(5, 7)}`);
      clock.set(m.end);
      const invoice = stand.renew(m.subscriptionId, 'paid');
      if (!invoice) throw new Error('renewed');
      const event = stand.event('invoice.paid', invoice, clock.now(), apiVersion);
      const object = (event.data as { object: Record<string, unknown> }).object;
      if (apiVersion === STRIPE_API_VERSION) expect(object.subscription).toBe(m.subscriptionId);
      else {
        expect('subscription' in object).toBe(false);
        expect('payment_intent' in object).toBe(false);
        expect(object.parent).toEqual({
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: m.subscriptionId },
        });
      }
      expect((await deliver(event)).statusCode).toBe(200);
      const u = await userRow(t, m.id);
      expect(u.premiumEndDate?.getTime()).toBe(secs(addMonths(m.end, 1)));
      expect(u.totalPremiumMonths).toBe(2);
    });
  }

  it('#29.1 a failed renewal at the current endpoint version notifies the member', async () => {
    const m = await subscribed('新版失敗');
    clock.set(m.end);
    const invoice = stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    expect(stand.endpointApiVersion).toBe(CURRENT_ENDPOINT_API_VERSION);
    expect((await deliver(stand.event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
  });

  it('#29.1 after a free period Stripe invoices about an hour later: nothing is granted for the draft, invoice.paid then resumes', async () => {
    const m = await subscribed('試用後');
    clock.set(new Date(m.end.getTime() - 20 * DAY_MS));
    expect((await call(t, m, 'POST', '/api/premium/pause')).statusCode).toBe(200);
    const until = (await userRow(t, m.id)).premiumPausedUntil as Date;
    clock.set(new Date(until.getTime() + 1000));
    const draft = stand.endTrial(m.subscriptionId);
    expect(draft).toMatchObject({ status: 'draft', payment_intent: null });
    expect(() => stand.chargeAfterTrial(m.subscriptionId, 'paid')).toThrow(/an hour/);
    expect(
      (await deliver(stand.event('customer.subscription.updated', stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect((await status(m)).isPremium).toBe(false);
    clock.advance(1 / 24);
    const paid = stand.chargeAfterTrial(m.subscriptionId, 'paid');
    expect(paid.status).toBe('paid');
    expect((await deliver(stand.event('invoice.paid', paid))).statusCode).toBe(200);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(secs(addMonths(until, 1))).toISOString() });
  });
});

describe('the Stripe webhook under hostile input', () => {
  it('#17 never answers 5xx nor changes anything, whatever the body, content type and signature', async () => {
    const m = await subscribed('攻撃対象');
    const before = await userRow(t, m.id);
    const sub = stand.subscriptions.get(m.subscriptionId) as object;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json(),
          fc.constant(JSON.stringify(stand.event('invoice.paid', { ...sub, object: 'invoice' }))),
        ),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constant('t=1,v1=00'),
          fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`),
        ),
        async (body, type, signature) => {
          const res = await t.rawInject({
            method: 'POST',
            url: '/api/stripe/webhook',
            headers: { 'content-type': type, 'stripe-signature': signature },
            payload: body,
          });
          expect(res.statusCode, `${type} ${signature}`).toBeLessThan(500);
          expect(res.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 60, seed: 17 },
    );
    expect(await userRow(t, m.id)).toEqual(before);
  });
});

describe('pause and cancel with Stripe (C-4-24, C-4-25)', () => {
  it('#24.9 C-4-25 pauses once from the paid period’s end: premium until then, a free period (trial_end = period end + 90 days, no proration), a notice 3 days before, then billing and premium resume', async () => {
    const m = await subscribed('一時停止');
    clock.set(new Date(m.end.getTime() - 20 * DAY_MS));
    const res = await call(t, m, 'POST', '/api/premium/pause');
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(m.end.getTime() + PAUSE_DAYS * DAY_MS);
    expect(res.json()).toEqual({
      status: 'paused',
      isPremium: true,
      currentPeriodEnd: m.end.toISOString(),
      pausedUntil: until.toISOString(),
      pauseUsed: true,
    });
    const update = stand.calls.at(-1);
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
    expect((await call(t, m, 'GET', '/api/premium/subscription')).json()).toEqual({ ...res.json(), isPremium: false });

    // Stripe's own event of the change (a free period) grants nothing.
    expect(
      (await deliver(stand.event('customer.subscription.updated', stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect((await status(m)).isPremium).toBe(false);

    // Once per lifetime.
    const again = await call(t, m, 'POST', '/api/premium/pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PREMIUM_API_MESSAGES.pauseUsed);

    // 3 days before the end: one notice.
    clock.set(new Date(until.getTime() - 3 * DAY_MS - 1000));
    await sweep(t, clock.now);
    expect(await notificationTypes(t, m.id)).toEqual([]);
    clock.advance(1 / 24);
    await sweep(t, clock.now);
    await sweep(t, clock.now);
    expect(await notificationTypes(t, m.id)).toEqual([{ type: 'premium_resume_soon', bundleCount: 1 }]);
    expect((await status(m)).isPremium).toBe(false);

    // Day 90: Stripe ends the free period and charges about an hour later; the scheduled task resumes premium.
    clock.set(new Date(until.getTime() + 60_000));
    stand.endTrial(m.subscriptionId);
    clock.advance(1 / 24);
    stand.chargeAfterTrial(m.subscriptionId, 'paid');
    expect((await sweep(t, clock.now)).resumesQueued).toBe(1);
    const ran = await runResumeTasks(t, clock.now);
    expect(ran.filter((task) => task.userId === m.id).map((task) => task.status)).toEqual(['completed']);
    const resumedEnd = secs(addMonths(until, 1));
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(resumedEnd).toISOString() });
    expect(await subscription(m)).toMatchObject({ status: 'active', isPremium: true, pausedUntil: null, pauseUsed: true });
    expect((await call(t, m, 'POST', '/api/premium/pause')).statusCode).toBe(409);
  });

  it('C-4-24 cancel keeps premium until the period end (Stripe cancel_at_period_end), then premium ends', async () => {
    const m = await subscribed('解約');
    clock.set(new Date(m.end.getTime() - 5 * DAY_MS));
    const res = await call(t, m, 'POST', '/api/premium/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'cancelling',
      isPremium: true,
      currentPeriodEnd: m.end.toISOString(),
      pausedUntil: null,
      pauseUsed: false,
    });
    expect(stand.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${m.subscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect((await call(t, m, 'POST', '/api/premium/cancel')).json().status).toBe('cancelling');
    // A cancelling subscription is not paused.
    expect((await call(t, m, 'POST', '/api/premium/pause')).statusCode).toBe(409);
    clock.set(new Date(m.end.getTime() - 1000));
    expect((await status(m)).isPremium).toBe(true);

    // The period ends: Stripe cancels instead of renewing.
    clock.set(new Date(m.end.getTime() + 1000));
    expect(stand.renew(m.subscriptionId, 'paid')).toBeNull();
    expect(
      (await deliver(stand.event('customer.subscription.deleted', stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
    expect((await subscription(m)).status).toBe('none');
    const after = await call(t, m, 'POST', '/api/premium/cancel');
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(PREMIUM_API_MESSAGES.noSubscription);
  });
});

describe('Stripe out of reach', () => {
  it('#17 answers 503 with the Japanese message and changes nothing', async () => {
    const down = await createTestApp({ ...stand.env, STRIPE_API_BASE: 'http://127.0.0.1:9' }, {}, { now: clock.now });
    try {
      const m = await member(down);
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
