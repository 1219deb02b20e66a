import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addMonths } from '../features/premium/rule';
import { STRIPE_API_VERSION } from '../providers/payments/stripe';
import {
  type Customer,
  type Invoice,
  type Json,
  type PaymentIntent,
  parseForm,
  rand,
  renderAt,
  type StripeCall,
  type StripeStandIn,
  type Subscription,
  stripeError,
  unix,
} from './stripe-stand-in-objects';

/**
 * A local stand-in of the Stripe REST API (no network here), written from Stripe's API reference
 * (https://docs.stripe.com/api, versions 2025-02-24.acacia and 2025-03-31.basil), its changelog
 * (https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects) and
 * stripe-node 17.7.0's types, for exactly the calls the premium integration makes through the official
 * SDK (pointed at it with STRIPE_API_BASE):
 *   POST /v1/customers, POST /v1/subscriptions, GET and POST /v1/subscriptions/{id},
 *   GET /v1/payment_intents/{id}
 * Bodies and queries are form-encoded as the SDK writes them (`items[0][price]`, `expand[0]`), answers
 * are Stripe-shaped JSON (2025-02-24.acacia: an invoice names its payment_intent), errors are Stripe's
 * `{ error: { type, code, message, param } }`, an Idempotency-Key replays the first answer. The
 * helpers play what happens on Stripe's side (a card payment, a renewal, the end of a free period) and
 * post webhooks signed like Stripe's.
 *
 * Webhook events are rendered at the webhook endpoint's API version (Stripe's rule: the endpoint's
 * `api_version`, else the account's default), whatever version the SDK pins. From 2025-03-31.basil on an
 * invoice has no `subscription` nor `payment_intent` (its subscription is
 * `parent.subscription_details.subscription`, its payments a `payments` list), a line item's
 * subscription is `parent.subscription_item_details.subscription`, and a subscription's period lives on
 * its items. The default endpoint version is a current one, as for an endpoint created today.
 *
 * A free period's end (trial_end) is invoiced as Stripe does: the subscription turns active at once
 * with a draft invoice, which Stripe finalizes and charges about an hour later (`chargeAfterTrial`).
 *
 * A recorded answer (docs.stripe.com/api/events/object, basil), trimmed to the fields read here:
 *   {"id":"evt_1NG8Du2eZvKYlo2CUI79vXWy","object":"event","api_version":"2025-03-31.basil",
 *    "created":1686089970,"data":{"object":{"id":"in_1MtHbELkdIwHu7ixl4OzzPMv","object":"invoice",
 *    "parent":{"type":"subscription_details","quote_details":null,"subscription_details":{"metadata":{},
 *    "subscription":"sub_1MtHbELkdIwHu7ixl4OzzPMv"}},"status":"paid"}},"livemode":false,
 *    "pending_webhooks":0,"request":{"id":null,"idempotency_key":null},"type":"invoice.paid"}
 */

/** The API version of a webhook endpoint created today (the account's default when none is set). */
export const CURRENT_ENDPOINT_API_VERSION = '2025-09-30.clover';

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_PRICE_ID: 'price_monthly550',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
} as const;

/** Starts the stand-in; `now` is the clock of its periods (the tests' controlled clock). */
export async function startStripeStandIn(now: () => Date, opts: { endpointApiVersion?: string } = {}): Promise<StripeStandIn> {
  const endpointApiVersion = opts.endpointApiVersion ?? CURRENT_ENDPOINT_API_VERSION;
  const calls: StripeCall[] = [];
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const replays = new Map<string, { params: string; status: number; body: string }>();
  const draftPayments = new Map<string, string>();

  /** An invoice for the month from `start`, with its payment intent. */
  function openInvoice(sub: Subscription, start: Date): Invoice {
    const end = addMonths(start, 1);
    const invoiceId = `in_${rand(24)}`;
    const pi: PaymentIntent = {
      id: `pi_${rand(24)}`,
      object: 'payment_intent',
      amount: 550,
      currency: 'jpy',
      client_secret: '',
      customer: sub.customer,
      invoice: invoiceId,
      status: 'requires_payment_method',
      created: unix(now()),
      livemode: false,
    };
    pi.client_secret = `${pi.id}_secret_${rand(24)}`;
    paymentIntents.set(pi.id, pi);
    const invoice: Invoice = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      status: 'open',
      payment_intent: pi.id,
      amount_due: 550,
      currency: 'jpy',
      period_start: unix(start),
      period_end: unix(start),
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${rand(24)}`,
            object: 'line_item',
            type: 'subscription',
            amount: 550,
            currency: 'jpy',
            subscription: sub.id,
            period: { start: unix(start), end: unix(end) },
          },
        ],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
      created: unix(now()),
      livemode: false,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    sub.current_period_start = unix(start);
    sub.current_period_end = unix(end);
    return invoice;
  }

  function charge(sub: Subscription, invoice: Invoice, outcome: 'paid' | 'failed') {
    const pi = paymentIntents.get(invoice.payment_intent as string) as PaymentIntent;
    if (outcome === 'paid') {
      pi.status = 'succeeded';
      invoice.status = 'paid';
      sub.status = 'active';
    } else {
      sub.status = 'past_due';
    }
  }

  const subscriptionJson = (sub: Subscription, expand: string[]): Json => {
    const out: Json = { ...sub };
    if (expand.includes('latest_invoice') || expand.includes('latest_invoice.payment_intent')) {
      const invoice: Json = { ...(invoices.get(sub.latest_invoice) as Invoice) };
      if (expand.includes('latest_invoice.payment_intent') && invoice.payment_intent) {
        invoice.payment_intent = { ...(paymentIntents.get(invoice.payment_intent as string) as PaymentIntent) };
      }
      out.latest_invoice = invoice;
    }
    return out;
  };

  function route(method: string, path: string, params: Json, res: http.ServerResponse): { status: number; body: Json } | null {
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    if (method === 'POST' && path === '/v1/customers') {
      const c: Customer = {
        id: `cus_${rand(14)}`,
        object: 'customer',
        email: (params.email as string) ?? null,
        name: (params.name as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: unix(now()),
        livemode: false,
      };
      customers.set(c.id, c);
      return { status: 200, body: { ...c } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = params.items as { price?: string }[] | undefined;
      if (!customers.has(params.customer as string)) {
        stripeError(res, 400, 'invalid_request_error', `No such customer: '${params.customer}'`, 'resource_missing', 'customer');
        return null;
      }
      if (items?.[0]?.price !== STAND_IN_KEYS.STRIPE_PRICE_ID || items.length !== 1) {
        stripeError(res, 400, 'invalid_request_error', `No such price: '${items?.[0]?.price}'`, 'resource_missing', 'items[0][price]');
        return null;
      }
      if (params.payment_behavior !== 'default_incomplete') {
        stripeError(
          res,
          400,
          'invalid_request_error',
          'This stand-in serves payment_behavior=default_incomplete only',
          undefined,
          'payment_behavior',
        );
        return null;
      }
      const sub: Subscription = {
        id: `sub_${rand(24)}`,
        object: 'subscription',
        customer: params.customer as string,
        status: 'incomplete',
        cancel_at_period_end: false,
        current_period_start: 0,
        current_period_end: 0,
        trial_end: null,
        latest_invoice: '',
        items: {
          object: 'list',
          data: [{ id: `si_${rand(14)}`, object: 'subscription_item', price: { id: STAND_IN_KEYS.STRIPE_PRICE_ID, object: 'price' } }],
          has_more: false,
          url: '/v1/subscription_items',
        },
        metadata: (params.metadata as Record<string, string>) ?? {},
        payment_settings: (params.payment_settings as Json) ?? {},
        created: unix(now()),
        ended_at: null,
        livemode: false,
      };
      subscriptions.set(sub.id, sub);
      openInvoice(sub, now());
      return { status: 200, body: subscriptionJson(sub, expand) };
    }
    const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subPath) {
      const sub = subscriptions.get(decodeURIComponent(subPath[1]));
      if (!sub) {
        stripeError(res, 404, 'invalid_request_error', `No such subscription: '${subPath[1]}'`, 'resource_missing', 'id');
        return null;
      }
      if (method === 'POST') {
        if (sub.status === 'canceled') {
          stripeError(res, 400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
          return null;
        }
        if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (params.trial_end !== undefined) {
          // A free period from now to trial_end: the current period ends now (the unused paid days
          // become a proration credit, not modelled here), no invoice until the trial ends.
          sub.status = 'trialing';
          sub.trial_end = Number(params.trial_end);
          sub.current_period_start = unix(now());
          sub.current_period_end = sub.trial_end;
        }
      }
      return { status: 200, body: subscriptionJson(sub, expand) };
    }
    const piPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && piPath) {
      const pi = paymentIntents.get(decodeURIComponent(piPath[1]));
      if (!pi) {
        stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${piPath[1]}'`, 'resource_missing', 'intent');
        return null;
      }
      const out: Json = { ...pi };
      if (expand.includes('invoice')) out.invoice = { ...(invoices.get(pi.invoice) as Invoice) };
      return { status: 200, body: out };
    }
    stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    return null;
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      if (req.headers.authorization !== `Bearer ${STAND_IN_KEYS.STRIPE_SECRET_KEY}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.headers['stripe-version'] !== STRIPE_API_VERSION) {
        return stripeError(res, 400, 'invalid_request_error', `This stand-in speaks ${STRIPE_API_VERSION} only`);
      }
      if (method === 'POST' && !/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        return stripeError(res, 400, 'invalid_request_error', 'Form-encoded bodies only');
      }
      const formText = method === 'GET' ? url.search.slice(1) : text;
      const params = parseForm(formText);
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method, path: url.pathname, params, idempotencyKey: key });
      const replayKey = key ? `${method} ${url.pathname} ${key}` : null;
      const seen = replayKey ? replays.get(replayKey) : undefined;
      if (seen) {
        if (seen.params !== formText) {
          return stripeError(
            res,
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(seen.body);
      }
      const answer = route(method, url.pathname, params, res);
      if (!answer) return;
      const body = JSON.stringify(answer.body);
      if (replayKey) replays.set(replayKey, { params: formText, status: answer.status, body });
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${rand(14)}` }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mustSub = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`stand-in: no subscription ${id}`);
    return sub;
  };

  return {
    url,
    env: { ...STAND_IN_KEYS, STRIPE_API_BASE: url },
    calls,
    customers,
    subscriptions,
    invoices,
    paymentIntents,
    succeed(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId);
      if (!pi) throw new Error(`stand-in: no payment intent ${paymentIntentId}`);
      const invoice = invoices.get(pi.invoice) as Invoice;
      charge(mustSub(invoice.subscription), invoice, 'paid');
    },
    renew(subscriptionId, outcome) {
      const sub = mustSub(subscriptionId);
      if (sub.cancel_at_period_end) {
        sub.status = 'canceled';
        sub.ended_at = sub.current_period_end;
        return null;
      }
      const invoice = openInvoice(sub, new Date(sub.current_period_end * 1000));
      charge(sub, invoice, outcome);
      return invoice;
    },
    endTrial(subscriptionId) {
      const sub = mustSub(subscriptionId);
      const start = new Date((sub.trial_end ?? sub.current_period_end) * 1000);
      sub.trial_end = null;
      sub.status = 'active';
      const invoice = openInvoice(sub, start);
      // A draft has no payment yet: its payment intent is made when Stripe finalizes it.
      draftPayments.set(invoice.id, invoice.payment_intent as string);
      invoice.payment_intent = null;
      invoice.status = 'draft';
      invoice.created = unix(start);
      return invoice;
    },
    chargeAfterTrial(subscriptionId, outcome) {
      const sub = mustSub(subscriptionId);
      const invoice = invoices.get(sub.latest_invoice) as Invoice;
      if (invoice?.status !== 'draft') throw new Error('stand-in: no draft invoice after a trial');
      if (unix(now()) < invoice.created + 3600) throw new Error('stand-in: Stripe finalizes a trial’s invoice about an hour after it ends');
      invoice.status = 'open';
      invoice.payment_intent = draftPayments.get(invoice.id) ?? null;
      charge(sub, invoice, outcome);
      return invoice;
    },
    cancelNow(subscriptionId) {
      const sub = mustSub(subscriptionId);
      sub.status = 'canceled';
      sub.ended_at = unix(now());
    },
    endpointApiVersion,
    event(type, object, created = now(), apiVersion = endpointApiVersion) {
      return {
        id: `evt_${rand(24)}`,
        object: 'event',
        api_version: apiVersion,
        created: unix(created),
        data: { object: renderAt(object as Json, apiVersion) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    sign(payload, opts = {}) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
