import { STORAGE_KEYS } from '@shared/constants';
import { type MiniPlayerState, type Point, parseMiniPlayer } from '@shared/rules/mini-player';
import { readStored, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/** Whether the player bar is minimised and where the mini player was left, remembered across visits. */
const listeners = new Set<() => void>();
let snapshot: MiniPlayerState | null = null;
/** Set by the listener's own minimise or maximise, so focus follows it (not on a page load). */
let focusPending = false;

export function getMiniPlayer(): MiniPlayerState {
  snapshot ??= parseMiniPlayer(readStored('local', STORAGE_KEYS.miniPlayer));
  return snapshot;
}

function save(next: MiniPlayerState) {
  snapshot = next;
  writeStored('local', STORAGE_KEYS.miniPlayer, JSON.stringify(next));
  for (const l of listeners) l();
}

export function setMinimised(minimised: boolean) {
  focusPending = true;
  save({ ...getMiniPlayer(), minimised });
}

export function setMiniPosition(p: Point) {
  const current = getMiniPlayer();
  if (current.x === p.x && current.y === p.y) return;
  save({ ...current, x: p.x, y: p.y });
}

/** True once after the listener minimised or maximised: the new control takes the focus. */
export function takeFocusRequest(): boolean {
  const pending = focusPending;
  focusPending = false;
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useMiniPlayer(): MiniPlayerState {
  return useSyncExternalStore(subscribe, getMiniPlayer, getMiniPlayer);
}
