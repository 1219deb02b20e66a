/**
 * PWA mode, the PWA switches and the background rule (listener spec §3 client-side stored items, §4.2):
 * pure rules shared by the web app and tests. The keys are the spec's own names.
 */

/** localStorage keys of the three PWA switches (L-3-26). */
export const PWA_SETTING_KEYS = ['pwa-notifications-enabled', 'pwa-autoplay-enabled', 'pwa-background-play-enabled'] as const;
export type PwaSettingKey = (typeof PWA_SETTING_KEYS)[number];

/** sessionStorage keys (L-3-27): the PWA-mode flag and the once-per-session autoplay marker. */
export const PWA_MODE_KEY = 'pwa-mode';
export const PWA_HAS_AUTOPLAYED_KEY = 'pwa-has-autoplayed';

/** Every PWA key by its meaning. */
export const PWA_KEYS = {
  mode: PWA_MODE_KEY,
  hasAutoplayed: PWA_HAS_AUTOPLAYED_KEY,
  notifications: 'pwa-notifications-enabled',
  autoplay: 'pwa-autoplay-enabled',
  backgroundPlay: 'pwa-background-play-enabled',
} as const satisfies Record<string, string>;

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

/** The path a /pwa/… address stands for: /pwa/track/3 → /track/3, /pwa/ → /. */
export function pathOutsidePwa(pathname: string): string {
  if (!isPwaPath(pathname)) return pathname;
  const rest = pathname.slice('/pwa'.length);
  return rest.startsWith('/') && rest.length > 1 ? rest : '/';
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

/**
 * Whether audio may go on while the page is hidden or the window has lost focus: only for a premium
 * member with background play switched on, in PWA mode (L-4.2-18..20).
 */
export function backgroundPlayAllowed(s: { premium: boolean; switchValue: string | null; pwa: boolean }): boolean {
  return s.premium && parsePwaSetting(s.switchValue) && s.pwa;
}

/** PWA autoplay: in PWA mode, switched on, and not yet done in this session (L-4.2-16). */
export function shouldAutoplay(s: { pwa: boolean; switchValue: string | null; hasAutoplayed: string | null }): boolean {
  return s.pwa && parsePwaSetting(s.switchValue) && s.hasAutoplayed !== 'true';
}
