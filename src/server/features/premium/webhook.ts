import { and, eq } from 'drizzle-orm';
import { PREMIUM_API_MESSAGES, PREMIUM_NOTIFICATION_TYPES } from '../../../shared/messages/api';
import { inTransaction } from '../../db/client';
import { premiumSubscriptions, stripeEvents, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { PaymentEvent, PaymentWebhook, ProviderSubscriptionState } from '../../providers/payments/types';
import { notify } from '../notifications/public';
import type { SubscriptionRow } from './queries';
import { isPausedAt, later } from './rule';
import { applyPaid, type PremiumDeps, viaProvider } from './service';

/**
 * POST /api/stripe/webhook. The raw body's signature is checked (300 s tolerance: a captured delivery
 * cannot be replayed later), each event id is handled once (stripe_events), and only the allow-listed
 * types act. The event's own content is not trusted: the subscription it names is re-read from Stripe
 * and this member's state follows what Stripe holds now, so a forged, replayed or out-of-order event
 * changes nothing. An event older than the newest one applied to its subscription is ignored.
 */
export async function receiveStripeWebhook(deps: PremiumDeps, rawBody: unknown, signature: unknown): Promise<void> {
  const payments = deps.payments;
  if (!payments?.webhook) throw notFound();
  const { webhook, mode: provider } = payments;
  if (!Buffer.isBuffer(rawBody) || typeof signature !== 'string' || !signature) throw badRequest(PREMIUM_API_MESSAGES.webhookSignature);
  let event: PaymentEvent;
  try {
    event = webhook.verifiedEvent(rawBody, signature);
  } catch {
    throw badRequest(PREMIUM_API_MESSAGES.webhookSignature);
  }
  const fresh = await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh.length) return; // handled already: a replay or Stripe's retry
  if (!event.handled) return;
  try {
    await applyEvent(deps, provider, webhook, event);
  } catch (err) {
    // Not handled after all: Stripe delivers it again later.
    await deps.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw err;
  }
}

async function applyEvent(deps: PremiumDeps, provider: string, webhook: PaymentWebhook, event: PaymentEvent): Promise<void> {
  const subscriptionId = event.subscriptionId;
  if (!subscriptionId) return;
  const [row] = await deps.db
    .select()
    .from(premiumSubscriptions)
    .where(and(eq(premiumSubscriptions.subscriptionId, subscriptionId), eq(premiumSubscriptions.provider, provider)));
  if (!row) return; // not a subscription of ours
  const eventAt = event.at;
  if (row.lastEventAt && eventAt.getTime() < row.lastEventAt.getTime()) return;
  const state = await viaProvider(() => webhook.subscriptionState(subscriptionId));
  if (!state || state.customerId !== row.customerId) return;
  const applied = await syncFromProvider(deps, provider, row.userId, state, eventAt);
  if (
    applied &&
    event.failedInvoiceId !== null &&
    row.status !== 'incomplete' && // the card form shows a first payment's failure itself
    state.latestInvoice?.id === event.failedInvoiceId &&
    state.latestInvoice?.status === 'open'
  ) {
    // A renewal's payment failed and is still unpaid now: the member hears of it; premium lapses with
    // the paid period (nothing extends it) unless a retry or a new card pays.
    await notify(deps.db, { userId: row.userId, type: PREMIUM_NOTIFICATION_TYPES.paymentFailed });
  }
}

/**
 * This member's state from the subscription the provider (Stripe) holds now: an active one whose latest invoice is
 * paid grants premium to that invoice's period end (once per payment); a cancelled (deleted) one ends
 * premium at its period end at the latest; a free period (our pause) and an unpaid renewal change
 * nothing. Answers false when a newer event was applied meanwhile.
 */
export async function syncFromProvider(
  deps: PremiumDeps,
  provider: string,
  userId: string,
  state: ProviderSubscriptionState,
  eventAt: Date,
): Promise<boolean> {
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
          await applyPaid(tx, at, userId, provider, {
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
