import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/**
 * How other features notify a member (a follow, a like, a track in a playlist, a milestone, premium):
 * not a service, so that services may import it (docs/conventions.md "Layers").
 */

export interface NotifyInput {
  userId: string;
  type: string;
  actorUserId?: string | null;
  trackId?: number | null;
  playlistId?: number | null;
}

/**
 * Creates a notification, or bundles it into the unread one of the same kind on the same target
 * (bundleCount + 1, latest actor, newest time). Never notifies a member of their own action.
 */
export async function notify(db: Db, n: NotifyInput): Promise<void> {
  if (n.actorUserId && n.actorUserId === n.userId) return;
  const sameTarget = and(
    eq(notifications.userId, n.userId),
    eq(notifications.type, n.type),
    eq(notifications.isRead, false),
    n.trackId ? eq(notifications.trackId, n.trackId) : isNull(notifications.trackId),
    n.playlistId ? eq(notifications.playlistId, n.playlistId) : isNull(notifications.playlistId),
  );
  const bundled = await db
    .update(notifications)
    .set({
      bundleCount: sql`${notifications.bundleCount} + 1`,
      actorUserId: n.actorUserId ?? null,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
      // The grown bundle is pushed again.
      pushedAt: null,
    })
    .where(sameTarget)
    .returning({ id: notifications.id });
  if (bundled.length) return;
  await db.insert(notifications).values({
    userId: n.userId,
    type: n.type,
    actorUserId: n.actorUserId ?? null,
    trackId: n.trackId ?? null,
    playlistId: n.playlistId ?? null,
  });
}
