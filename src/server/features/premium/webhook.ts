import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { PREMIUM_API_MESSAGES, PREMIUM_NOTIFICATION_TYPES } from '../../../shared/messages/api';
import { inTransaction } from '../../db/client';
import { premiumSubscriptions, stripeEvents, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { StripePayments, StripeSubscriptionState } from '../../providers/payments/stripe';
import { notify } from '../notifications/service';
import { isPausedAt, later } from './rule';
import { applyPaid, type PremiumDeps, type SubscriptionRow, viaProvider } from './service';

/** The only event types acted on; any other verified event is acknowledged and ignored. */
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

/**
 * POST /api/stripe/webhook. The raw body's signature is checked (300 s tolerance: a captured delivery
 * cannot be replayed later), each event id is handled once (stripe_events), and only the allow-listed
 * types act. The event's own content is not trusted: the subscription it names is re-read from Stripe
 * and this member's state follows what Stripe holds now, so a forged, replayed or out-of-order event
 * changes nothing. An event older than the newest one applied to its subscription is ignored.
 */
export async function receiveStripeWebhook(deps: PremiumDeps, rawBody: unknown, signature: unknown): Promise<void> {
  const payments = deps.payments;
  if (payments?.mode !== 'stripe') throw notFound();
  if (!Buffer.isBuffer(rawBody) || typeof signature !== 'string' || !signature) throw badRequest(PREMIUM_API_MESSAGES.webhookSignature);
  let event: Stripe.Event;
  try {
    event = payments.verifiedEvent(rawBody, signature);
  } catch {
    throw badRequest(PREMIUM_API_MESSAGES.webhookSignature);
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw badRequest(PREMIUM_API_MESSAGES.webhookSignature);
  const fresh = await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh.length) return; // handled already: a replay or Stripe's retry
  if (!HANDLED_EVENTS.has(event.type)) return;
  try {
    await applyEvent(deps, payments, event);
  } catch (err) {
    // Not handled after all: Stripe delivers it again later.
    await deps.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw err;
  }
}

async function applyEvent(deps: PremiumDeps, payments: StripePayments, event: Stripe.Event): Promise<void> {
  const object = event.data?.object as unknown as { object?: string; id?: string };
  const subscriptionId = eventSubscriptionId(object);
  if (!subscriptionId) return;
  const [row] = await deps.db
    .select()
    .from(premiumSubscriptions)
    .where(and(eq(premiumSubscriptions.subscriptionId, subscriptionId), eq(premiumSubscriptions.provider, 'stripe')));
  if (!row) return; // not a subscription of ours
  const eventAt = new Date(event.created * 1000);
  if (row.lastEventAt && eventAt.getTime() < row.lastEventAt.getTime()) return;
  const state = await viaProvider(() => payments.subscriptionState(subscriptionId));
  if (!state || state.customerId !== row.customerId) return;
  const applied = await syncFromStripe(deps, row.userId, state, eventAt);
  if (
    applied &&
    event.type === 'invoice.payment_failed' &&
    row.status !== 'incomplete' && // the card form shows a first payment's failure itself
    state.latestInvoice?.id === object.id &&
    state.latestInvoice?.status === 'open'
  ) {
    // A renewal's payment failed and is still unpaid now: the member hears of it; premium lapses with
    // the paid period (nothing extends it) unless a retry or a new card pays.
    await notify(deps.db, { userId: row.userId, type: PREMIUM_NOTIFICATION_TYPES.paymentFailed });
  }
}

/**
 * This member's state from the subscription Stripe holds now: an active one whose latest invoice is
 * paid grants premium to that invoice's period end (once per payment); a cancelled (deleted) one ends
 * premium at its period end at the latest; a free period (our pause) and an unpaid renewal change
 * nothing. Answers false when a newer event was applied meanwhile.
 */
export async function syncFromStripe(deps: PremiumDeps, userId: string, state: StripeSubscriptionState, eventAt: Date): Promise<boolean> {
  const at = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const [r] = (await tx
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, userId))
      .for('update')) as SubscriptionRow[];
    if (!u || !r || r.subscriptionId !== state.id) return false;
    if (r.lastEventAt && eventAt.getTime() < r.lastEventAt.getTime()) return false;
    const patch: Partial<SubscriptionRow> = { lastEventAt: later(r.lastEventAt, eventAt), updatedAt: at };
    switch (state.status) {
      case 'canceled':
      case 'incomplete_expired': {
        patch.status = 'ended';
        patch.currentPeriodEnd = state.currentPeriodEnd;
        if (u.premiumEndDate && u.premiumEndDate.getTime() > state.currentPeriodEnd.getTime()) {
          await tx.update(users).set({ premiumEndDate: state.currentPeriodEnd, updatedAt: at }).where(eq(users.id, userId));
        }
        break;
      }
      case 'active':
      case 'past_due':
      case 'unpaid': {
        if (isPausedAt(u, at)) break; // our pause holds until its end (Stripe shows it as a free period)
        const paid = state.status === 'active' && state.latestInvoice?.status === 'paid';
        if (r.status === 'incomplete' && !paid) break;
        if (r.status === 'paused' && u.premiumPausedUntil) {
          // The pause is over and Stripe billed again before the resume task ran: resumed here.
          await tx.update(users).set({ premiumPausedUntil: null, updatedAt: at }).where(eq(users.id, userId));
        }
        patch.status = state.cancelAtPeriodEnd ? 'cancelling' : 'active';
        patch.currentPeriodEnd = state.currentPeriodEnd;
        await tx.update(premiumSubscriptions).set(patch).where(eq(premiumSubscriptions.userId, userId));
        if (paid && state.latestInvoice) {
          await applyPaid(tx, at, userId, 'stripe', {
            paymentIntentId: state.latestInvoice.paymentId,
            periodEnd: state.latestInvoice.periodEnd,
          });
        }
        return true;
      }
      default:
        // trialing (our pause), incomplete (first payment pending), paused: nothing to apply.
        break;
    }
    await tx.update(premiumSubscriptions).set(patch).where(eq(premiumSubscriptions.userId, userId));
    return true;
  });
}
