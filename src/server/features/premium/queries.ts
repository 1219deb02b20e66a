import { eq } from 'drizzle-orm';
import type { Subscription } from '../../../shared/schemas/premium';
import type { Db } from '../../db/client';
import { premiumSubscriptions, type UserRow } from '../../db/schema';
import { isPauseAheadOrInForceAt } from './rule';

/**
 * The subscription reads other features share (services never import services, docs/conventions.md
 * "Layers"): a member's subscription row and the state the member sees of it, which admin members shows.
 */

export type SubscriptionRow = typeof premiumSubscriptions.$inferSelect;

export async function subscriptionRow(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(premiumSubscriptions).where(eq(premiumSubscriptions.userId, userId));
  return row ?? null;
}

/**
 * The state the member sees (SubscriptionSchema.status): a subscription of another provider than the
 * configured one (the demo's, once Stripe is set up) is none; a cancelled one is cancelling until its
 * period end, then none; a pause whose end has come is active (its resume is under way).
 */
export function visibleStatus(row: SubscriptionRow | null, user: UserRow, mode: string | null, at: Date): Subscription['status'] {
  if (!row || row.provider !== mode) return 'none';
  switch (row.status) {
    case 'active':
      return 'active';
    case 'paused':
      // Paused from the request on (premium still runs to the period end), active once it is over.
      return isPauseAheadOrInForceAt(user, at) ? 'paused' : 'active';
    case 'cancelling':
      return row.currentPeriodEnd && row.currentPeriodEnd.getTime() > at.getTime() ? 'cancelling' : 'none';
    default:
      return 'none';
  }
}
