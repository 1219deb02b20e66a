/**
 * What the static cookie banner of index.html leaves for the app: set by its inline script when it
 * showed the banner (no choice stored), with `custom` once カスタマイズ was tapped there. The choices
 * 'all' and 'essential' need nothing here: the script stores them, and CookieConsent finds them stored.
 */
/**
 * The consent bar's height while it shows, on the root element (set by the bar and by index.html's
 * script): the home player leaves that much room, so its controls stay on a phone's first screen.
 */
export const CONSENT_ROOM = '--consent-room';

interface StaticBanner {
  custom: boolean;
}

declare global {
  interface Window {
    __mugenConsent?: StaticBanner;
  }
}

/** The static banner's state, read once: the first React banner replaces it, a later one does not. */
export function takeStaticBanner(): StaticBanner | null {
  if (typeof window === 'undefined') return null;
  const state = window.__mugenConsent ?? null;
  window.__mugenConsent = undefined;
  return state;
}
