/**
 * PWA mode and the PWA switches in the browser (listener spec §3, §4.2). usePwaMode() follows the
 * display mode; once PWA mode is detected (standalone, a /pwa/ path) the session flag 'pwa-mode' is
 * written, so the mode survives navigation away from /pwa/ for the rest of the session.
 */
import { isPwaMode, PWA_MODE_KEY, type PwaSettingKey, parsePwaSetting } from '@shared/rules/pwa';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

export type { PwaSettingKey } from '@shared/rules/pwa';

const STANDALONE_QUERY = '(display-mode: standalone)';
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** PWA mode now; remembers a detected mode in the session flag. */
export function detectPwaMode(): boolean {
  if (typeof window === 'undefined') return false;
  const on = isPwaMode({
    iosStandalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayModeStandalone: typeof window.matchMedia === 'function' && window.matchMedia(STANDALONE_QUERY).matches,
    pathname: window.location.pathname,
    sessionFlag: readStored('session', PWA_MODE_KEY),
  });
  if (on && readStored('session', PWA_MODE_KEY) !== 'true') writeStored('session', PWA_MODE_KEY, 'true');
  return on;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const mql = typeof window.matchMedia === 'function' ? window.matchMedia(STANDALONE_QUERY) : null;
  mql?.addEventListener('change', listener);
  window.addEventListener('popstate', listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('pwa-')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    mql?.removeEventListener('change', listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the app runs as a PWA (L-4.2-13..15). */
export function usePwaMode(): boolean {
  return useSyncExternalStore(subscribe, detectPwaMode, () => false);
}

/** A PWA switch (off unless stored as 'true'). */
export function readPwaSetting(key: PwaSettingKey): boolean {
  return parsePwaSetting(readStored('local', key));
}

/** Stores a PWA switch as 'true' / 'false' (L-3-26) and tells the hooks. */
export function writePwaSetting(key: PwaSettingKey, value: boolean): void {
  writeStored('local', key, value ? 'true' : 'false');
  notify();
}

/** A PWA switch that follows writePwaSetting and other tabs. */
export function usePwaSetting(key: PwaSettingKey): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readPwaSetting(key),
    () => false,
  );
}
