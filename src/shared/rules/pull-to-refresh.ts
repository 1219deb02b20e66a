/** Pull-to-refresh of the notifications page (listener spec §9): threshold 40 px, max 80 px, damping 0.3. */
export const PULL_THRESHOLD_PX = 40;
export const PULL_MAX_PX = 80;
export const PULL_DAMPING = 0.3;

/** How far the list follows a finger that moved `dy` px down: 0.3 of it, at most 80 px, never up. */
export function pullDistance(dy: number): number {
  if (!Number.isFinite(dy) || dy <= 0) return 0;
  return Math.min(PULL_MAX_PX, dy * PULL_DAMPING);
}

/** Letting go refreshes once the list has followed the finger at least 40 px. */
export function pullTriggersRefresh(distance: number): boolean {
  return distance >= PULL_THRESHOLD_PX;
}
