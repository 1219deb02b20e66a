import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows } from '../../db/schema';

/** A member's follow counts, which the public profile (users) shows too. */
export async function followCounts(db: Db, userId: string) {
  const count = async (column: typeof follows.followerId | typeof follows.followingId) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(follows).where(eq(column, userId)))[0]?.n ?? 0;
  return { followingCount: await count(follows.followerId), followerCount: await count(follows.followingId) };
}
