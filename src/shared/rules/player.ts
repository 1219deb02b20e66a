import { DEFAULT_TRACK_ID, PLAYBACK_RATES, SWIPE_MAX_DURATION_MS, SWIPE_MIN_DISTANCE_PX } from '../constants';

/** Initial track: the requested id if present in the list, else track 74, else the first. */
export function initialTrackIndex(ids: readonly number[], requested?: number | null): number {
  if (ids.length === 0) return -1;
  if (requested != null) {
    const i = ids.indexOf(requested);
    if (i >= 0) return i;
  }
  const d = ids.indexOf(DEFAULT_TRACK_ID);
  return Math.max(d, 0);
}

export function nextIndex(i: number, length: number): number {
  return length === 0 ? -1 : (i + 1) % length;
}

export function previousIndex(i: number, length: number): number {
  return length === 0 ? -1 : (i - 1 + length) % length;
}

/** 1 → 1.25 → 1.5 → 2 → 1. An unknown rate goes back to 1. */
export function nextPlaybackRate(rate: number): number {
  const i = PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]);
  return i < 0 ? 1 : PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length];
}

/** Vertical swipe: up = next, down = previous; at least 100 px in under 500 ms. */
export function swipeDirection(dy: number, durationMs: number): 'next' | 'previous' | null {
  if (durationMs >= SWIPE_MAX_DURATION_MS || Math.abs(dy) < SWIPE_MIN_DISTANCE_PX) return null;
  return dy < 0 ? 'next' : 'previous';
}

/** Official tracks link to /mugen/track/{id}; others to /{customUserId or userId}/track/{id}. */
export function trackPath(t: { id: number; createdBy: string | null; posterCustomUserId: string | null }): string {
  if (t.createdBy === 'mugen' || t.createdBy === 'mugen_official') return `/mugen/track/${t.id}`;
  const owner = t.posterCustomUserId || t.createdBy;
  return owner ? `/${owner}/track/${t.id}` : `/track/${t.id}`;
}

export function posterPath(t: { createdBy: string | null; posterCustomUserId: string | null }): string | null {
  if (t.createdBy === 'mugen' || t.createdBy === 'mugen_official') return '/mugen';
  const owner = t.posterCustomUserId || t.createdBy;
  return owner ? `/${owner}` : null;
}
