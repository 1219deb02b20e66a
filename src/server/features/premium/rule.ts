import { DAY_MS } from '../../../shared/constants';
import { daysRemaining, PAUSE_DAYS } from '../../../shared/rules/premium';
import type { PremiumStatus } from '../../../shared/schemas/premium';

/**
 * The one rule that decides, on the server, whether a member is premium at a given instant (issue 17).
 * Every perk (private and 100 playlists, 10 generations a day, the 128 kbit/s stream, the status the
 * browser shows) and every state (bought, renewed, cancelled, paused, an admin's change) goes through it.
 */

/** Premium is 550 yen a month, tax included (creator spec §9). */
export const PREMIUM_PRICE_YEN = 550;
/** The pause: 90 days, once per member lifetime (creator spec §2.3, §9). */
export { PAUSE_DAYS };
/** The member hears that the pause ends (and billing resumes) this many days before. */
export const RESUME_NOTICE_DAYS = 3;

/** What the rule reads of a member's row. */
export interface PremiumFacts {
  isPremium: boolean;
  premiumEndDate: Date | null;
  premiumPausedUntil: Date | null;
}

/**
 * The instant a pause begins: its end less 90 days. A pause is asked for before and begins when the paid
 * period ends (decision 0026), so its end is all the row keeps.
 */
export const pauseStartOf = (pausedUntil: Date) => new Date(pausedUntil.getTime() - PAUSE_DAYS * DAY_MS);

/** A pause that is asked for and not over yet: from the request (premium still running) to its end. */
export function isPauseAheadOrInForceAt(m: Pick<PremiumFacts, 'premiumPausedUntil'>, at: Date): boolean {
  return m.premiumPausedUntil !== null && m.premiumPausedUntil.getTime() > at.getTime();
}

/**
 * A pause is in force from its start (the paid period's end) to its end: no premium meanwhile, whatever
 * else the row says. Before its start the member is premium as paid.
 */
export function isPausedAt(m: Pick<PremiumFacts, 'premiumPausedUntil'>, at: Date): boolean {
  return isPauseAheadOrInForceAt(m, at) && pauseStartOf(m.premiumPausedUntil as Date).getTime() <= at.getTime();
}

/** Premium at `at`: not paused, flagged, and the end date still ahead (L-4.1-07). */
export function isPremiumAt(m: PremiumFacts, at: Date): boolean {
  if (isPausedAt(m, at)) return false;
  return m.isPremium && m.premiumEndDate !== null && m.premiumEndDate.getTime() > at.getTime();
}

/** GET /api/auth/premium-status: whether, until when, and the days left (rounded up, never below 0). */
export function premiumStatusAt(m: PremiumFacts, at: Date): PremiumStatus {
  const premium = isPremiumAt(m, at);
  return {
    isPremium: premium,
    endDate: m.premiumEndDate?.toISOString() ?? null,
    daysRemaining: premium ? daysRemaining(m.premiumEndDate, at) : 0,
  };
}

/**
 * The same instant `months` calendar months later (UTC), the day kept where the month has it and the
 * month's last day otherwise (Jan 31 -> Feb 28): "charged monthly on the same day" (commercial-law page).
 */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** The later of two dates (null counts as never). */
export function later(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b;
}
