import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { userRef, users } from '../users/tables';

// The premium feature's tables: subscriptions, payments, the demo checkout, Stripe events (re-exported by db/schema.ts).

/**
 * A member's monthly premium subscription (issue 17, docs/decisions: premium), one row per member: which payment
 * provider holds it (Stripe, or the offline demo checkout), its ids there, and its state here. The
 * provider is the source of truth: this row follows what it confirms (upgrade, webhooks, re-reads).
 * status: incomplete (first payment pending), active (renews at currentPeriodEnd), cancelling (ends at
 * currentPeriodEnd), paused (until users.premiumPausedUntil, then billing and premium resume), ended.
 */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status').notNull().default('incomplete'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Counts the subscriptions started for this member: the idempotency key of the next creation. */
    generation: integer('generation').notNull().default(0),
    /** The creation time of the newest provider event applied: an older one arriving later is ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** When the member was told that their pause ends in 3 days (null: not yet). */
    resumeNoticeAt: timestamp('resume_notice_at', { withTimezone: true }),
    /** The scheduled task that resumes the paused subscription (claimed once). */
    resumeTaskId: integer('resume_task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('premium_subscriptions_subscription_idx').on(t.subscriptionId),
    uniqueIndex('premium_subscriptions_customer_idx').on(t.customerId),
    index('premium_subscriptions_status_idx').on(t.status, t.currentPeriodEnd),
    check('premium_subscriptions_provider_check', sql`${t.provider} in ('stripe', 'demo')`),
    check('premium_subscriptions_status_check', sql`${t.status} in ('incomplete', 'active', 'cancelling', 'paused', 'ended')`),
  ],
);

/**
 * The offline demo checkout's payment intents (never used in production nor with Stripe): Stripe's
 * shape (`pi_…`, a client secret `{id}_secret_{random}` of which only the SHA-256 is kept), confirmed by
 * POST /api/demo-checkout/confirm, or charged by the demo's own renewals.
 */
export const demoPaymentIntents = pgTable(
  'demo_payment_intents',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    secretHash: text('secret_hash').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    createdAt: createdAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** The end of the month this payment pays for (set when it succeeds). */
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [
    index('demo_payment_intents_user_idx').on(t.userId, t.createdAt),
    check('demo_payment_intents_status_check', sql`${t.status} in ('requires_payment_method', 'succeeded', 'canceled')`),
  ],
);

/**
 * Every subscription payment that granted premium, once: the key of idempotency of
 * POST /api/user/upgrade-premium and of the webhooks (a repeat adds no month). The id is the payment
 * intent's (pi_…), or the invoice's (in_…) for a paid invoice that needed no payment (a zero total).
 */
export const premiumPayments = pgTable(
  'premium_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    userId: userRef('user_id'),
    provider: text('provider').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('premium_payments_user_idx').on(t.userId)],
);

/** Stripe webhook events already handled (their ids), so a replay changes nothing; swept after 30 days. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);
