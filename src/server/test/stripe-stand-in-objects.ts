import { randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * The objects the Stripe stand-in (stripe-stand-in.ts) keeps, rendered as Stripe renders them at an API
 * version, the SDK's form encoding it reads, its error answer, and the stand-in's interface.
 */

/** Whether events at this API version carry the invoicing `parent` shape (2025-03-31.basil and later). */
export const rendersBasilShape = (apiVersion: string) => apiVersion.slice(0, 10) >= '2025-03-31';

/** An acacia-shaped object as Stripe renders it at `apiVersion` (a copy). */
export function renderAt(object: Json, apiVersion: string): Json {
  const out = JSON.parse(JSON.stringify(object)) as Json;
  if (!rendersBasilShape(apiVersion)) return out;
  if (out.object === 'invoice') {
    const subscription = out.subscription ?? null;
    delete out.subscription;
    delete out.subscription_details;
    const pi = out.payment_intent;
    delete out.payment_intent;
    out.parent = subscription
      ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription } }
      : null;
    out.payments = {
      object: 'list',
      data: pi
        ? [
            {
              object: 'invoice_payment',
              payment: { type: 'payment_intent', payment_intent: pi },
              status: out.status === 'paid' ? 'paid' : 'open',
            },
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${out.id}`,
    };
    const lines = (out.lines as { data: Json[] } | undefined)?.data ?? [];
    for (const line of lines) {
      const sub = line.subscription ?? null;
      delete line.subscription;
      delete line.type;
      line.parent = {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { subscription: sub, proration: false },
      };
    }
  }
  if (out.object === 'subscription') {
    const items = (out.items as { data: Json[] } | undefined)?.data ?? [];
    for (const item of items) {
      item.current_period_start = out.current_period_start;
      item.current_period_end = out.current_period_end;
    }
    delete out.current_period_start;
    delete out.current_period_end;
  }
  return out;
}

export type Json = Record<string, unknown>;

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
  invoice: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  created: number;
  livemode: false;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  subscription: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  payment_intent: string | null;
  amount_due: number;
  currency: 'jpy';
  period_start: number;
  period_end: number;
  lines: { object: 'list'; data: Json[]; has_more: false; url: string };
  created: number;
  livemode: false;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  latest_invoice: string;
  items: { object: 'list'; data: Json[]; has_more: false; url: string };
  metadata: Record<string, string>;
  payment_settings: Json;
  created: number;
  ended_at: number | null;
  livemode: false;
}

export interface StripeCall {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
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

export function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string, param?: string) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand(14)}` })
    .end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } }));
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
