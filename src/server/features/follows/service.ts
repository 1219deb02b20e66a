import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages/api';
import { type Db, inTransaction } from '../../db/client';
import { follows, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { notify } from '../notifications/public';
import { publicUserColumns, userByRef } from '../users/public';
import { followCounts } from './queries';

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}

/** Idempotent follow; the followed member is notified only when a follow was really added. */
export async function follow(db: Db, followerId: string, followingId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const added = await tx.insert(follows).values({ followerId, followingId }).onConflictDoNothing().returning({ id: follows.id });
    if (added.length) await notify(tx, { userId: followingId, type: 'follow', actorUserId: followerId });
  });
}

export async function unfollow(db: Db, followerId: string, followingId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

/** Follow records, newest first: who follows `userId`, or whom `userId` follows. */
export async function followRecords(db: Db, userId: string, direction: 'followers' | 'following', limit = 500) {
  const other = direction === 'followers' ? follows.followerId : follows.followingId;
  const self = direction === 'followers' ? follows.followingId : follows.followerId;
  const rows = await db
    .select({ id: follows.id, createdAt: follows.createdAt, user: publicUserColumns })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, userId))
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(limit);
  return rows;
}

/** A member by id or user ID, or 404 ユーザーが見つかりません. */
export const targetOf = (db: Db, ref: string) => userByRef(db, ref);

/** Follows or unfollows the member `ref`; nobody follows themselves. Answers the new follower count. */
export async function setFollowing(db: Db, meId: string, ref: string, on: boolean) {
  const target = await targetOf(db, ref);
  if (target.id === meId) throw badRequest(MESSAGES.cannotFollowSelf);
  if (on) await follow(db, meId, target.id);
  else await unfollow(db, meId, target.id);
  const counts = await followCounts(db, target.id);
  return { success: true as const, isFollowing: on, followerCount: counts.followerCount };
}

/** Whether the signed-in member (`meId`, null for a visitor) follows the member `ref`. */
export async function followStatusOf(db: Db, ref: string, meId: string | null) {
  const target = await targetOf(db, ref);
  return { isFollowing: meId ? await isFollowing(db, meId, target.id) : false };
}

/** The follow counts of the member `ref`. */
export const followCountsOf = async (db: Db, ref: string) => followCounts(db, (await targetOf(db, ref)).id);

/** The public fields of the members who follow `ref` (followers) or whom `ref` follows (following), newest first. */
export async function followUsersOf(db: Db, ref: string, direction: 'followers' | 'following') {
  const rows = await followRecords(db, (await targetOf(db, ref)).id, direction);
  return rows.map((r) => r.user);
}

/** The follow records of /api/follows/{direction}/{userId}. */
export async function followRecordsOf(db: Db, ref: string, direction: 'followers' | 'following') {
  const target = await targetOf(db, ref);
  const rows = await followRecords(db, target.id, direction);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    ...(direction === 'followers' ? { follower: r.user } : { following: r.user }),
  }));
}
