import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { pauseWindow } from '../../../shared/rules/premium';
import type { PaymentIntentAnswer, PaymentIntentBody, PremiumStatus, Subscription } from '../../../shared/schemas/premium';
import { type Db, inTransaction } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { premiumPayments, premiumSubscriptions, users } from '../../db/schema';
import { AppError, conflict, unavailable } from '../../http/errors';
import type { Payments } from '../../providers/payments/index';
import { type HeldSubscription, type PaidPeriod, PaymentUnavailable } from '../../providers/payments/types';
import { type SubscriptionRow, subscriptionRow, visibleStatus } from './queries';
import { isPremiumAt, later, premiumStatusAt } from './rule';

/** What the premium service works with: the database, the payment provider and the clock. */
export interface PremiumDeps {
  db: Db;
  /** null in production without Stripe: payment calls answer 503. */
  payments: Payments | null;
  now: () => Date;
}

/** Whether the member is premium now, until when, and the days remaining (rounded up, never below 0). */
export function premiumStatusOf(user: UserRow, now = new Date()): PremiumStatus {
  return premiumStatusAt(user, now);
}

function providerOf(deps: PremiumDeps): Payments {
  if (!deps.payments) throw unavailable(PREMIUM_API_MESSAGES.paymentsUnavailable);
  return deps.payments;
}

/** A provider call; an outage or a wrong answer reaches the member as 503 (the cause kept for the log). */
export async function viaProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentUnavailable) throw Object.assign(unavailable(PREMIUM_API_MESSAGES.providerUnavailable), { cause: err });
    throw err;
  }
}

const paymentNotConfirmed = () => new AppError(402, PREMIUM_API_MESSAGES.paymentNotConfirmed);

export const heldOf = (row: SubscriptionRow): HeldSubscription => ({
  userId: row.userId,
  customerId: row.customerId,
  subscriptionId: row.subscriptionId,
  generation: row.generation,
  currentPeriodEnd: row.currentPeriodEnd,
});

function viewOf(deps: PremiumDeps, user: UserRow, row: SubscriptionRow | null): Subscription {
  const at = deps.now();
  const status = visibleStatus(row, user, deps.payments?.mode ?? null, at);
  return {
    status,
    isPremium: isPremiumAt(user, at),
    currentPeriodEnd: status === 'none' ? null : (row?.currentPeriodEnd?.toISOString() ?? null),
    pausedUntil: status === 'paused' ? (user.premiumPausedUntil?.toISOString() ?? null) : null,
    pauseUsed: user.premiumPauseUsedAt !== null,
  };
}

async function freshUser(db: Db, userId: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u;
}

/** GET /api/premium/subscription. */
export async function subscriptionOf(deps: PremiumDeps, user: UserRow): Promise<Subscription> {
  return viewOf(deps, user, await subscriptionRow(deps.db, user.id));
}

/**
 * POST /api/create-payment-intent: the customer (once) and a monthly subscription whose first payment
 * the card form confirms; the unpaid subscription of an earlier attempt is reused while it can be paid.
 * A member whose subscription is live (active, cancelling or paused) is refused with 409.
 */
export async function startPayment(deps: PremiumDeps, user: UserRow, body: PaymentIntentBody): Promise<PaymentIntentAnswer> {
  const payments = providerOf(deps);
  const { db } = deps;
  await db.insert(premiumSubscriptions).values({ userId: user.id, provider: payments.mode }).onConflictDoNothing();
  let row = (await subscriptionRow(db, user.id)) as SubscriptionRow;
  if (row.provider !== payments.mode) {
    // Held by the other provider (the demo's, before Stripe was configured): that one is over.
    await db
      .update(premiumSubscriptions)
      .set({
        provider: payments.mode,
        customerId: null,
        subscriptionId: null,
        status: 'ended',
        currentPeriodEnd: null,
        updatedAt: deps.now(),
      })
      .where(and(eq(premiumSubscriptions.userId, user.id), eq(premiumSubscriptions.provider, row.provider)));
    row = (await subscriptionRow(db, user.id)) as SubscriptionRow;
  }
  if (visibleStatus(row, user, payments.mode, deps.now()) !== 'none') throw conflict(PREMIUM_API_MESSAGES.alreadySubscribed);
  const held = { ...heldOf(row), subscriptionId: row.status === 'incomplete' ? row.subscriptionId : null };
  const started = await viaProvider(() => payments.start({ userId: user.id, email: body.email, name: body.name }, held));
  // Two concurrent calls use the same idempotency key (one subscription); the first one's write wins.
  await db
    .update(premiumSubscriptions)
    .set({
      customerId: started.customerId,
      subscriptionId: started.subscriptionId,
      status: 'incomplete',
      currentPeriodEnd: null,
      generation: started.created ? row.generation + 1 : row.generation,
      updatedAt: deps.now(),
    })
    .where(and(eq(premiumSubscriptions.userId, user.id), eq(premiumSubscriptions.generation, row.generation)));
  return { clientSecret: started.clientSecret, mode: payments.mode, publishableKey: payments.publishableKey };
}

/**
 * A payment the provider confirmed, applied once (premium_payments): premium until the paid period's
 * end (never shortened), one more month counted, and a subscription awaiting its first payment becomes
 * active. A repeat of the same payment changes nothing. Answers the member's premium end.
 */
export async function applyPaid(tx: Db, now: Date, userId: string, provider: string, paid: PaidPeriod): Promise<Date> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  const fresh = await tx
    .insert(premiumPayments)
    .values({ paymentId: paid.paymentIntentId, userId, provider, periodEnd: paid.periodEnd })
    .onConflictDoNothing()
    .returning({ id: premiumPayments.paymentId });
  let end = u.premiumEndDate;
  if (fresh.length) {
    end = later(u.premiumEndDate, paid.periodEnd);
    await tx
      .update(users)
      .set({
        isPremium: true,
        premiumStartDate: isPremiumAt(u, now) && u.premiumStartDate ? u.premiumStartDate : now,
        premiumEndDate: end,
        totalPremiumMonths: sql`${users.totalPremiumMonths} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(premiumSubscriptions)
      .set({
        status: sql`case when ${premiumSubscriptions.status} = 'incomplete' then 'active' else ${premiumSubscriptions.status} end`,
        currentPeriodEnd: sql`greatest(${premiumSubscriptions.currentPeriodEnd}, ${paid.periodEnd.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(premiumSubscriptions.userId, userId));
  }
  return end ?? paid.periodEnd;
}

/**
 * POST /api/user/upgrade-premium: premium only for a payment the provider confirms (succeeded, this
 * member's customer and subscription); otherwise 402 and nothing changes. Idempotent per payment.
 */
export async function upgradePremium(
  deps: PremiumDeps,
  user: UserRow,
  paymentIntentId: string | undefined,
): Promise<{ premiumEndDate: string }> {
  const payments = providerOf(deps);
  const row = await subscriptionRow(deps.db, user.id);
  if (!row || row.provider !== payments.mode || !row.subscriptionId) throw paymentNotConfirmed();
  const paid = await viaProvider(() => payments.confirmedPayment(heldOf(row), paymentIntentId));
  if (!paid) throw paymentNotConfirmed();
  const end = await inTransaction(deps.db, (tx) => applyPaid(tx, deps.now(), user.id, payments.mode, paid));
  return { premiumEndDate: end.toISOString() };
}

/** POST /api/demo-checkout/confirm (a provider with its own test card form: the demo; the route does not exist otherwise). */
export async function confirmDemoPayment(deps: PremiumDeps, user: UserRow, clientSecret: string) {
  const confirm = deps.payments?.confirm;
  if (!confirm) throw new AppError(404, PREMIUM_API_MESSAGES.demoPaymentNotFound);
  const { paymentIntentId } = await confirm(user.id, clientSecret);
  return { paymentIntentId, status: 'succeeded' as const };
}

/**
 * POST /api/premium/pause: 90 days, once per member lifetime, only for a live monthly subscription of a
 * premium member. The pause begins when the paid period ends (issue 24.9, decision 0026): premium until
 * then, then 90 days with neither premium nor charges, then a scheduled task resumes billing and premium
 * (schedule.ts); the member hears of it 3 days before. Nothing paid is lost.
 */
export async function pausePremium(deps: PremiumDeps, user: UserRow): Promise<Subscription> {
  const payments = providerOf(deps);
  const at = deps.now();
  if (user.premiumPauseUsedAt) throw conflict(PREMIUM_API_MESSAGES.pauseUsed);
  const row = await subscriptionRow(deps.db, user.id);
  if (!row || visibleStatus(row, user, payments.mode, at) !== 'active' || row.status !== 'active' || !isPremiumAt(user, at)) {
    throw conflict(PREMIUM_API_MESSAGES.pauseNeedsActive);
  }
  const { from, until } = pauseWindow(row.currentPeriodEnd ?? user.premiumEndDate, at);
  await viaProvider(() => payments.pause(heldOf(row), until));
  await inTransaction(deps.db, async (tx) => {
    const done = await tx
      .update(users)
      .set({ premiumPausedUntil: until, premiumPauseUsedAt: at, premiumEndDate: from, updatedAt: at })
      .where(and(eq(users.id, user.id), isNull(users.premiumPauseUsedAt)))
      .returning({ id: users.id });
    if (!done.length) throw conflict(PREMIUM_API_MESSAGES.pauseUsed);
    await tx
      .update(premiumSubscriptions)
      .set({ status: 'paused', currentPeriodEnd: from, resumeNoticeAt: null, resumeTaskId: null, updatedAt: at })
      .where(eq(premiumSubscriptions.userId, user.id));
  });
  return subscriptionOf(deps, await freshUser(deps.db, user.id));
}

/**
 * POST /api/premium/cancel: no renewal; premium stays until the period end (the day before the
 * renewal date). A paused subscription ends with its pause, without billing. A repeat changes nothing.
 */
export async function cancelPremium(deps: PremiumDeps, user: UserRow): Promise<Subscription> {
  const payments = providerOf(deps);
  const at = deps.now();
  const row = await subscriptionRow(deps.db, user.id);
  const status = visibleStatus(row, user, payments.mode, at);
  if (!row || status === 'none') throw conflict(PREMIUM_API_MESSAGES.noSubscription);
  if (status !== 'cancelling') {
    const end = await viaProvider(() => payments.cancelAtPeriodEnd(heldOf(row)));
    // A paused one ends with its paid period (the free period after it is never reached).
    const periodEnd = row.status === 'paused' ? row.currentPeriodEnd : (end ?? row.currentPeriodEnd);
    await deps.db
      .update(premiumSubscriptions)
      .set({ status: 'cancelling', currentPeriodEnd: periodEnd, updatedAt: at })
      .where(and(eq(premiumSubscriptions.userId, user.id), inArray(premiumSubscriptions.status, ['active', 'paused'])));
  }
  return subscriptionOf(deps, await freshUser(deps.db, user.id));
}
