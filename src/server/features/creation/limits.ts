import { and, eq, sql } from 'drizzle-orm';
import {
  CREATION_LIMIT_REASONS,
  CREATION_MESSAGES,
  dailyLimitOf,
  SCRIPT_CALLS_PER_MINUTE,
  scriptDailyLimitOf,
  tokyoDay,
} from '../../../shared/rules/creation';
import { type Db, rowsOf } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { creationUsage, scriptUsage } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isPremiumAt } from '../premium/public';

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

/**
 * Takes one call of the script writer (generate-script or regenerate-script) for the member, before the
 * model is asked (issue 24.7): at most `scriptDailyLimitOf` a Asia/Tokyo day (30 free, 100 premium) and
 * `SCRIPT_CALLS_PER_MINUTE` a clock minute. One conditional upsert on the member's single row counts both
 * or neither, so 60 parallel calls give exactly 5 model calls; a new day or minute starts its count at 1.
 * A call refused is not counted; a call taken is not given back when the model fails (it was asked).
 */
export async function takeScriptCall(db: Db, user: UserRow, now = new Date()): Promise<void> {
  const day = tokyoDay(now);
  const minute = Math.floor(now.getTime() / 60_000);
  const dayLimit = scriptDailyLimitOf(isPremiumAt(user, now));
  const taken = rowsOf<{ day_count: number }>(
    await db.execute(sql`
      insert into ${scriptUsage} (user_id, day, day_count, minute, minute_count) values (${user.id}, ${day}, 1, ${minute}, 1)
      on conflict (user_id) do update set
        day_count = case when ${scriptUsage.day} = excluded.day then ${scriptUsage.dayCount} + 1 else 1 end,
        day = excluded.day,
        minute_count = case when ${scriptUsage.minute} = excluded.minute then ${scriptUsage.minuteCount} + 1 else 1 end,
        minute = excluded.minute
      where (${scriptUsage.day} <> excluded.day or ${scriptUsage.dayCount} < ${dayLimit})
        and (${scriptUsage.minute} <> excluded.minute or ${scriptUsage.minuteCount} < ${SCRIPT_CALLS_PER_MINUTE})
      returning day_count`),
  );
  if (taken.length) return;
  // Refused: which limit, for the message (the day's first).
  const [row] = await db.select().from(scriptUsage).where(eq(scriptUsage.userId, user.id));
  if (row && row.day === day && row.dayCount >= dayLimit) {
    throw new AppError(429, CREATION_MESSAGES.scriptDailyLimit(dayLimit), { reason: CREATION_LIMIT_REASONS.scriptDailyLimit });
  }
  throw new AppError(429, CREATION_MESSAGES.scriptMinuteLimit, { reason: CREATION_LIMIT_REASONS.scriptMinuteLimit });
}
