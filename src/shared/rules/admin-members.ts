import { DAY_MS } from '../constants';
import { ADMIN_API_MESSAGES } from '../messages/admin';
import { ADMIN_MEMBERS_TEXT } from '../messages/admin-members';

/** Rules of the console's 会員管理 shared by the server and the browser (creator-operator spec §8, §9). */

/** "Edit premium" grants this many days from now (spec §9). */
export const ADMIN_PREMIUM_DAYS = 30;

/** The end date the member table's premium edit sends: 30 days from now. */
export const adminPremiumEnd = (now: Date) => new Date(now.getTime() + ADMIN_PREMIUM_DAYS * DAY_MS);

/**
 * The alert of a failed member deletion (spec §8): 401 asks the operator to sign in, 404 says the
 * member is gone, anything else is the server's message or the generic failure.
 */
export function memberDeleteAlert(status: number | null, serverMessage: string | null): string {
  if (status === 401) return ADMIN_API_MESSAGES.authRequired;
  if (status === 404) return ADMIN_MEMBERS_TEXT.toasts.deleteNotFound;
  return serverMessage || ADMIN_MEMBERS_TEXT.toasts.deleteFailed;
}
