import { SITE_NAME } from '../../../shared/constants';
import { playlistCardDescription } from '../../../shared/rules/playlist';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicOrigin } from '../../http/public-origin';
import { findUserByRef } from '../users/service';
import { readPlaylist } from './service';

/** Social card data of a public playlist; a private one is not found here either. */
export async function playlistOg(db: Db, config: Config, id: number, ownerRef: string, request: { protocol: string; host: string }) {
  const p = await readPlaylist(db, id, null);
  if (!p) return null;
  const owner = await findUserByRef(db, ownerRef);
  if (!owner || owner.id !== p.userId) return null;
  const origin = publicOrigin(config, request);
  return {
    title: `${p.name} | ${SITE_NAME}`,
    description: p.description || playlistCardDescription(p.user.name, p.itemCount),
    imageUrl: `${origin}/icons/og-image.png`,
    url: `${origin}/${p.user.customUserId ?? p.userId}/playlist/${p.id}`,
    type: 'music.playlist',
    siteName: SITE_NAME,
  };
}
