import { randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * The objects the Stripe stand-in (stripe-stand-in.ts) keeps, in the shape of the pinned API version
 * (2026-09-30.endive; the invoicing shape of 2025-03-31.basil): an invoice names its subscription in
 * `parent.subscription_details` and its payments in `payments` (includable), a payment intent names no
 * invoice, a subscription's period is on its items. Also: the older shape events take at an endpoint
 * still on 2025-02-24.acacia, the `expand` check, the SDK's form encoding and Stripe's error answer.
 */

/** Whether objects at this API version have the invoicing `parent` shape (2025-03-31.basil and later). */
export const rendersBasilShape = (apiVersion: string) => apiVersion.slice(0, 10) >= '2025-03-31';

/**
 * A stand-in object (current shape) as Stripe renders it at `apiVersion` (a copy): unchanged from basil
 * on; before it (an old webhook endpoint), an invoice names `subscription` and `payment_intent` (the one
 * `paymentOf` gives) and its lines their `subscription` and `type`, and a subscription carries its
 * item's period itself.
 */
export function renderAt(object: Json, apiVersion: string, paymentOf: (invoiceId: string) => string | null): Json {
  const out = JSON.parse(JSON.stringify(object)) as Json;
  if (rendersBasilShape(apiVersion)) return out;
  if (out.object === 'invoice') {
    const parent = out.parent as Invoice['parent'];
    delete out.parent;
    delete out.confirmation_secret;
    delete out.payments;
    out.subscription = parent?.subscription_details?.subscription ?? null;
    out.payment_intent = paymentOf(out.id as string);
    for (const line of (out.lines as { data: Json[] } | undefined)?.data ?? []) {
      const details = (line.parent as { subscription_item_details?: { subscription?: string } } | null)?.subscription_item_details;
      delete line.parent;
      line.subscription = details?.subscription ?? null;
      line.type = 'subscription';
    }
  }
  if (out.object === 'subscription') {
    const [item] = (out.items as { data: Json[] } | undefined)?.data ?? [];
    out.current_period_start = item?.current_period_start;
    out.current_period_end = item?.current_period_end;
    for (const i of (out.items as { data: Json[] }).data) {
      delete i.current_period_start;
      delete i.current_period_end;
    }
  }
  return out;
}

/**
 * What may be expanded on each object at the pinned version, from the API reference's "Expandable" and
 * "Includable" marks (the fields the premium calls can reach): the object an expansion leads to, or
 * null for an includable field that leads nowhere further. `payment_intent` and `subscription` on an
 * invoice and `invoice` on a payment intent are gone since 2025-03-31.basil.
 */
const EXPANDABLE: Record<string, Record<string, string | null>> = {
  subscription: {
    customer: 'customer',
    default_payment_method: 'payment_method',
    latest_invoice: 'invoice',
    pending_setup_intent: 'setup_intent',
    schedule: 'subscription_schedule',
    test_clock: 'test_clock',
  },
  invoice: {
    confirmation_secret: null,
    customer: 'customer',
    default_payment_method: 'payment_method',
    payments: 'list:invoice_payment',
    test_clock: 'test_clock',
  },
  payment_intent: { customer: 'customer', latest_charge: 'charge', payment_method: 'payment_method', review: 'review' },
  invoice_payment: { invoice: 'invoice' },
  customer: { default_source: 'source', test_clock: 'test_clock' },
};

/**
 * Stripe's refusal of an `expand` path the object does not have (at most four levels), or null when
 * every path holds: `This property cannot be expanded (<the path up to the bad field>).`; on a list, a
 * first field other than `data` gets Stripe's hint. `root` is the object answered, `list:<object>` for a list.
 */
export function refusedExpansion(paths: string[], root: string): string | null {
  for (const path of paths) {
    const fields = path.split('.');
    if (fields.length > 4) return `This property cannot be expanded (${path}).`;
    let at = root;
    for (let i = 0; i < fields.length; i++) {
      if (at.startsWith('list:')) {
        if (fields[i] !== 'data') {
          return i === 0
            ? `This property cannot be expanded (${fields[i]}). You may want to try expanding 'data.${fields[i]}' instead.`
            : `This property cannot be expanded (${fields.slice(0, i + 1).join('.')}).`;
        }
        at = at.slice(5);
        continue;
      }
      const next = EXPANDABLE[at]?.[fields[i]];
      if (next === undefined || (next === null && i < fields.length - 1)) {
        return `This property cannot be expanded (${fields.slice(0, i + 1).join('.')}).`;
      }
      at = next ?? '';
    }
  }
  return null;
}

export type Json = Record<string, unknown>;
type List<T> = { object: 'list'; data: T[]; has_more: false; url: string };

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: 'jpy';
  client_secret: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  created: number;
  livemode: false;
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: 'jpy';
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  } | null;
  amount_due: number;
  amount_paid: number;
  currency: 'jpy';
  period_start: number;
  period_end: number;
  lines: List<Json>;
  created: number;
  livemode: false;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: 1;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  latest_invoice: string;
  items: List<SubscriptionItem>;
  metadata: Record<string, string>;
  payment_settings: Json;
  pause_collection: null;
  created: number;
  ended_at: number | null;
  livemode: false;
}

export interface StripeCall {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
  /** The Stripe-Version header the call was made with. */
  version: string | undefined;
}

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
export const rand = (n: number) => randomBytes(n).toString('hex').slice(0, n);

/** `a[b][0]=x` → { a: { b: ['x'] } }, as Stripe reads the SDK's form encoding. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Json = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        at[segment] = value;
        return;
      }
      if (!at[segment]) at[segment] = {};
      at = at[segment] as Json;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Json;
    const keys = Object.keys(o);
    if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Json;
}

/** Stripe's error answer: `{ error: { type, message, code?, param?, request_log_url } }` with its request id. */
export function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string, param?: string) {
  const requestId = `req_${rand(14)}`;
  const error = {
    ...(code ? { code } : {}),
    message,
    ...(param ? { param } : {}),
    request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    type,
  };
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId }).end(JSON.stringify({ error }));
}

export interface StripeStandIn {
  /** STRIPE_API_BASE for the app. */
  url: string;
  /** The four STRIPE_* variables and STRIPE_API_BASE. */
  env: Record<string, string>;
  calls: StripeCall[];
  customers: Map<string, Customer>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  paymentIntents: Map<string, PaymentIntent>;
  invoicePayments: Map<string, InvoicePayment>;
  /** The payment intent an invoice is paid with (none for a draft). */
  paymentIntentOf(invoiceId: string): string | null;
  /** The card form's confirmation: the payment succeeds, its invoice is paid, an incomplete subscription is active. */
  succeed(paymentIntentId: string): void;
  /**
   * The subscription's period ends: Stripe opens the next month's invoice and charges it (paid), or the
   * charge fails (the invoice stays open, the subscription is past_due). A subscription to cancel at
   * its period end is cancelled instead. Answers the new invoice (or null when cancelled).
   */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): Invoice | null;
  /**
   * The free period (our pause) ends: a new monthly period from trial_end, the subscription active at
   * once, its invoice a draft that Stripe finalizes and charges about an hour later (chargeAfterTrial).
   */
  endTrial(subscriptionId: string): Invoice;
  /** An hour after the free period's end: the draft invoice finalized and charged; throws when called sooner, as Stripe would not have. */
  chargeAfterTrial(subscriptionId: string, outcome: 'paid' | 'failed'): Invoice;
  /** Deleted at once on Stripe's side (the dashboard, or the end of failed retries). */
  cancelNow(subscriptionId: string): void;
  /**
   * A Stripe event of the object as it is now (a snapshot: later changes do not alter it), rendered at
   * `apiVersion` (the endpoint's; by default the stand-in's endpoint version).
   */
  event(type: string, object: object, created?: Date, apiVersion?: string): Json;
  /** The webhook endpoint's API version the events are rendered at. */
  endpointApiVersion: string;
  /** The Stripe-Signature header of a payload, as Stripe computes it. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}
