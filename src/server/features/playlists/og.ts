import { SITE_NAME } from '../../../shared/constants';
import { PLAYLIST_MESSAGES, playlistCardDescription } from '../../../shared/rules/playlist';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { findUserByRef } from '../users/public';
import { playlistFor } from './views';

/** Social card data of a public playlist of that member; a private one (or another member's) is 404 here too. */
export async function playlistOg(db: Db, config: Config, id: number, ownerRef: string) {
  const p = await playlistFor(db, id, null);
  const owner = await findUserByRef(db, ownerRef);
  if (!owner || owner.id !== p.userId) throw notFound(PLAYLIST_MESSAGES.notFound);
  const origin = publicOrigin(config);
  return {
    title: `${p.name} | ${SITE_NAME}`,
    description: p.description || playlistCardDescription(p.user.name, p.itemCount),
    imageUrl: `${origin}/icons/og-image.png`,
    url: `${origin}/${p.user.customUserId ?? p.userId}/playlist/${p.id}`,
    type: 'music.playlist',
    siteName: SITE_NAME,
  };
}
