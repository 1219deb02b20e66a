import type { User } from '../../../shared/schemas/auth';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A member is premium when flagged and the end date is still ahead. */
export function isPremiumNow(row: Pick<UserRow, 'isPremium' | 'premiumEndDate'>, now = new Date()): boolean {
  return row.isPremium && row.premiumEndDate !== null && row.premiumEndDate.getTime() > now.getTime();
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    customUserId: row.customUserId,
    xHandle: row.xHandle,
    isPremium: isPremiumNow(row),
    premiumStartDate: iso(row.premiumStartDate),
    premiumEndDate: iso(row.premiumEndDate),
    totalPremiumMonths: row.totalPremiumMonths,
    canInvite: row.canInvite,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
