import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { addMonths, PREMIUM_PRICE_YEN } from '../../../shared/rules/premium';
import { notFound } from '../../http/errors';
import type { HeldSubscription, PaidPeriod, PaymentProvider, StartedSubscription } from './types';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, as Stripe's ids are made of. */
function alnum(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `{intentId}_secret_{random}`, Stripe's shape; the intent id alone is in group 1. */
const CLIENT_SECRET = /^(pi_[A-Za-z0-9]{1,100})_secret_[A-Za-z0-9]{1,100}$/;

/** A payment intent of the demo checkout, as its store keeps it. */
export interface DemoIntent {
  id: string;
  userId: string;
  /** sha256 of the client secret (hex): the secret itself is never kept. */
  secretHash: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  /** The end of the month it pays for (set when it succeeds). */
  periodEnd: Date | null;
}

/**
 * Where the demo checkout keeps its payment intents. The premium feature hands it one
 * (features/premium/demo-intents.ts), as the app hands the storage provider its directory: the provider
 * owns no table.
 */
export interface DemoIntentStore {
  /** A new intent: unpaid, or already paid (an offline renewal) when `paid` is given. */
  add(intent: { id: string; userId: string; secretHash: string; amount: number; paid?: { at: Date; periodEnd: Date } }): Promise<void>;
  /** The member's intent of this id, or null. */
  find(userId: string, id: string): Promise<DemoIntent | null>;
  /** An unpaid intent is paid at `at` until `periodEnd`; a paid or cancelled one is left as it is. */
  markPaid(id: string, at: Date, periodEnd: Date): Promise<void>;
  /** The member's intent of this id, or without one the member's newest paid one. */
  latest(userId: string, id: string | undefined): Promise<DemoIntent | null>;
}

export interface DemoPayments extends PaymentProvider {
  readonly mode: 'demo';
  /** POST /api/demo-checkout/confirm: the member's own intent of this client secret is paid now. */
  confirm(userId: string, clientSecret: string): Promise<{ paymentIntentId: string }>;
  renew(held: HeldSubscription): Promise<PaidPeriod>;
}

/**
 * The offline demo checkout (issue 17): a provider that needs no network, for a laptop and the tests.
 * Never built in production nor when Stripe is configured (config.payments). Its payment intents are
 * kept in the store the premium feature hands it, with Stripe's id and client-secret shapes; the test card form confirms
 * one (POST /api/demo-checkout/confirm) and upgrade-premium verifies it as it would a Stripe payment.
 * Renewals (at each period end, and when a pause ends) are charged offline: a paid intent is written.
 */
export function createDemoPayments(store: DemoIntentStore, now: () => Date): DemoPayments {
  /** A paid intent of the member: the offline charge of a renewal. */
  async function charge(userId: string, periodEnd: Date): Promise<PaidPeriod> {
    const id = `pi_demo${alnum(24)}`;
    await store.add({
      id,
      userId,
      secretHash: sha256(`${id}_secret_${alnum(24)}`),
      amount: PREMIUM_PRICE_YEN,
      paid: { at: now(), periodEnd },
    });
    return { paymentIntentId: id, periodEnd };
  }

  return {
    mode: 'demo',
    publishableKey: null,

    async start(member, held): Promise<StartedSubscription> {
      const id = `pi_demo${alnum(24)}`;
      const clientSecret = `${id}_secret_${alnum(24)}`;
      await store.add({ id, userId: member.userId, secretHash: sha256(clientSecret), amount: PREMIUM_PRICE_YEN });
      return {
        customerId: held.customerId ?? `cus_demo${alnum(14)}`,
        subscriptionId: held.subscriptionId ?? `sub_demo${alnum(24)}`,
        clientSecret,
        created: held.subscriptionId === null,
      };
    },

    async confirm(userId, clientSecret) {
      const m = CLIENT_SECRET.exec(clientSecret);
      const intent = m ? await store.find(userId, m[1]) : null;
      const given = Buffer.from(sha256(clientSecret), 'hex');
      if (!intent || intent.status === 'canceled' || !timingSafeEqual(Buffer.from(intent.secretHash, 'hex'), given)) {
        throw notFound(PREMIUM_API_MESSAGES.demoPaymentNotFound);
      }
      if (intent.status !== 'succeeded') {
        const at = now();
        await store.markPaid(intent.id, at, addMonths(at, 1));
      }
      return { paymentIntentId: intent.id };
    },

    async confirmedPayment(held: HeldSubscription, paymentIntentId) {
      const intent = await store.latest(held.userId, paymentIntentId);
      if (intent?.status !== 'succeeded' || !intent.periodEnd) return null;
      return { paymentIntentId: intent.id, periodEnd: intent.periodEnd };
    },

    async cancelAtPeriodEnd(held) {
      return held.currentPeriodEnd;
    },

    async pause() {
      // Nothing is billed offline while paused; the resume charges the next month.
    },

    async resume(held, at) {
      return charge(held.userId, addMonths(at, 1));
    },

    async renew(held) {
      const from = held.currentPeriodEnd ?? now();
      return charge(held.userId, addMonths(from, 1));
    },
  };
}
