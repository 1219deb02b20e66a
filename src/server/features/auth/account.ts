import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, likes, playlistFollows, playlists, sessions, tracks, users } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/types';
import { issuedProfileKey } from '../profile/public';
import { audioKeysOf, trackChanged } from '../tracks/public';

/**
 * Deletes a member and what belongs only to them. Rows that reference the member cascade in the
 * database; counters kept on other rows (likes on others' tracks, followers of others' playlists) are
 * decremented in the same transaction so every count still equals the rows it counts. The member's
 * unused invitation codes stop working with the account (a code without its creator would otherwise
 * pass for an operator's). Their files (uploaded picture, tracks' audio in both qualities) go once the rows are gone.
 */
export async function deleteAccount(db: Db, storage: StorageProvider, userId: string): Promise<void> {
  const files: string[] = [];
  const ownTrackIds: number[] = [];
  await db.transaction(async (tx) => {
    const [me] = await tx.select({ picture: users.picture }).from(users).where(eq(users.id, userId));
    const picture = issuedProfileKey(me?.picture, userId);
    if (picture) files.push(picture);
    const own = await tx
      .select({ id: tracks.id, filename: tracks.filename, hqFilename: tracks.hqFilename })
      .from(tracks)
      .where(eq(tracks.userId, userId));
    for (const t of own) {
      files.push(...audioKeysOf(t));
      ownTrackIds.push(t.id);
    }
    await tx.update(invitations).set({ isActive: false }).where(eq(invitations.createdBy, userId));
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
  // The member's tracks went with the rows (a cascade): every instance forgets what it cached of them
  // before their files go.
  for (const id of ownTrackIds) await trackChanged(db, id);
  for (const key of files) await storage.delete(key).catch(() => {});
}
