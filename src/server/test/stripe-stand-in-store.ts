import { addMonths } from '../features/premium/rule';
import {
  type Customer,
  type Invoice,
  type InvoicePayment,
  type Json,
  type PaymentIntent,
  rand,
  type Subscription,
  unix,
} from './stripe-stand-in-objects';

/**
 * What the Stripe stand-in (stripe-stand-in.ts) holds, and how its objects are made, change and are
 * answered at the pinned version: invoices drafted for a month and finalized with their payment intent
 * (an invoice payment), charges, and the JSON of a subscription or invoice with what `expand` asks
 * (`latest_invoice`, its includable `confirmation_secret` and `payments`).
 */

export const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false as const, url });
/** The paths under `field` of a list of expand paths (`latest_invoice.payments` → `payments` under `latest_invoice`). */
const under = (paths: string[], field: string) => paths.filter((p) => p.startsWith(`${field}.`)).map((p) => p.slice(field.length + 1));

export function standInStore(now: () => Date, priceId: string) {
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const invoicePayments = new Map<string, InvoicePayment>();

  const paymentOf = (invoiceId: string) => [...invoicePayments.values()].find((p) => p.invoice === invoiceId) ?? null;
  const paymentIntentOf = (invoiceId: string) => paymentOf(invoiceId)?.payment.payment_intent ?? null;

  /** A draft invoice for the month from `start`: the subscription's new period (on its item). */
  function draftInvoice(sub: Subscription, start: Date): Invoice {
    const end = addMonths(start, 1);
    const item = sub.items.data[0];
    item.current_period_start = unix(start);
    item.current_period_end = unix(end);
    const invoice: Invoice = {
      id: `in_${rand(24)}`,
      object: 'invoice',
      customer: sub.customer,
      status: 'draft',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: sub.id } },
      amount_due: 550,
      amount_paid: 0,
      currency: 'jpy',
      period_start: unix(start),
      period_end: unix(start),
      lines: list(
        [
          {
            id: `il_${rand(24)}`,
            object: 'line_item',
            amount: 550,
            currency: 'jpy',
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration: false, subscription: sub.id, subscription_item: item.id },
            },
            period: { start: unix(start), end: unix(end) },
          },
        ],
        '',
      ),
      created: unix(now()),
      livemode: false,
    };
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Finalized: open, with the payment intent that will pay it (its invoice payment). */
  function finalize(invoice: Invoice): Invoice {
    const pi: PaymentIntent = {
      id: `pi_${rand(24)}`,
      object: 'payment_intent',
      amount: 550,
      currency: 'jpy',
      client_secret: '',
      customer: invoice.customer,
      status: 'requires_payment_method',
      created: unix(now()),
      livemode: false,
    };
    pi.client_secret = `${pi.id}_secret_${rand(24)}`;
    paymentIntents.set(pi.id, pi);
    const payment: InvoicePayment = {
      id: `inpay_${rand(24)}`,
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: unix(now()),
      currency: 'jpy',
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    };
    invoicePayments.set(payment.id, payment);
    invoice.status = 'open';
    return invoice;
  }

  function charge(sub: Subscription, invoice: Invoice, outcome: 'paid' | 'failed') {
    const payment = paymentOf(invoice.id) as InvoicePayment;
    if (outcome === 'paid') {
      (paymentIntents.get(payment.payment.payment_intent) as PaymentIntent).status = 'succeeded';
      Object.assign(payment, { status: 'paid', amount_paid: invoice.amount_due });
      payment.status_transitions.paid_at = unix(now());
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      sub.status = 'active';
    } else {
      sub.status = 'past_due';
    }
  }

  const customerJson = (id: string) => ({ ...(customers.get(id) as Customer) });
  function invoiceJson(invoice: Invoice, expand: string[]): Json {
    const out: Json = JSON.parse(JSON.stringify(invoice));
    if (expand.includes('customer')) out.customer = customerJson(invoice.customer);
    if (expand.includes('confirmation_secret')) {
      const pi = invoice.status === 'open' ? paymentIntentOf(invoice.id) : null;
      out.confirmation_secret = pi
        ? { type: 'payment_intent', client_secret: (paymentIntents.get(pi) as PaymentIntent).client_secret }
        : null;
    }
    if (expand.includes('payments')) {
      const payment = paymentOf(invoice.id);
      out.payments = list(payment ? [{ ...payment }] : [], `/v1/invoice_payments?invoice=${invoice.id}`);
    }
    return out;
  }
  function subscriptionJson(sub: Subscription, expand: string[]): Json {
    const out: Json = JSON.parse(JSON.stringify(sub));
    if (expand.includes('customer')) out.customer = customerJson(sub.customer);
    if (expand.some((p) => p === 'latest_invoice' || p.startsWith('latest_invoice.'))) {
      out.latest_invoice = invoiceJson(invoices.get(sub.latest_invoice) as Invoice, under(expand, 'latest_invoice'));
    }
    return out;
  }

  /** A new subscription of the monthly price, incomplete until its first invoice is paid. */
  function newSubscription(params: Json): Subscription {
    const id = `sub_${rand(24)}`;
    const sub: Subscription = {
      id,
      object: 'subscription',
      customer: params.customer as string,
      status: 'incomplete',
      billing_cycle_anchor: unix(now()),
      cancel_at_period_end: false,
      trial_end: null,
      latest_invoice: '',
      items: list(
        [
          {
            id: `si_${rand(14)}`,
            object: 'subscription_item',
            price: { id: priceId, object: 'price' },
            quantity: 1,
            subscription: id,
            current_period_start: 0,
            current_period_end: 0,
          },
        ],
        `/v1/subscription_items?subscription=${id}`,
      ),
      metadata: (params.metadata as Record<string, string>) ?? {},
      payment_settings: (params.payment_settings as Json) ?? {},
      pause_collection: null,
      created: unix(now()),
      ended_at: null,
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    finalize(draftInvoice(sub, now()));
    return sub;
  }

  return {
    customers,
    subscriptions,
    invoices,
    paymentIntents,
    invoicePayments,
    paymentOf,
    paymentIntentOf,
    draftInvoice,
    finalize,
    charge,
    customerJson,
    invoiceJson,
    subscriptionJson,
    newSubscription,
  };
}
