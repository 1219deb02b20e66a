import type Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { lazyPackage } from '../../lib/lazy-package';
import type { PaidPeriod, PaymentEvent, PaymentProvider, PaymentWebhook, ProviderSubscriptionState, StartedSubscription } from './types';
import { PaymentUnavailable } from './types';

/**
 * The API version of every call: the one Stripe.js 10 (the browser's card form, @stripe/stripe-js 10.2.1)
 * is bound to, so server and browser read the same objects (Stripe.js pairs each of its releases with
 * one API version, which cannot be overridden). stripe@23.1.0 is the endive SDK; its own pin,
 * 2026-10-28.endive, is a monthly release of the same major, which Stripe keeps free of breaking
 * changes (decision 0049). Since 2025-03-31.basil an invoice names neither its subscription
 * (`parent.subscription_details`) nor its payment intent (its `payments`), a PaymentIntent no longer
 * names its invoice, a subscription's period is on its items, and the Payment Element's secret of an
 * invoice is its `confirmation_secret`.
 */
export const STRIPE_API_VERSION = '2026-09-30.endive' as const;

/** Webhook timestamps older than this (seconds) are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_S = 300;

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
 * The subscription an invoice belongs to: `parent.subscription_details.subscription` from
 * 2025-03-31.basil on, the version every call is made at. A webhook event comes at its endpoint's
 * version, not the SDK's, so an endpoint still on an older version (created before the move, decision
 * 0049) sends `invoice.subscription`, read when there is no parent (an answer of the API itself never
 * has it). Null for an invoice no subscription made.
 */
export function invoiceSubscriptionId(invoice: unknown): string | null {
  if (!invoice || typeof invoice !== 'object') return null;
  const o = invoice as { subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } | null } | null };
  return idOf(o.parent?.subscription_details?.subscription) ?? idOf(o.subscription);
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

/** The end of a subscription's current period: on its items since basil (one item here, the monthly price). */
export function subscriptionPeriodEnd(sub: Pick<Stripe.Subscription, 'items'>): Date | null {
  const ends = (sub.items?.data ?? []).map((item) => item.current_period_end).filter((n) => typeof n === 'number');
  return ends.length ? fromUnix(Math.max(...ends)) : null;
}

/** The end of the period an invoice pays for: its subscription item line's (basil: `parent.type`). */
export function invoicePeriodEnd(invoice: Pick<Stripe.Invoice, 'lines'>): Date | null {
  const lines = invoice.lines?.data ?? [];
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0];
  return line?.period?.end ? fromUnix(line.period.end) : null;
}

/** The payment intent that paid an invoice, from its `payments` (expanded); null when none did. */
export function paidIntentOf(invoice: Pick<Stripe.Invoice, 'payments'>): string | null {
  const paid = invoice.payments?.data?.find((p) => p.status === 'paid' && p.payment?.type === 'payment_intent');
  return idOf(paid?.payment?.payment_intent);
}

type SubscriptionStatus = ProviderSubscriptionState['status'];
type InvoiceStatus = NonNullable<ProviderSubscriptionState['latestInvoice']>['status'];
const SUBSCRIPTION_STATUSES: readonly string[] = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
] satisfies SubscriptionStatus[];
const INVOICE_STATUSES: readonly string[] = ['draft', 'open', 'paid', 'uncollectible', 'void'] satisfies NonNullable<InvoiceStatus>[];
const invoiceStatus = (s: string | null): InvoiceStatus => (s && INVOICE_STATUSES.includes(s) ? (s as InvoiceStatus) : null);

/** The subscription as premium reads it; null for a status this integration does not know (a newer enum value). */
function stateOf(sub: Stripe.Subscription): ProviderSubscriptionState | null {
  const periodEnd = subscriptionPeriodEnd(sub);
  if (!periodEnd || !SUBSCRIPTION_STATUSES.includes(sub.status)) return null;
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status as SubscriptionStatus,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEnd,
    latestInvoice: invoice?.id
      ? {
          id: invoice.id,
          status: invoiceStatus(invoice.status),
          paymentId: paidIntentOf(invoice) ?? invoice.id,
          periodEnd: invoicePeriodEnd(invoice) ?? periodEnd,
        }
      : null,
  };
}

/**
 * Premium payments with Stripe (the official SDK): a customer per member and a monthly subscription of
 * STRIPE_PRICE_ID whose first invoice Stripe Elements pays with its `confirmation_secret`.
 * Every failure to reach Stripe, or an answer it should not give, is a PaymentUnavailable (503).
 */
export function createStripePayments(settings: StripeSettings): StripePayments {
  const Sdk = lazyPackage<typeof Stripe>('stripe');
  /** Stripe's "no such object" (a made-up or foreign id): not found, not an outage. */
  const isMissing = (err: unknown) => err instanceof Sdk.errors.StripeInvalidRequestError && err.statusCode === 404;
  const stripe = new Sdk(settings.secretKey, {
    // The browser's version, a month older than the SDK's own pin of the same major (typed for the latter).
    apiVersion: STRIPE_API_VERSION as string as Stripe.LatestApiVersion,
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

  /** The subscription with its latest invoice and that invoice's payments (which intent paid it). */
  const readSubscription = (id: string, expand = ['latest_invoice.payments']) =>
    retrieve('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id, { expand }));

  /** The Payment Element's secret of a subscription's first invoice, while it can still be paid. */
  function firstPaymentSecret(sub: Stripe.Subscription): string | null {
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const secret = invoice?.status === 'open' ? invoice.confirmation_secret : null;
    return secret?.type === 'payment_intent' && secret.client_secret ? secret.client_secret : null;
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
        // The subscription of an earlier attempt, while its first invoice can still be paid.
        const sub = await readSubscription(held.subscriptionId, ['latest_invoice.confirmation_secret']);
        const secret = sub && idOf(sub.customer) === customerId && sub.status === 'incomplete' ? firstPaymentSecret(sub) : null;
        if (sub && secret) return { customerId, subscriptionId: sub.id, clientSecret: secret, created: false };
      }
      const sub = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { userId: member.userId },
          },
          { idempotencyKey: `mugen-subscription-${member.userId}-${held.generation}` },
        ),
      );
      const secret = firstPaymentSecret(sub);
      if (!secret) throw new PaymentUnavailable('stripe subscriptions.create: no confirmation secret');
      return { customerId, subscriptionId: sub.id, clientSecret: secret, created: true };
    },

    async confirmedPayment(held, paymentIntentId): Promise<PaidPeriod | null> {
      if (!held.customerId || !held.subscriptionId) return null;
      let id = paymentIntentId ?? null;
      if (!id) {
        const sub = await readSubscription(held.subscriptionId);
        const invoice = sub && typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
        id = invoice ? paidIntentOf(invoice) : null;
      }
      if (!id) return null;
      // A PaymentIntent no longer names its invoice: the invoice payments it made do.
      const intent = id;
      const made = await call('invoicePayments.list', () =>
        stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: intent },
          status: 'paid',
          expand: ['data.invoice'],
        }),
      );
      for (const payment of made.data) {
        const invoice = typeof payment.invoice === 'object' && !('deleted' in payment.invoice) ? payment.invoice : null;
        if (!invoice || idOf(invoice.customer) !== held.customerId || invoice.status !== 'paid') continue;
        if (invoiceSubscriptionId(invoice) !== held.subscriptionId) continue;
        const periodEnd = invoicePeriodEnd(invoice);
        if (periodEnd) return { paymentIntentId: intent, periodEnd };
      }
      return null;
    },

    async cancelAtPeriodEnd(held) {
      if (!held.subscriptionId) return null;
      const id = held.subscriptionId;
      const sub = await call('subscriptions.update', () => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
      return subscriptionPeriodEnd(sub);
    },

    async pause(held, until) {
      if (!held.subscriptionId) return;
      const id = held.subscriptionId;
      // A free period until `until` = the paid period's end + 90 days (decisions 0026, 0049): no invoice
      // meanwhile; at its end Stripe starts a new monthly period and charges it. No proration: the paid
      // days are not credited, they are used (Mugen keeps premium until the paid period's end).
      await call('subscriptions.update', () => stripe.subscriptions.update(id, { trial_end: toUnix(until), proration_behavior: 'none' }));
    },

    async resume(held) {
      if (!held.subscriptionId) return null;
      const sub = await readSubscription(held.subscriptionId);
      const state = sub ? stateOf(sub) : null;
      if (state?.status !== 'active' || state.latestInvoice?.status !== 'paid') return null;
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
