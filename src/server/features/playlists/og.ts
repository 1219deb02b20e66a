import { PRODUCT_NAME, PRODUCT_NAME_JA } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findUserByRef } from '../users/service';
import { readPlaylist } from './service';

const SITE_NAME = `${PRODUCT_NAME_JA} ${PRODUCT_NAME}`;

/** Social card data of a public playlist; a private one is not found here either. */
export async function playlistOg(db: Db, config: Config, id: number, ownerRef: string, requestOrigin: string) {
  const p = await readPlaylist(db, id, null);
  if (!p) return null;
  const owner = await findUserByRef(db, ownerRef);
  if (!owner || owner.id !== p.userId) return null;
  const origin = config.publicUrl ?? requestOrigin;
  return {
    title: `${p.name} | ${SITE_NAME}`,
    description: p.description || `${p.user.name}さんのプレイリスト（${p.itemCount}件の音声）`,
    imageUrl: `${origin}/icons/og-image.png`,
    url: `${origin}/${p.user.customUserId ?? p.userId}/playlist/${p.id}`,
    type: 'music.playlist',
    siteName: SITE_NAME,
  };
}
