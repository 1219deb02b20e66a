import { and, eq, sql } from 'drizzle-orm';
import { CREATION_LIMIT_REASONS, CREATION_MESSAGES, dailyLimitOf, tokyoDay } from '../../../shared/rules/creation';
import { type Db, rowsOf } from '../../db/client';
import { creationUsage } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { UserRow } from '../auth/guard';
import { isPremiumAt } from '../premium/rule';

/** A use of the day, taken: give it back with `refund` if the work it paid for failed. */
export interface DailyUse {
  day: string;
  count: number;
  limit: number;
}

/**
 * Takes one generation of the member's Asia/Tokyo day, atomically: the conditional upsert adds one
 * only while the count is under the limit, so 20 concurrent requests of a free member give exactly 3
 * uses and 17 refusals (429, the spec's wording). The limit follows premium at this instant.
 */
export async function takeDailyUse(db: Db, user: UserRow, now = new Date()): Promise<DailyUse> {
  const day = tokyoDay(now);
  const limit = dailyLimitOf(isPremiumAt(user, now));
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`
      insert into ${creationUsage} (user_id, day, count) values (${user.id}, ${day}, 1)
      on conflict (user_id, day) do update set count = ${creationUsage.count} + 1
      where ${creationUsage.count} < ${limit}
      returning count`),
  );
  if (!rows.length) throw new AppError(429, CREATION_MESSAGES.postingLimit, { reason: CREATION_LIMIT_REASONS.postingLimit });
  return { day, count: rows[0].count, limit };
}

/** Gives a use back (the preview it paid for failed). */
export async function refundDailyUse(db: Db, userId: string, day: string): Promise<void> {
  await db
    .update(creationUsage)
    .set({ count: sql`greatest(${creationUsage.count} - 1, 0)` })
    .where(and(eq(creationUsage.userId, userId), eq(creationUsage.day, day)));
}

/** GET /api/posting-status: today's count in Japan, the member's limit and what remains. */
export async function postingStatus(db: Db, user: UserRow, now = new Date()) {
  const isPremium = isPremiumAt(user, now);
  const dailyLimit = dailyLimitOf(isPremium);
  const [row] = await db
    .select({ count: creationUsage.count })
    .from(creationUsage)
    .where(and(eq(creationUsage.userId, user.id), eq(creationUsage.day, tokyoDay(now))));
  const currentCount = row?.count ?? 0;
  return { currentCount, dailyLimit, remaining: Math.max(0, dailyLimit - currentCount), isPremium };
}
