import { PREMIUM_PAGES_TEXT } from '@shared/messages/premium-pages';

const KNOWN = ['auth_failed', 'server_error', 'token_failed', 'login_failed'] as const;

/** The message of an error code /premium is opened with (creator-operator spec §8); any other code reads the generic one. */
export function premiumAuthError(code: string): { title: string; message: string } {
  const T = PREMIUM_PAGES_TEXT.authErrors;
  const known = (KNOWN as readonly string[]).includes(code) ? T[code as (typeof KNOWN)[number]] : null;
  return { title: T.title, message: known ?? T.other };
}
