import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReleaseTrain } from '@stripe/stripe-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoicePeriodEnd,
  invoiceSubscriptionId,
  paidIntentOf,
  STRIPE_API_VERSION,
  subscriptionPeriodEnd,
} from '../../providers/payments/stripe';
import { controlledClock } from '../../test/premium-kit';
import { STAND_IN_KEYS, startStripeStandIn } from '../../test/stripe-stand-in';
import type { StripeStandIn } from '../../test/stripe-stand-in-objects';

// Issue 41.1: the server on the current Stripe SDK and API version, the browser's Stripe.js on the same
// one, and the stand-in as strict as Stripe at that version (its objects, its refusal of the expansions
// 2025-03-31.basil removed, its version header).

const requireHere = createRequire(import.meta.url);
type MajorOf<V> = V extends `${string}.${infer M}` ? M : never;
/** The pin's major release, typed as Stripe.js's own: tsc fails when the browser's Stripe.js moves to another release. */
const major: ReleaseTrain = STRIPE_API_VERSION.slice(11) as MajorOf<typeof STRIPE_API_VERSION>;

describe('#41.1 one Stripe API version for server and browser', () => {
  it('#41.1 pins the version of the browser’s Stripe.js release, in the major release of the installed SDK', () => {
    expect(STRIPE_API_VERSION).toBe('2026-09-30.endive');
    const pure = readFileSync(requireHere.resolve('@stripe/stripe-js/dist/pure.js'), 'utf8');
    expect(/RELEASE_TRAIN = '([a-z]+)'/.exec(pure)?.[1]).toBe(major);
    expect(Stripe.MAJOR_API_VERSION).toBe(major);
    // The SDK's types describe its own pin: a monthly release of the same major, not older than ours.
    expect(Stripe.API_VERSION.slice(11)).toBe(major);
    expect(Stripe.API_VERSION.slice(0, 10) >= STRIPE_API_VERSION.slice(0, 10)).toBe(true);
  });
});

describe('#41.1 reading the current version’s objects', () => {
  it('#41.1 a subscription’s period is on its items; none there is no period', () => {
    const items = { object: 'list', data: [{ current_period_start: 1_790_000_000, current_period_end: 1_792_592_000 }] };
    expect(subscriptionPeriodEnd({ items } as never)?.toISOString()).toBe(new Date(1_792_592_000_000).toISOString());
    expect(subscriptionPeriodEnd({ items: { data: [] } } as never)).toBeNull();
    // The acacia field is not read any more.
    expect(subscriptionPeriodEnd({ current_period_end: 1_792_592_000, items: { data: [] } } as never)).toBeNull();
  });

  it('#41.1 an invoice’s subscription is its parent’s; the acacia field only from an old endpoint’s event', () => {
    const parent = { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: 'sub_new' } };
    expect(invoiceSubscriptionId({ object: 'invoice', parent })).toBe('sub_new');
    expect(invoiceSubscriptionId({ object: 'invoice', parent, subscription: 'sub_old' })).toBe('sub_new');
    expect(invoiceSubscriptionId({ object: 'invoice', subscription: 'sub_old' })).toBe('sub_old');
    expect(invoiceSubscriptionId({ object: 'invoice', parent: null })).toBeNull();
  });

  it('#41.1 the paying intent is the invoice’s paid payment; the period is its subscription item line’s', () => {
    const payments = {
      data: [
        { status: 'canceled', payment: { type: 'payment_intent', payment_intent: 'pi_failed' } },
        { status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_paid' } },
      ],
    };
    expect(paidIntentOf({ payments } as never)).toBe('pi_paid');
    expect(paidIntentOf({ payments: { data: [] } } as never)).toBeNull();
    const lines = {
      data: [
        { parent: { type: 'invoice_item_details' }, period: { start: 1, end: 2 } },
        { parent: { type: 'subscription_item_details' }, period: { start: 1_790_000_000, end: 1_792_592_000 } },
      ],
    };
    expect(invoicePeriodEnd({ lines } as never)?.getTime()).toBe(1_792_592_000_000);
  });
});

describe('#41.1 the Stripe stand-in at the pinned version', () => {
  const clock = controlledClock(new Date('2026-12-01T00:00:00Z'));
  let stand: StripeStandIn;
  let stripe: Stripe;
  const sdk = (apiVersion: string) => {
    const { hostname, port } = new URL(stand.url);
    return new Stripe(STAND_IN_KEYS.STRIPE_SECRET_KEY, {
      apiVersion: apiVersion as Stripe.LatestApiVersion,
      host: hostname,
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
  };
  beforeAll(async () => {
    stand = await startStripeStandIn(clock.now);
    stripe = sdk(STRIPE_API_VERSION);
  });
  afterAll(() => stand.close());

  const subscribe = async (expand: string[]) => {
    const customer = await stripe.customers.create({ email: 'v@example.com' });
    return stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: STAND_IN_KEYS.STRIPE_PRICE_ID }],
      payment_behavior: 'default_incomplete',
      expand,
    });
  };
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: InstanceType<typeof Stripe.errors.StripeError>) => ({ status: e.statusCode, type: e.rawType, message: e.message }),
    );

  it('#41.1 refuses the expansions removed in 2025-03-31.basil with Stripe’s 400, before creating anything', async () => {
    const before = stand.subscriptions.size;
    expect(await refusal(subscribe(['latest_invoice.payment_intent']))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'This property cannot be expanded (latest_invoice.payment_intent).',
    });
    expect(stand.subscriptions.size).toBe(before);
    const sub = await subscribe(['latest_invoice.confirmation_secret']);
    expect(await refusal(stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice.subscription'] }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'This property cannot be expanded (latest_invoice.subscription).',
    });
    const pi = stand.paymentIntentOf(sub.latest_invoice && typeof sub.latest_invoice === 'object' ? sub.latest_invoice.id : '');
    expect(await refusal(stripe.paymentIntents.retrieve(pi as string, { expand: ['invoice'] }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'This property cannot be expanded (invoice).',
    });
    // Stripe's hint on a list whose expansion does not start with data.
    expect(await refusal(stripe.invoicePayments.list({ expand: ['invoice'] }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: "This property cannot be expanded (invoice). You may want to try expanding 'data.invoice' instead.",
    });
  });

  it('#41.1 answers the version’s objects: periods on items, the invoice’s parent, its secret and payments only when expanded', async () => {
    const created = await subscribe(['latest_invoice.confirmation_secret']);
    const raw = created as unknown as Record<string, unknown>;
    expect('current_period_end' in raw).toBe(false);
    const item = created.items.data[0];
    expect(item.current_period_start).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(item.current_period_end).toBe(Math.floor(Date.parse('2027-01-01T00:00:00Z') / 1000));
    const invoice = created.latest_invoice as Stripe.Invoice;
    const pi = stand.paymentIntentOf(invoice.id) as string;
    expect(invoice.parent).toEqual({
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: created.id },
    });
    expect(invoice.confirmation_secret).toEqual({ type: 'payment_intent', client_secret: stand.paymentIntents.get(pi)?.client_secret });
    for (const removed of ['subscription', 'payment_intent']) expect(removed in invoice).toBe(false);
    expect('invoice' in (await stripe.paymentIntents.retrieve(pi))).toBe(false);

    const plain = await stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice'] });
    expect('confirmation_secret' in (plain.latest_invoice as object)).toBe(false);
    expect('payments' in (plain.latest_invoice as object)).toBe(false);

    stand.succeed(pi);
    const paid = await stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice.payments'] });
    expect(paid.status).toBe('active');
    expect((paid.latest_invoice as Stripe.Invoice).payments?.data.map((p) => [p.status, p.payment.payment_intent])).toEqual([['paid', pi]]);
    const made = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: pi }, expand: ['data.invoice'] });
    expect(made.data.map((p) => (p.invoice as Stripe.Invoice).id)).toEqual([invoice.id]);
  });

  it('#41.1 speaks the pinned version only: another Stripe-Version header is refused', async () => {
    const old = sdk('2025-02-24.acacia');
    expect(await refusal(old.customers.create({ email: 'old@example.com' }))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: `This stand-in speaks ${STRIPE_API_VERSION} only (Stripe-Version: 2025-02-24.acacia)`,
    });
    expect(stand.calls.at(-1)?.version).toBe('2025-02-24.acacia');
    expect(stand.calls.filter((c) => c.version === STRIPE_API_VERSION).length).toBe(stand.calls.length - 1);
  });
});
