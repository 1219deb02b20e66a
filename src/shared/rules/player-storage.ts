import { PLAYBACK_RATES } from '../constants';

/** A stored playback rate, accepted only when it is one of the four speeds; anything else reads 1. */
export function parseStoredRate(value: string | null | undefined): number {
  const n = Number(value);
  return (PLAYBACK_RATES as readonly number[]).includes(n) ? n : 1;
}

/** The track ids already counted as an impression this session (a JSON array in session storage). */
export function parseSeenIds(value: string | null | undefined): number[] {
  if (!value) return [];
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** Records a sighting: `first` is true only the first time the id is seen in the session. */
export function recordSighting(seen: readonly number[], id: number): { seen: number[]; first: boolean } {
  if (seen.includes(id)) return { seen: [...seen], first: false };
  return { seen: [...seen, id], first: true };
}
