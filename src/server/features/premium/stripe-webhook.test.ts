import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { STRIPE_API_VERSION } from '../../providers/payments/stripe';
import { secs, stripeSuite } from '../../test/premium-kit';
import { addMonths } from './rule';

// Issue 17: Stripe's webhook against the local stand-in of the Stripe API, with a controlled clock:
// signed, deduplicated, allow-listed and re-read from Stripe (the purchase itself is in stripe.test.ts).
const kit = stripeSuite();
const { clock, call, member, status, subscription, userRow, notificationTypes, subscribed, deliver } = kit;

describe('the Stripe webhook', () => {
  it('#17 refuses a bad signature with 400 and changes nothing: wrong secret, tampered body, missing, 301 s old', async () => {
    const m = await subscribed('署名');
    const before = await userRow(m.id);
    const sub = kit.stand.subscriptions.get(m.subscriptionId) as object;
    const event = kit.stand.event('customer.subscription.deleted', { ...sub, status: 'canceled' });
    const payload = JSON.stringify(event);
    const cases = [
      deliver(event, { secret: 'whsec_forged' }),
      deliver(event, { body: payload.replace('"canceled"', '"active"'), signature: kit.stand.sign(payload) }),
      kit.t.rawInject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload }),
      deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PREMIUM_API_MESSAGES.webhookSignature);
    }
    expect(await userRow(m.id)).toEqual(before);
  });

  it('#17 is exempt from the Origin check and the member guard only: Stripe’s signed call passes without either', async () => {
    const event = kit.stand.event('charge.refunded', { id: 'ch_1', object: 'charge' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    // Every other write still needs this site's Origin.
    const m = await member();
    const noOrigin = await kit.t.rawInject({ method: 'POST', url: '/api/premium/cancel', headers: { cookie: m.cookie } });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('#17 renewal: invoice.paid extends premium to the new period’s end as Stripe holds it, not as the event says', async () => {
    const m = await subscribed('更新');
    clock.set(m.end);
    const invoice = kit.stand.renew(m.subscriptionId, 'paid');
    if (!invoice) throw new Error('renewed');
    const newEnd = secs(addMonths(m.end, 1));
    // The event's own copy claims ten years; the re-read from Stripe decides.
    const claimed = JSON.parse(JSON.stringify(invoice));
    claimed.lines.data[0].period.end += 10 * 365 * 86_400;
    const res = await deliver(kit.stand.event('invoice.paid', claimed));
    expect(res.statusCode).toBe(200);
    const u = await userRow(m.id);
    expect(u.premiumEndDate?.getTime()).toBe(newEnd);
    expect(u.totalPremiumMonths).toBe(2);
    clock.advance(1);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(newEnd).toISOString() });
  });

  it('#17 ignores a replayed event (the same id, even re-signed later) and an older one arriving after a newer one', async () => {
    const m = await subscribed('再送');
    clock.set(m.end);
    const invoice = kit.stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    const failed = kit.stand.event('invoice.payment_failed', invoice);
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
    // Replays: the same delivery, and the same event signed again (Stripe's retry).
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed, { timestamp: Math.floor(Date.now() / 1000) + 5 })).statusCode).toBe(200);
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);

    // Stripe's retry pays the invoice; its event is applied. Then an older failure event (created
    // before it, delivered late) arrives: nothing happens.
    kit.stand.succeed(kit.stand.paymentIntentOf(invoice.id) as string);
    const stale = kit.stand.event('invoice.payment_failed', invoice, new Date(clock.now().getTime() - 60_000));
    clock.advance(0.01);
    expect((await deliver(kit.stand.event('invoice.paid', kit.stand.invoices.get(invoice.id) as object))).statusCode).toBe(200);
    const before = await userRow(m.id);
    expect(before.premiumEndDate?.getTime()).toBe(secs(addMonths(m.end, 1)));
    expect((await deliver(stale)).statusCode).toBe(200);
    expect(await userRow(m.id)).toEqual(before);
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
  });

  it('#17 a failed renewal notifies the member and premium lapses at the period end', async () => {
    const m = await subscribed('失敗');
    clock.set(new Date(m.end.getTime() - 1000));
    const invoice = kit.stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    expect((await deliver(kit.stand.event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
    const list = (await call(m, 'GET', '/api/notifications')).json();
    expect(list[0].type).toBe('premium_payment_failed');
    expect((await userRow(m.id)).premiumEndDate?.getTime()).toBe(m.end.getTime());
    expect((await status(m)).isPremium).toBe(true);
    clock.set(new Date(m.end.getTime() + 1000));
    expect(await status(m)).toEqual({ isPremium: false, endDate: m.end.toISOString(), daysRemaining: 0 });
  });

  it('#17 a deleted subscription ends premium at its period end', async () => {
    const m = await subscribed('削除');
    clock.set(new Date(m.end.getTime() - 10 * DAY_MS));
    kit.stand.cancelNow(m.subscriptionId);
    expect(
      (await deliver(kit.stand.event('customer.subscription.deleted', kit.stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect(await subscription(m)).toMatchObject({ status: 'none', isPremium: true });
    clock.set(new Date(m.end.getTime() + 1000));
    expect((await status(m)).isPremium).toBe(false);
  });
});

/** An endpoint created before the move to the current version (#41.1) may still be on this one. */
const LEGACY_ENDPOINT_VERSION = '2025-02-24.acacia';

describe('#29.1 events at the webhook endpoint’s API version (both invoice shapes)', () => {
  for (const apiVersion of [LEGACY_ENDPOINT_VERSION, '2025-03-31.basil', STRIPE_API_VERSION]) {
    it(`#29.1 invoice.paid at ${apiVersion} grants the renewal`, async () => {
      const m = await subscribed(`版${apiVersion.slice(0, 4)}${apiVersion.slice(5, 7)}`);
      clock.set(m.end);
      const invoice = kit.stand.renew(m.subscriptionId, 'paid');
      if (!invoice) throw new Error('renewed');
      const event = kit.stand.event('invoice.paid', invoice, clock.now(), apiVersion);
      const object = (event.data as { object: Record<string, unknown> }).object;
      if (apiVersion === LEGACY_ENDPOINT_VERSION) expect(object.subscription).toBe(m.subscriptionId);
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
      const u = await userRow(m.id);
      expect(u.premiumEndDate?.getTime()).toBe(secs(addMonths(m.end, 1)));
      expect(u.totalPremiumMonths).toBe(2);
    });
  }

  it('#29.1 a failed renewal at the current endpoint version notifies the member', async () => {
    const m = await subscribed('新版失敗');
    clock.set(m.end);
    const invoice = kit.stand.renew(m.subscriptionId, 'failed');
    if (!invoice) throw new Error('renewed');
    expect(kit.stand.endpointApiVersion).toBe(STRIPE_API_VERSION);
    expect((await deliver(kit.stand.event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await notificationTypes(m.id)).toEqual([{ type: 'premium_payment_failed', bundleCount: 1 }]);
  });

  it('#29.1 after a free period Stripe invoices about an hour later: nothing is granted for the draft, invoice.paid then resumes', async () => {
    const m = await subscribed('試用後');
    clock.set(new Date(m.end.getTime() - 20 * DAY_MS));
    expect((await call(m, 'POST', '/api/premium/pause')).statusCode).toBe(200);
    const until = (await userRow(m.id)).premiumPausedUntil as Date;
    clock.set(new Date(until.getTime() + 1000));
    const draft = kit.stand.endTrial(m.subscriptionId);
    expect(draft.status).toBe('draft');
    expect(kit.stand.paymentIntentOf(draft.id)).toBeNull();
    expect(() => kit.stand.chargeAfterTrial(m.subscriptionId, 'paid')).toThrow(/an hour/);
    expect(
      (await deliver(kit.stand.event('customer.subscription.updated', kit.stand.subscriptions.get(m.subscriptionId) as object))).statusCode,
    ).toBe(200);
    expect((await status(m)).isPremium).toBe(false);
    clock.advance(1 / 24);
    const paid = kit.stand.chargeAfterTrial(m.subscriptionId, 'paid');
    expect(paid.status).toBe('paid');
    expect((await deliver(kit.stand.event('invoice.paid', paid))).statusCode).toBe(200);
    expect(await status(m)).toMatchObject({ isPremium: true, endDate: new Date(secs(addMonths(until, 1))).toISOString() });
  });
});

describe('the Stripe webhook under hostile input', () => {
  it('#17 never answers 5xx nor changes anything, whatever the body, content type and signature', async () => {
    const m = await subscribed('攻撃対象');
    const before = await userRow(m.id);
    const sub = kit.stand.subscriptions.get(m.subscriptionId) as object;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json(),
          fc.constant(JSON.stringify(kit.stand.event('invoice.paid', { ...sub, object: 'invoice' }))),
        ),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constant('t=1,v1=00'),
          fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`),
        ),
        async (body, type, signature) => {
          const res = await kit.t.rawInject({
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
    expect(await userRow(m.id)).toEqual(before);
  });
});
