import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likes, playlistFollows, playlists, sessions, tracks, users } from '../../db/schema';

/**
 * Deletes a member and what belongs only to them. Rows that reference the member cascade in the
 * database; counters kept on other rows (likes on others' tracks, followers of others' playlists) are
 * decremented in the same transaction so every count still equals the rows it counts.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const liked = await tx.select({ trackId: likes.trackId }).from(likes).where(eq(likes.userId, userId));
    if (liked.length) {
      await tx
        .update(tracks)
        .set({ likeCount: sql`greatest(${tracks.likeCount} - 1, 0)` })
        .where(
          inArray(
            tracks.id,
            liked.map((l) => l.trackId),
          ),
        );
    }
    const followed = await tx
      .select({ playlistId: playlistFollows.playlistId })
      .from(playlistFollows)
      .where(eq(playlistFollows.userId, userId));
    if (followed.length) {
      await tx
        .update(playlists)
        .set({ followerCount: sql`greatest(${playlists.followerCount} - 1, 0)` })
        .where(
          inArray(
            playlists.id,
            followed.map((f) => f.playlistId),
          ),
        );
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
