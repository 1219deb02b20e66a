import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages/api';
import type { Notification } from '../../../shared/schemas/social';
import type { Db } from '../../db/client';
import { notifications, playlists, tracks, users } from '../../db/schema';
import { notFound } from '../../http/errors';

export async function listNotifications(db: Db, userId: string, limit = 100): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      isRead: notifications.isRead,
      bundleCount: notifications.bundleCount,
      actorName: users.name,
      actorPicture: users.picture,
      actorCustomUserId: users.customUserId,
      actorUserId: notifications.actorUserId,
      trackId: notifications.trackId,
      trackTitle: tracks.title,
      playlistId: notifications.playlistId,
      playlistName: playlists.name,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorUserId))
    .leftJoin(tracks, eq(tracks.id, notifications.trackId))
    .leftJoin(playlists, eq(playlists.id, notifications.playlistId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

/** Marks one of the member's notifications read; someone else's is not found. */
export async function markRead(db: Db, userId: string, id: number): Promise<void> {
  const done = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!done.length) throw notFound(MESSAGES.notificationNotFound);
}
