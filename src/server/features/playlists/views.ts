import { PLAYLIST_MESSAGES } from '../../../shared/rules/playlist';
import type { Playlist } from '../../../shared/schemas/playlist';
import type { Db } from '../../db/client';
import { found } from '../../http/errors';
import { findUserByRef, type Onlooker } from '../users/public';
import { findPublicBySlug, readPlaylist } from './queries';
import { isInPlaylist, playlistsOf, recentPublicPlaylists } from './service';

/**
 * The playlists the read routes answer: each one the viewer may see, or a 404 プレイリストが見つかりません
 * (a private playlist is not found for anyone but its owner), so the routes decide nothing.
 */
export async function playlistFor(db: Db, id: number | null, viewer: Onlooker, opts: { countView?: boolean } = {}): Promise<Playlist> {
  return found(id === null ? null : await readPlaylist(db, id, viewer, opts), PLAYLIST_MESSAGES.notFound);
}

/** A public playlist by its slug, of one member (by id or user ID) when `ownerRef` is given; a view is counted. */
export async function publicPlaylistBySlug(db: Db, slug: string, viewer: Onlooker, ownerRef?: string): Promise<Playlist> {
  if (ownerRef === undefined) return playlistFor(db, await findPublicBySlug(db, slug), viewer, { countView: true });
  const owner = await findUserByRef(db, ownerRef);
  return playlistFor(db, owner ? await findPublicBySlug(db, slug, owner) : null, viewer, { countView: true });
}

/** GET /api/playlists: a member's own playlists; a visitor's, the recent public ones. */
export async function listedPlaylists(db: Db, viewer: Onlooker): Promise<Playlist[]> {
  if (viewer?.userId) return playlistsOf(db, viewer.userId, viewer);
  const out: Playlist[] = [];
  for (const id of await recentPublicPlaylists(db)) {
    const p = await readPlaylist(db, id, null);
    if (p) out.push(p);
  }
  return out;
}

/** Whether a track is in a playlist the viewer may see. */
export async function trackInPlaylist(db: Db, id: number, trackId: number, viewer: Onlooker) {
  await playlistFor(db, id, viewer);
  return { isInPlaylist: await isInPlaylist(db, id, trackId) };
}
