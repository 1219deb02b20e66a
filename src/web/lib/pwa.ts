import { AUTOPLAY_DELAY_MS } from '@shared/constants';
import { isPwaMode, PWA_KEYS, backgroundPlayAllowed as rule, shouldAutoplay } from '@shared/rules/pwa';
import { useEffect, useState } from 'react';
import { usePlayer } from './audio/player-context';
import { readStored, writeStored } from './storage';

/**
 * PWA mode (listener spec §4): iOS standalone, display-mode standalone, a path under /pwa/, or the
 * session flag pwa-mode, which is set once detected so the whole session stays in PWA mode.
 */
export function detectPwaMode(): boolean {
  if (typeof window === 'undefined') return false;
  const sessionFlag = readStored('session', PWA_KEYS.mode);
  const pwa = isPwaMode({
    iosStandalone: (window.navigator as { standalone?: boolean }).standalone,
    displayModeStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    pathname: window.location.pathname,
    sessionFlag,
  });
  if (pwa && sessionFlag !== 'true') writeStored('session', PWA_KEYS.mode, 'true');
  return pwa;
}

/** Whether the app runs as a PWA; decided once per page load. */
export function usePwaMode(): boolean {
  const [pwa] = useState(detectPwaMode);
  return pwa;
}

/**
 * Whether audio may go on while hidden, read at the moment it matters, so that the PWA settings switch
 * counts as soon as it is changed (listener spec §4, L-4.2-18..20).
 */
export function isBackgroundPlayAllowed(premium: boolean, pwa: boolean): boolean {
  return rule({ premium, pwa, switchValue: readStored('local', PWA_KEYS.backgroundPlay) });
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
