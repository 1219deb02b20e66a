import type Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { lazyPackage } from '../../lib/lazy-package';
import type { PaidPeriod, PaymentEvent, PaymentProvider, PaymentWebhook, ProviderSubscriptionState, StartedSubscription } from './types';
import { PaymentUnavailable } from './types';

/**
 * The API version this integration is written for, the one stripe@17.7.0 pins: an invoice still
 * names its payment_intent (removed in 2025-03-31.basil), so the subscription's first payment is
 * `latest_invoice.payment_intent` and a PaymentIntent names its invoice.
 */
export const STRIPE_API_VERSION = '2025-02-24.acacia' as const;

/** Webhook timestamps older than this (seconds) are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_S = 300;

/** A payment intent the card form can still confirm. */
const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export interface StripePayments extends PaymentProvider {
  readonly mode: 'stripe';
  /** Stripe's webhook: events signed with STRIPE_WEBHOOK_SECRET (300 s tolerance), subscriptions re-read. */
  readonly webhook: PaymentWebhook;
}

/** The only event types premium acts on; any other verified event is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;

/**
 * The subscription an invoice of a webhook event belongs to, in either shape Stripe renders it: up to
 * 2025-02-24.acacia `invoice.subscription`; from 2025-03-31.basil on (an endpoint created today)
 * `invoice.parent.subscription_details.subscription`. Events come at the endpoint's API version, not
 * the SDK's, so both are read. Null for an invoice no subscription made.
 */
export function invoiceSubscriptionId(invoice: unknown): string | null {
  if (!invoice || typeof invoice !== 'object') return null;
  const o = invoice as { subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } | null } | null };
  return idOf(o.subscription) ?? idOf(o.parent?.subscription_details?.subscription);
}

/** The subscription a handled event is about: the subscription itself, or the one its invoice bills. */
export function eventSubscriptionId(object: unknown): string | null {
  if (!object || typeof object !== 'object') return null;
  return (object as { object?: unknown }).object === 'subscription' ? idOf(object) : invoiceSubscriptionId(object);
}

/** A verified Stripe event as premium reads it; one without an id or a type is refused like a bad signature. */
function eventOf(event: Stripe.Event): PaymentEvent {
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new Error('stripe event without id or type');
  const object: unknown = event.data?.object;
  return {
    id: event.id,
    type: event.type,
    handled: HANDLED_EVENTS.has(event.type),
    at: new Date(event.created * 1000),
    subscriptionId: eventSubscriptionId(object),
    failedInvoiceId: event.type === 'invoice.payment_failed' ? idOf(object) : null,
  };
}
const fromUnix = (s: number) => new Date(s * 1000);
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The end of the period an invoice pays for: its subscription line's, else the subscription's. */
function invoicePeriodEnd(invoice: Stripe.Invoice, fallback: number): Date {
  const line = invoice.lines?.data?.find((l) => l.type === 'subscription') ?? invoice.lines?.data?.[0];
  return fromUnix(line?.period?.end ?? fallback);
}

function stateOf(sub: Stripe.Subscription): ProviderSubscriptionState {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: fromUnix(sub.current_period_end),
    latestInvoice: invoice
      ? {
          id: invoice.id,
          status: invoice.status,
          paymentId: idOf(invoice.payment_intent) ?? invoice.id,
          periodEnd: invoicePeriodEnd(invoice, sub.current_period_end),
        }
      : null,
  };
}

/**
 * Premium payments with Stripe (the official SDK): a customer per member and a monthly subscription of
 * STRIPE_PRICE_ID whose first payment Stripe Elements confirms with the answered client secret.
 * Every failure to reach Stripe, or an answer it should not give, is a PaymentUnavailable (503).
 */
export function createStripePayments(settings: StripeSettings): StripePayments {
  const Sdk = lazyPackage<{ default: typeof Stripe }>('stripe').default;
  /** Stripe's "no such object" (a made-up or foreign id): not found, not an outage. */
  const isMissing = (err: unknown) => err instanceof Sdk.errors.StripeInvalidRequestError && err.statusCode === 404;
  const stripe = new Sdk(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'mugen' },
    ...(settings.api ?? {}),
  });

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaymentUnavailable) throw err;
      const e = err as { type?: string; statusCode?: number; code?: string };
      throw new PaymentUnavailable(`stripe ${what}: ${e.type ?? 'error'} ${e.statusCode ?? ''} ${e.code ?? ''}`.trim());
    }
  }

  /** A retrieval that answers null for an id Stripe does not know. */
  async function retrieve<T>(what: string, fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (isMissing(err)) return null;
      return call(what, () => Promise.reject(err));
    }
  }

  const readSubscription = (id: string) =>
    retrieve('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.payment_intent'] }));

  function firstPayment(sub: Stripe.Subscription): Stripe.PaymentIntent | null {
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const pi = invoice && typeof invoice.payment_intent === 'object' ? invoice.payment_intent : null;
    return pi?.client_secret ? pi : null;
  }

  return {
    mode: 'stripe',
    publishableKey: settings.publishableKey,

    async start(member, held): Promise<StartedSubscription> {
      const customerId =
        held.customerId ??
        (
          await call('customers.create', () =>
            stripe.customers.create(
              { email: member.email, name: member.name, metadata: { userId: member.userId } },
              { idempotencyKey: `mugen-customer-${member.userId}` },
            ),
          )
        ).id;
      if (held.subscriptionId) {
        // The subscription of an earlier attempt, while its first payment can still be made.
        const sub = await readSubscription(held.subscriptionId);
        const pi = sub && idOf(sub.customer) === customerId && sub.status === 'incomplete' ? firstPayment(sub) : null;
        if (sub && pi?.client_secret && PAYABLE.has(pi.status)) {
          return { customerId, subscriptionId: sub.id, clientSecret: pi.client_secret, created: false };
        }
      }
      const sub = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.payment_intent'],
            metadata: { userId: member.userId },
          },
          { idempotencyKey: `mugen-subscription-${member.userId}-${held.generation}` },
        ),
      );
      const pi = firstPayment(sub);
      if (!pi?.client_secret) throw new PaymentUnavailable('stripe subscriptions.create: no first payment intent');
      return { customerId, subscriptionId: sub.id, clientSecret: pi.client_secret, created: true };
    },

    async confirmedPayment(held, paymentIntentId): Promise<PaidPeriod | null> {
      if (!held.customerId || !held.subscriptionId) return null;
      let id = paymentIntentId ?? null;
      if (!id) {
        const sub = await readSubscription(held.subscriptionId);
        const invoice = sub && typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        id = idOf(invoice?.payment_intent);
      }
      if (!id) return null;
      const pi = await retrieve('paymentIntents.retrieve', () => stripe.paymentIntents.retrieve(id, { expand: ['invoice'] }));
      if (pi?.status !== 'succeeded' || idOf(pi.customer) !== held.customerId) return null;
      const invoice = typeof pi.invoice === 'object' ? pi.invoice : null;
      if (!invoice || idOf(invoice.subscription) !== held.subscriptionId || invoice.status !== 'paid') return null;
      const line = invoice.lines?.data?.find((l) => l.type === 'subscription') ?? invoice.lines?.data?.[0];
      if (!line?.period?.end) return null;
      return { paymentIntentId: pi.id, periodEnd: fromUnix(line.period.end) };
    },

    async cancelAtPeriodEnd(held) {
      if (!held.subscriptionId) return null;
      const id = held.subscriptionId;
      const sub = await call('subscriptions.update', () => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
      return fromUnix(sub.current_period_end);
    },

    async pause(held, until) {
      if (!held.subscriptionId) return;
      const id = held.subscriptionId;
      // A free period until `until` = the paid period's end + 90 days (decision 0026): no invoice
      // meanwhile; at its end Stripe starts a new monthly period and charges it. No proration: the paid
      // days are not credited, they are used (Mugen keeps premium until the paid period's end).
      await call('subscriptions.update', () => stripe.subscriptions.update(id, { trial_end: toUnix(until), proration_behavior: 'none' }));
    },

    async resume(held) {
      if (!held.subscriptionId) return null;
      const sub = await readSubscription(held.subscriptionId);
      if (!sub) return null;
      const state = stateOf(sub);
      if (state.status !== 'active' || state.latestInvoice?.status !== 'paid') return null;
      return { paymentIntentId: state.latestInvoice.paymentId, periodEnd: state.latestInvoice.periodEnd };
    },

    // No renew: Stripe renews by itself, and invoice.paid brings the payment.

    webhook: {
      verifiedEvent(rawBody, signature) {
        return eventOf(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_S));
      },

      async subscriptionState(subscriptionId) {
        const sub = await readSubscription(subscriptionId);
        return sub ? stateOf(sub) : null;
      },
    },
  };
}
