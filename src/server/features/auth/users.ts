import type { User } from '../../../shared/schemas/auth';
import type { UserRow } from '../../db/schema';
import { isPremiumAt } from '../premium/public';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    customUserId: row.customUserId,
    xHandle: row.xHandle,
    isPremium: isPremiumAt(row, new Date()),
    premiumStartDate: iso(row.premiumStartDate),
    premiumEndDate: iso(row.premiumEndDate),
    totalPremiumMonths: row.totalPremiumMonths,
    canInvite: row.canInvite,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
