import { PLAY_COUNT_AFTER_MS } from '../constants';

/**
 * When a play is counted (listener spec §4): once per track load, after 3 s of continuous playing.
 * A pause (or a stall) starts the 3 s again; a new load starts a new gate.
 * Pure: the caller passes the clock and schedules its own timer for `msUntilDue`.
 */
export interface PlayCountGate {
  readonly counted: boolean;
  readonly playingSince: number | null;
}

export const newPlayCountGate = (): PlayCountGate => ({ counted: false, playingSince: null });

export function gatePlaying(g: PlayCountGate, now: number): PlayCountGate {
  return g.playingSince === null ? { ...g, playingSince: now } : g;
}

export function gateStopped(g: PlayCountGate): PlayCountGate {
  return g.playingSince === null ? g : { ...g, playingSince: null };
}

/** Milliseconds until the play should be counted, or null when it cannot be (not playing, or already counted). */
export function msUntilDue(g: PlayCountGate, now: number): number | null {
  if (g.counted || g.playingSince === null) return null;
  return Math.max(0, g.playingSince + PLAY_COUNT_AFTER_MS - now);
}

/** Marks the play counted when due; `count` tells the caller to send the one POST. */
export function gateCheck(g: PlayCountGate, now: number): { gate: PlayCountGate; count: boolean } {
  const due = msUntilDue(g, now);
  if (due === null || due > 0) return { gate: g, count: false };
  return { gate: { ...g, counted: true }, count: true };
}
