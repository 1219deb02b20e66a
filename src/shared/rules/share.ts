import { trackPath } from './player';

/**
 * Sharing (issue 20): the phone's share sheet (Web Share API), a LINE share link, and copying the
 * address. Shared addresses start with the site's public origin (PUBLIC_URL when set), never with the
 * address the server happens to listen on.
 */

/** The meta tag in which the server gives every app page the public origin (withCard, server side). */
export const PUBLIC_ORIGIN_META = 'mugen-public-origin';

/** LINE's share page for `url` (LINE's documented social plug-in; it opens the app on a phone). */
export function lineShareUrl(url: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;
}

/** A track's public address: /mugen/track/{id} for official tracks, else /{poster}/track/{id}. */
export function trackShareUrl(origin: string, track: Parameters<typeof trackPath>[0]): string {
  return `${origin.replace(/\/+$/, '')}${trackPath(track)}`;
}

/** The origin part of an address as given in PUBLIC_URL or a page's meta tag, or null when it is not http(s). */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}
