import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../../shared/messages/api';
import type { Track } from '../../../../shared/schemas/track';
import type { Db } from '../../../db/client';
import { tracks } from '../../../db/schema';
import { found } from '../../../http/errors';
import { findTrack, trackChanged } from '../../tracks/public';

/**
 * PATCH /api/admin/tracks/{id}/premium-only (issue 40.5): the operator marks any track premium-only, or
 * open to all again. Every instance's caches (the stream's, the catalogue's, search) hear it through
 * trackChanged, and the feeds, which list only what anyone may hear, leave it out (or take it back) at
 * their next read. 404 音声が見つかりません for no such track.
 */
export async function setPremiumOnly(db: Db, id: number, isPremiumOnly: boolean): Promise<Track> {
  const [row] = await db.update(tracks).set({ isPremiumOnly, updatedAt: new Date() }).where(eq(tracks.id, id)).returning({ id: tracks.id });
  found(row, MESSAGES.trackNotFound);
  await trackChanged(db, id);
  return found(await findTrack(db, id), MESSAGES.trackNotFound).track;
}
