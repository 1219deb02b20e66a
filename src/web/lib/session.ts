import { STORAGE_KEYS } from '@shared/constants';
import { googleSignInUrl } from '@shared/rules/access';
import { removeStored, writeStored } from './storage';

/** Starts Google sign-in (a browser navigation), optionally with an invitation code and a return path. */
export function startSignIn(opts: { redirect?: string; code?: string } = {}) {
  if (opts.code) writeStored('session', STORAGE_KEYS.invitationCode, opts.code);
  window.location.assign(googleSignInUrl(opts));
}

/**
 * Logout ends the session with POST /api/auth/logout (behind the Origin check), then the page goes
 * home. The server also keeps the spec's GET navigation (listener spec §6), but only when Fetch Metadata
 * says the user or this site started it (`Sec-Fetch-Site: none` or `same-origin`); any other GET gets
 * 405 and ends nothing (docs/decisions/0013-security-hardening.md). The id kept for persistent
 * favourites is dropped first: on a shared device the next person must not send it.
 */
export async function signOut() {
  removeStored('local', STORAGE_KEYS.persistedUserId);
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  window.location.assign('/');
}
