import { STORAGE_KEYS } from '@shared/constants';
import type { Track } from '@shared/schemas/track';
import { readStored, removeStored, writeStored } from '@web/lib/storage';
import { useSyncExternalStore } from 'react';

/**
 * The tracks a premium member keeps for offline playback: their details (to list and play them with the
 * network cut), newest first. The audio itself is in Cache Storage (lib/offline-audio.ts).
 */
const listeners = new Set<() => void>();
let snapshot: Track[] | null = null;

function parse(raw: string | null): Track[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((t): t is Track => Boolean(t) && typeof (t as Track).id === 'number') : [];
  } catch {
    return [];
  }
}

export function getKeptTracks(): Track[] {
  snapshot ??= parse(readStored('local', STORAGE_KEYS.offlineTracks));
  return snapshot;
}

function write(tracks: Track[]) {
  if (tracks.length === 0) removeStored('local', STORAGE_KEYS.offlineTracks);
  else writeStored('local', STORAGE_KEYS.offlineTracks, JSON.stringify(tracks));
  snapshot = null;
  for (const l of listeners) l();
}

export function addKeptTrack(track: Track) {
  write([track, ...getKeptTracks().filter((t) => t.id !== track.id)]);
}

export function removeKeptTracks(ids: Iterable<number>) {
  const drop = new Set(ids);
  const list = getKeptTracks();
  if (!list.some((t) => drop.has(t.id))) return;
  write(list.filter((t) => !drop.has(t.id)));
}

export function clearKeptTracks() {
  if (getKeptTracks().length > 0) write([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.offlineTracks) {
      snapshot = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useKeptTracks(): Track[] {
  return useSyncExternalStore(subscribe, getKeptTracks, getKeptTracks);
}
