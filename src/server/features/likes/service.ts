import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages/api';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction } from '../../db/client';
import { likes, tracks } from '../../db/schema';
import { notFound } from '../../http/errors';
import { notify } from '../notifications/public';
import { canSeeTrack, findTrack, listedSql, listTracksWhere } from '../tracks/public';
import type { Onlooker } from '../users/public';

export type LikeResult = { isLiked: boolean; likeCount: number };

/**
 * Idempotent like: the unique (user, track) row decides, and the counter moves only when a row was
 * really added or removed, in the same transaction, so counts stay exact under concurrent taps.
 */
export async function like(db: Db, userId: string, trackId: number): Promise<LikeResult> {
  return inTransaction(db, async (tx) => {
    const [track] = await tx
      .select({ id: tracks.id, ownerId: tracks.userId })
      .from(tracks)
      .where(and(eq(tracks.id, trackId), listedSql()));
    if (!track) throw notFound(MESSAGES.trackNotFound);
    const added = await tx.insert(likes).values({ userId, trackId }).onConflictDoNothing().returning({ id: likes.id });
    if (added.length) {
      const [t] = await tx
        .update(tracks)
        .set({ likeCount: sql`${tracks.likeCount} + 1` })
        .where(eq(tracks.id, trackId))
        .returning({ likeCount: tracks.likeCount });
      if (track.ownerId) await notify(tx, { userId: track.ownerId, type: 'like', actorUserId: userId, trackId });
      return { isLiked: true, likeCount: t.likeCount };
    }
    const [t] = await tx.select({ likeCount: tracks.likeCount }).from(tracks).where(eq(tracks.id, trackId));
    return { isLiked: true, likeCount: t.likeCount };
  });
}

/**
 * Idempotent unlike. A track the member may not see (hidden and neither theirs nor seen by an admin)
 * is not found, by the same rule as every other path (canSeeTrack).
 */
export async function unlike(db: Db, userId: string, viewer: Onlooker, trackId: number): Promise<LikeResult> {
  return inTransaction(db, async (tx) => {
    const access = await findTrack(tx, trackId);
    if (!access || !canSeeTrack(access, viewer)) throw notFound(MESSAGES.trackNotFound);
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.trackId, trackId)))
      .returning({ id: likes.id });
    const [t] = removed.length
      ? await tx
          .update(tracks)
          .set({ likeCount: sql`greatest(${tracks.likeCount} - 1, 0)` })
          .where(eq(tracks.id, trackId))
          .returning({ likeCount: tracks.likeCount })
      : await tx.select({ likeCount: tracks.likeCount }).from(tracks).where(eq(tracks.id, trackId));
    return { isLiked: false, likeCount: t.likeCount };
  });
}

export async function isLiked(db: Db, userId: string, trackId: number): Promise<boolean> {
  const rows = await db
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.userId, userId), eq(likes.trackId, trackId)))
    .limit(1);
  return rows.length > 0;
}

/** The member's liked tracks that are still visible, most recently liked first. */
export async function favorites(db: Db, userId: string): Promise<Track[]> {
  return listTracksWhere(db, {
    join: { table: likes, on: and(eq(likes.trackId, tracks.id), eq(likes.userId, userId))! },
    where: listedSql(),
    orderBy: [desc(likes.createdAt), desc(likes.id)],
  });
}
