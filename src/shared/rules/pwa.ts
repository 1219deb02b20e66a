/**
 * PWA mode and the PWA switches (listener spec §3 and §4.2): pure rules shared by the web app and tests.
 */

/** localStorage keys of the three PWA switches (L-3-26). */
export const PWA_SETTING_KEYS = ['pwa-notifications-enabled', 'pwa-autoplay-enabled', 'pwa-background-play-enabled'] as const;
export type PwaSettingKey = (typeof PWA_SETTING_KEYS)[number];

/** sessionStorage keys (L-3-27): the PWA-mode flag and the once-per-session autoplay marker. */
export const PWA_MODE_KEY = 'pwa-mode';
export const PWA_HAS_AUTOPLAYED_KEY = 'pwa-has-autoplayed';

/** Path prefix that opens the app in PWA mode (L-4.2-14). */
export const PWA_PATH_PREFIX = '/pwa/';

export interface PwaModeInput {
  /** iOS Safari's navigator.standalone (undefined elsewhere). */
  iosStandalone?: boolean | null;
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone: boolean;
  /** location.pathname */
  pathname: string;
  /** sessionStorage 'pwa-mode' */
  sessionFlag: string | null;
}

/** A path under /pwa/ (also /pwa itself). */
export function isPwaPath(pathname: string): boolean {
  return pathname === '/pwa' || pathname.startsWith(PWA_PATH_PREFIX);
}

/**
 * PWA mode: iOS standalone, display-mode standalone, a path under /pwa/, or the session flag 'true'
 * (L-4.2-13, L-4.2-14, L-4.2-15).
 */
export function isPwaMode(input: PwaModeInput): boolean {
  return input.iosStandalone === true || input.displayModeStandalone || isPwaPath(input.pathname) || input.sessionFlag === 'true';
}

/** A stored switch value: on only when stored as 'true'; every switch is off until the listener turns it on. */
export function parsePwaSetting(stored: string | null): boolean {
  return stored === 'true';
}

/** Background play is allowed only to premium members (L-4.2-18..20): a non-premium switch-on is refused. */
export function canEnableBackgroundPlay(isPremium: boolean): boolean {
  return isPremium;
}

export const BACKGROUND_PLAY_PREMIUM_ONLY_MESSAGE = 'バックグラウンド再生はプレミアム会員限定の機能です';
