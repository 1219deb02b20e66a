/**
 * PWA mode and the PWA switches in the browser (listener spec §3, §4.2). usePwaMode() follows the
 * display mode; once PWA mode is detected (standalone, a /pwa/ path) the session flag 'pwa-mode' is
 * written, so the mode survives navigation away from /pwa/ for the rest of the session.
 */
import { AUTOPLAY_DELAY_MS } from '@shared/constants';
import {
  backgroundPlayAllowed,
  isPwaMode,
  PWA_KEYS,
  PWA_MODE_KEY,
  type PwaSettingKey,
  parsePwaSetting,
  shouldAutoplay,
} from '@shared/rules/pwa';
import { useEffect, useSyncExternalStore } from 'react';
import { usePlayer } from './audio/player-context';
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

/**
 * Whether audio may go on while hidden, read at the moment it matters, so that the PWA settings switch
 * counts as soon as it is changed (listener spec §4, L-4.2-18..20).
 */
export function isBackgroundPlayAllowed(premium: boolean, pwa: boolean): boolean {
  return backgroundPlayAllowed({ premium, pwa, switchValue: readStored('local', PWA_KEYS.backgroundPlay) });
}

/**
 * PWA autoplay: in PWA mode with pwa-autoplay-enabled on, once per session (pwa-has-autoplayed), 2 s
 * after the app loads (L-4.2-16, L-4.2-17, L-3-27). Mount it once, inside the PlayerProvider.
 */
export function usePwaAutoplay(pwa: boolean) {
  const player = usePlayer();
  useEffect(() => {
    const due = () =>
      shouldAutoplay({
        pwa,
        switchValue: readStored('local', PWA_KEYS.autoplay),
        hasAutoplayed: readStored('session', PWA_KEYS.hasAutoplayed),
      });
    if (!due()) return;
    const timer = setTimeout(() => {
      if (!due()) return;
      writeStored('session', PWA_KEYS.hasAutoplayed, 'true');
      player.requestAutoplay();
    }, AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [player, pwa]);
}
