import { originOf, PUBLIC_ORIGIN_META } from '@shared/rules/share';

/**
 * The site's public origin for addresses a person shares or copies: PUBLIC_URL's origin as the server
 * wrote it into the page, else this page's own origin (the page came from the shell cache offline).
 * Never the address the server listens on when PUBLIC_URL names another (issue 20).
 */
export function publicOrigin(): string {
  const meta = document.querySelector(`meta[name="${PUBLIC_ORIGIN_META}"]`)?.getAttribute('content');
  return originOf(meta) ?? window.location.origin;
}

/** The public origin's host, for addresses shown without the scheme ({host}/{customUserId}). */
export function publicHost(): string {
  return new URL(publicOrigin()).host;
}
