import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../providers/payments/stripe';
import {
  type Customer,
  type Invoice,
  type Json,
  parseForm,
  rand,
  refusedExpansion,
  renderAt,
  type StripeCall,
  type StripeStandIn,
  stripeError,
  unix,
} from './stripe-stand-in-objects';
import { list, standInStore } from './stripe-stand-in-store';

/**
 * A local stand-in of the Stripe REST API (no network here), written from Stripe's API reference at the
 * pinned version (https://docs.stripe.com/api?api-version=2026-09-30.endive), the basil changelog
 * (https://docs.stripe.com/changelog/basil/2025-03-31/add-support-for-multiple-partial-payments-on-invoices,
 * .../adds-new-parent-field-to-invoicing-objects, .../deprecate-subscription-current-period-start-and-end)
 * and stripe-node 23.1.0's types, for exactly the calls the premium integration makes through the
 * official SDK (pointed at it with STRIPE_API_BASE):
 *   POST /v1/customers, POST /v1/subscriptions, GET and POST /v1/subscriptions/{id},
 *   GET /v1/invoice_payments, GET /v1/payment_intents/{id}
 * It speaks the pinned version only (another Stripe-Version header: 400). Bodies and queries are
 * form-encoded as the SDK writes them (`items[0][price]`, `expand[0]`); answers are the version's
 * objects (an invoice's subscription in `parent.subscription_details`, its payments and its
 * `confirmation_secret` only when expanded, periods on the subscription's items, no
 * `invoice.payment_intent` nor `payment_intent.invoice`); an `expand` the object does not have is
 * refused before anything is written, 400 `This property cannot be expanded (...)`; errors are Stripe's
 * `{ error: { type, message, code?, param?, request_log_url } }`; an Idempotency-Key replays the first
 * answer. The helpers play what happens on Stripe's side (a card payment, a renewal, the end of a free
 * period) and post webhooks signed like Stripe's.
 *
 * Webhook events are rendered at the webhook endpoint's API version (Stripe's rule: the endpoint's
 * `api_version`, else the account's default), by default the pinned one; an endpoint still on
 * 2025-02-24.acacia gets the older invoice shape (`subscription`, `payment_intent`).
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

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_PRICE_ID: 'price_monthly550',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
} as const;

const expansions = (params: Json) => (Array.isArray(params.expand) ? (params.expand as string[]) : []);

/** Starts the stand-in; `now` is the clock of its periods (the tests' controlled clock). */
export async function startStripeStandIn(now: () => Date, opts: { endpointApiVersion?: string } = {}): Promise<StripeStandIn> {
  const endpointApiVersion = opts.endpointApiVersion ?? STRIPE_API_VERSION;
  const calls: StripeCall[] = [];
  const replays = new Map<string, { params: string; status: number; body: string }>();
  const store = standInStore(now, STAND_IN_KEYS.STRIPE_PRICE_ID);
  const { customers, subscriptions, invoices, paymentIntents, invoicePayments, paymentIntentOf } = store;
  const { draftInvoice, finalize, charge, customerJson, invoiceJson, subscriptionJson } = store;

  function route(method: string, path: string, params: Json, res: http.ServerResponse): { status: number; body: Json } | null {
    const expand = expansions(params);
    const refuse = (root: string) => {
      const refused = refusedExpansion(expand, root);
      if (refused) stripeError(res, 400, 'invalid_request_error', refused);
      return refused !== null;
    };
    if (method === 'POST' && path === '/v1/customers') {
      if (refuse('customer')) return null;
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
      if (refuse('subscription')) return null;
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
        const only = 'This stand-in serves payment_behavior=default_incomplete only';
        stripeError(res, 400, 'invalid_request_error', only, undefined, 'payment_behavior');
        return null;
      }
      const sub = store.newSubscription(params);
      return { status: 200, body: subscriptionJson(sub, expand) };
    }
    const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subPath) {
      const sub = subscriptions.get(decodeURIComponent(subPath[1]));
      if (refuse('subscription')) return null;
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
          // become a proration credit unless proration_behavior=none), no invoice until the trial ends.
          sub.status = 'trialing';
          sub.trial_end = Number(params.trial_end);
          sub.items.data[0].current_period_start = unix(now());
          sub.items.data[0].current_period_end = sub.trial_end;
        }
      }
      return { status: 200, body: subscriptionJson(sub, expand) };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      if (refuse('list:invoice_payment')) return null;
      const by = (params.payment ?? {}) as { type?: string; payment_intent?: string };
      const found = [...invoicePayments.values()].filter(
        (p) =>
          (!params.invoice || p.invoice === params.invoice) &&
          (!params.status || p.status === params.status) &&
          (!by.payment_intent || p.payment.payment_intent === by.payment_intent),
      );
      const data = found.map(
        (p): Json => (expand.includes('data.invoice') ? { ...p, invoice: invoiceJson(invoices.get(p.invoice) as Invoice, []) } : { ...p }),
      );
      return { status: 200, body: list(data, '/v1/invoice_payments') };
    }
    const piPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && piPath) {
      if (refuse('payment_intent')) return null;
      const pi = paymentIntents.get(decodeURIComponent(piPath[1]));
      if (!pi) {
        stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${piPath[1]}'`, 'resource_missing', 'intent');
        return null;
      }
      return { status: 200, body: { ...pi, ...(expand.includes('customer') ? { customer: customerJson(pi.customer) } : {}) } };
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
      const formText = method === 'GET' ? url.search.slice(1) : text;
      const params = parseForm(formText);
      const key = req.headers['idempotency-key'] as string | undefined;
      const version = req.headers['stripe-version'] as string | undefined;
      calls.push({ method, path: url.pathname, params, idempotencyKey: key, version });
      if (version !== STRIPE_API_VERSION) {
        const speaks = `This stand-in speaks ${STRIPE_API_VERSION} only (Stripe-Version: ${version ?? 'none'})`;
        return stripeError(res, 400, 'invalid_request_error', speaks);
      }
      if (method === 'POST' && !/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        return stripeError(res, 400, 'invalid_request_error', 'Form-encoded bodies only');
      }
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
    invoicePayments,
    paymentIntentOf,
    succeed(paymentIntentId) {
      const payment = [...invoicePayments.values()].find((p) => p.payment.payment_intent === paymentIntentId);
      if (!payment) throw new Error(`stand-in: no payment intent ${paymentIntentId}`);
      const invoice = invoices.get(payment.invoice) as Invoice;
      charge(mustSub(invoice.parent?.subscription_details.subscription as string), invoice, 'paid');
    },
    renew(subscriptionId, outcome) {
      const sub = mustSub(subscriptionId);
      const end = sub.items.data[0].current_period_end;
      if (sub.cancel_at_period_end) {
        sub.status = 'canceled';
        sub.ended_at = end;
        return null;
      }
      const invoice = finalize(draftInvoice(sub, new Date(end * 1000)));
      charge(sub, invoice, outcome);
      return invoice;
    },
    endTrial(subscriptionId) {
      const sub = mustSub(subscriptionId);
      const start = new Date((sub.trial_end ?? sub.items.data[0].current_period_end) * 1000);
      sub.trial_end = null;
      sub.status = 'active';
      sub.billing_cycle_anchor = unix(start);
      // A draft has no payment yet: its payment intent is made when Stripe finalizes it.
      const invoice = draftInvoice(sub, start);
      invoice.created = unix(start);
      return invoice;
    },
    chargeAfterTrial(subscriptionId, outcome) {
      const sub = mustSub(subscriptionId);
      const invoice = invoices.get(sub.latest_invoice) as Invoice;
      if (invoice?.status !== 'draft') throw new Error('stand-in: no draft invoice after a trial');
      if (unix(now()) < invoice.created + 3600) throw new Error('stand-in: Stripe finalizes a trial’s invoice about an hour after it ends');
      charge(sub, finalize(invoice), outcome);
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
        data: { object: renderAt(object as Json, apiVersion, paymentIntentOf) },
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
