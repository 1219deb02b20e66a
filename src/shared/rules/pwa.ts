/**
 * PWA mode and the background rule (listener spec §4 Audio player, §3 client-side stored items).
 * The keys are the spec's own names.
 */
export const PWA_KEYS = {
  /** sessionStorage: 'true' once PWA mode was detected in this session. */
  mode: 'pwa-mode',
  /** sessionStorage: 'true' after the PWA autoplay of this session. */
  hasAutoplayed: 'pwa-has-autoplayed',
  /** localStorage switches of the PWA settings dialog, 'true' when on. */
  notifications: 'pwa-notifications-enabled',
  autoplay: 'pwa-autoplay-enabled',
  backgroundPlay: 'pwa-background-play-enabled',
} as const;

export interface PwaSignals {
  /** iOS Safari's navigator.standalone. */
  iosStandalone: boolean | undefined;
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone: boolean;
  pathname: string;
  /** sessionStorage pwa-mode */
  sessionFlag: string | null;
}

export const isPwaPath = (pathname: string) => pathname === '/pwa' || pathname.startsWith('/pwa/');

/** iOS standalone, display-mode standalone, a path under /pwa/, or the session flag. */
export function isPwaMode(s: PwaSignals): boolean {
  return s.iosStandalone === true || s.displayModeStandalone || isPwaPath(s.pathname) || s.sessionFlag === 'true';
}

/** The path a /pwa/… address stands for: /pwa/track/3 → /track/3, /pwa/ → /. */
export function pathOutsidePwa(pathname: string): string {
  if (!isPwaPath(pathname)) return pathname;
  const rest = pathname.slice('/pwa'.length);
  return rest.startsWith('/') && rest.length > 1 ? rest : '/';
}

/**
 * Whether audio may go on while the page is hidden or the window has lost focus: only for a premium
 * member with background play switched on, in PWA mode (L-4.2-18..20).
 */
export function backgroundPlayAllowed(s: { premium: boolean; switchValue: string | null; pwa: boolean }): boolean {
  return s.premium && s.switchValue === 'true' && s.pwa;
}

/** PWA autoplay: in PWA mode, switched on, and not yet done in this session (L-4.2-16). */
export function shouldAutoplay(s: { pwa: boolean; switchValue: string | null; hasAutoplayed: string | null }): boolean {
  return s.pwa && s.switchValue === 'true' && s.hasAutoplayed !== 'true';
}
