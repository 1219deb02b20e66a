import { KEYBOARD_THRESHOLD_PX, SITE_NAME } from '../constants';

/** Pages without the footer: premium, premium-success, invitation and closed-beta pages (listener spec §2). */
const FOOTERLESS_PATHS = new Set([
  '/premium',
  '/premium-success',
  '/invitation-required',
  '/closed-beta',
  '/pending-approval',
  '/access-denied',
  '/invalid-invitation',
]);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isFooterHiddenPath(pathname: string): boolean {
  const p = normalise(pathname);
  return FOOTERLESS_PATHS.has(p) || p.startsWith('/i/');
}

/** Track detail paths: /track/{id}, /mugen/track/{id}, /{userId}/track/{id}. */
export function isTrackPath(pathname: string): boolean {
  return /^\/(?:[^/]+\/)?track\/[^/]+$/.test(normalise(pathname));
}

/** The track id of a track detail path, else null. */
export function trackIdFromPath(pathname: string): number | null {
  const m = /^\/(?:[^/]+\/)?track\/(\d+)$/.exec(normalise(pathname));
  return m ? Number(m[1]) : null;
}

/**
 * The persistent player bar shows whenever a track is loaded, except where the page is itself the
 * player of that track: home, and the detail page of the current track. On the detail page of another
 * track the bar stays, so what is playing can still be paused.
 */
export function showsPlayerBar(pathname: string, currentTrackId: number | null): boolean {
  if (currentTrackId === null) return false;
  if (normalise(pathname) === '/') return false;
  return trackIdFromPath(pathname) !== currentTrackId;
}

/**
 * The on-screen keyboard is taken to be open when the visual viewport is more than 150 px shorter than
 * the tallest height seen at the same width (listener spec §2, keyboard threshold).
 */
export function isKeyboardOpen(baselineHeight: number, currentHeight: number): boolean {
  return baselineHeight - currentHeight > KEYBOARD_THRESHOLD_PX;
}

export const SITE_TITLE = SITE_NAME;

/** Document title: "{page} | 無限 Mugen", or the product name alone. */
export function documentTitle(page?: string | null): string {
  const p = page?.trim();
  return p ? `${p} | ${SITE_TITLE}` : SITE_TITLE;
}
