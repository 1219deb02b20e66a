import { eq } from 'drizzle-orm';
import { ADMIN_MEMBERS_API_MESSAGES } from '../../../shared/messages/admin-members';
import type { Subscription } from '../../../shared/schemas/premium';
import { type Db, inTransaction } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { users } from '../../db/schema';
import { badRequest, conflict, found } from '../../http/errors';
import { subscriptionRow, visibleStatus } from './queries';
import { addDays, isPremiumAt, later, type PremiumFacts } from './rule';

/**
 * An operator's premium change from the console (issue 18, decision 0024), written through the columns
 * the premium rule reads (rule.ts) so every perk follows at once. The console never calls the payment
 * provider: money stays between the member and the provider.
 */

/** "Edit premium" in the console grants 30 days from now (creator spec §9). */
export const OPERATOR_GRANT_DAYS = 30;

type SubscriptionState = Subscription['status'];

export interface OperatorChange {
  isPremium: boolean;
  /** The end of a grant; null for 30 days from now. Ignored by a revoke. */
  endDate: Date | null;
}

export interface PremiumColumns {
  isPremium: boolean;
  premiumStartDate: Date | null;
  premiumEndDate: Date | null;
}

/**
 * What an operator's change writes, given the member's row and their subscription's state:
 * - a grant: premium until the operator's end date (30 days by default), never cutting short a period
 *   the member paid for (a live subscription's period end); refused while the member's own pause is in
 *   force (its resume and billing are scheduled with the provider);
 * - a revoke: premium ends now (the end date is brought to now); refused while the provider will bill
 *   again (an active or paused subscription), since its next payment would grant premium again: the
 *   member cancels on /cancel, or the operator at the provider. A cancelling subscription (no renewal)
 *   may be revoked.
 */
export function operatorPremium(
  user: PremiumFacts & { premiumStartDate: Date | null },
  subscription: { state: SubscriptionState; periodEnd: Date | null },
  change: OperatorChange,
  now: Date,
): PremiumColumns {
  if (change.isPremium) {
    if (subscription.state === 'paused') throw conflict(ADMIN_MEMBERS_API_MESSAGES.grantWhilePaused);
    const asked = change.endDate ?? addDays(now, OPERATOR_GRANT_DAYS);
    if (asked.getTime() <= now.getTime()) throw badRequest(ADMIN_MEMBERS_API_MESSAGES.endDateInPast);
    const paidUntil = subscription.state === 'active' || subscription.state === 'cancelling' ? subscription.periodEnd : null;
    return {
      isPremium: true,
      premiumStartDate: isPremiumAt(user, now) && user.premiumStartDate ? user.premiumStartDate : now,
      premiumEndDate: paidUntil ? later(paidUntil, asked) : asked,
    };
  }
  if (subscription.state === 'active' || subscription.state === 'paused') throw conflict(ADMIN_MEMBERS_API_MESSAGES.revokeWhileBilled);
  const end = user.premiumEndDate && user.premiumEndDate.getTime() > now.getTime() ? now : user.premiumEndDate;
  return { isPremium: false, premiumStartDate: user.premiumStartDate, premiumEndDate: end };
}

/** The member's subscription as the premium feature sees it with the configured provider. */
export async function subscriptionStateOf(
  db: Db,
  user: UserRow,
  mode: string | null,
  now: Date,
): Promise<{ state: SubscriptionState; periodEnd: Date | null }> {
  const row = await subscriptionRow(db, user.id);
  const state = visibleStatus(row, user, mode, now);
  return { state, periodEnd: state === 'none' ? null : (row?.currentPeriodEnd ?? null) };
}

/** Applies an operator's change to the member's row (locked, so a payment landing meanwhile is not lost). */
export async function applyOperatorPremium(
  db: Db,
  deps: { mode: string | null; now: Date },
  userId: string,
  change: OperatorChange,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const user = found(row, ADMIN_MEMBERS_API_MESSAGES.userNotFound);
    const subscription = await subscriptionStateOf(tx, user, deps.mode, deps.now);
    const columns = operatorPremium(user, subscription, change, deps.now);
    await tx
      .update(users)
      .set({ ...columns, updatedAt: deps.now })
      .where(eq(users.id, userId));
  });
}
