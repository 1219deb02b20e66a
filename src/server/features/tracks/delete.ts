import { eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { playlistItems, tracks } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/types';
import { densifyOrders } from '../playlists/public';
import { trackChanged } from './changes';
import { audioKeysOf } from './queries';
import { ownedTrack } from './service';

/**
 * Deletes a track; counters that counted it elsewhere stay exact because the rows that referenced it
 * (likes, playlist items, history, notifications) go with it in the same statement's cascade.
 */
export async function deleteTrack(db: Db, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const items = await tx.select({ playlistId: playlistItems.playlistId }).from(playlistItems).where(eq(playlistItems.trackId, id));
    await tx.delete(tracks).where(eq(tracks.id, id));
    // Keep item orders dense in every playlist that held the track.
    for (const { playlistId } of items) await densifyOrders(tx, playlistId);
  });
}

/** Deletes an owned track, then its audio: a failure there leaves an orphan file, never a track without audio. */
export async function deleteOwnedTrack(
  db: Db,
  storage: StorageProvider,
  viewer: { userId: string | null; isAdmin: boolean } | null,
  id: number,
  onFileError: (err: unknown) => void,
) {
  const access = await ownedTrack(db, viewer, id);
  const [files] = await db.select({ filename: tracks.filename, hqFilename: tracks.hqFilename }).from(tracks).where(eq(tracks.id, id));
  await deleteTrack(db, id);
  await trackChanged(db, id);
  for (const key of audioKeysOf(files ?? access.track)) await storage.delete(key).catch(onFileError);
}
