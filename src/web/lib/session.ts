import { STORAGE_KEYS } from '@shared/constants';
import { googleSignInUrl } from '@shared/rules/access';
import { removeStored, writeStored } from './storage';

/** Starts Google sign-in (a browser navigation), optionally with an invitation code and a return path. */
export function startSignIn(opts: { redirect?: string; code?: string } = {}) {
  if (opts.code) writeStored('session', STORAGE_KEYS.invitationCode, opts.code);
  window.location.assign(googleSignInUrl(opts));
}

/**
 * Logout navigates to the logout endpoint (listener spec §6). The id kept for persistent favourites is
 * dropped first: on a shared device the next person must not send it.
 */
export function signOut() {
  removeStored('local', STORAGE_KEYS.persistedUserId);
  window.location.assign('/api/auth/logout');
}
