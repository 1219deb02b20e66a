import { daysRemaining } from '../../../shared/rules/premium';
import type { PremiumStatus } from '../../../shared/schemas/premium';
import type { UserRow } from '../auth/guard';
import { isPremiumNow } from '../auth/users';

/** Whether the member is premium now, until when, and the days remaining (rounded up, never below 0). */
export function premiumStatusOf(user: UserRow, now = new Date()): PremiumStatus {
  const premium = isPremiumNow(user, now);
  return {
    isPremium: premium,
    endDate: user.premiumEndDate?.toISOString() ?? null,
    daysRemaining: premium ? daysRemaining(user.premiumEndDate, now) : 0,
  };
}
