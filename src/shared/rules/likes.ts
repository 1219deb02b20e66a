import { intIdFrom } from './ids';

/** Likes in the browser (listener spec §4 Like, §9). */
export const HEART_ANIMATION_MS = 600;
/** A like tapped while signed out is applied about this long after sign-in. */
export const PENDING_LIKE_DELAY_MS = 500;

const PREFIX = 'pendingLike_';

/** The storage key of a like tapped while signed out: pendingLike_{trackId}. */
export const pendingLikeKey = (trackId: number) => `${PREFIX}${trackId}`;

/** The track ids of the pending likes among storage keys (other keys and malformed ids are ignored). */
export function pendingLikeIds(keys: Iterable<string>): number[] {
  const ids = new Set<number>();
  for (const key of keys) {
    if (!key.startsWith(PREFIX)) continue;
    const id = intIdFrom(key.slice(PREFIX.length));
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/** The count shown at once when the listener taps: one more, or one less but never below 0. */
export function optimisticLikeCount(count: number, liking: boolean): number {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  return liking ? n + 1 : Math.max(0, n - 1);
}
