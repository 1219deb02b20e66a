import { PRODUCT_NAME_JA, SITE_NAME } from '../constants';
import { avatarFor } from './format';

/** What the lock screen, the notification shade and headset controls show for a track (Media Session). */
export interface MediaMetadataInit {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string; sizes?: string; type?: string }[];
}

export const APP_ARTWORK = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
] as const;

/** Seconds that the lock screen's skip-back and skip-forward buttons move when they name no offset. */
export const MEDIA_SEEK_OFFSET_S = 10;

/**
 * Title, the poster's name (else 無限) and the poster's picture when it is an image; an emoji or an
 * initial cannot be artwork, so the app icons stand in.
 */
export function mediaMetadataFor(track: { title: string; posterName: string | null; posterPicture: string | null }): MediaMetadataInit {
  const picture = avatarFor(track.posterPicture, track.posterName);
  return {
    title: track.title,
    artist: track.posterName?.trim() || PRODUCT_NAME_JA,
    album: SITE_NAME,
    artwork: picture.kind === 'image' ? [{ src: picture.src }] : APP_ARTWORK.map((a) => ({ ...a })),
  };
}

/**
 * The position state the Media Session accepts (it throws on a position past the duration, a zero
 * rate or an unknown duration): null when there is nothing valid to tell.
 */
export function mediaPositionState(
  duration: number,
  position: number,
  rate: number,
): { duration: number; position: number; playbackRate: number } | null {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(rate) || rate <= 0) return null;
  const p = Number.isFinite(position) ? Math.min(Math.max(0, position), duration) : 0;
  return { duration, position: p, playbackRate: rate };
}

/** Where a skip of `offset` seconds (backwards when negative) lands, inside the track. */
export function skipTarget(position: number, offset: number, duration: number): number {
  const t = position + offset;
  return Math.min(Math.max(0, t), Number.isFinite(duration) && duration > 0 ? duration : Math.max(0, t));
}
