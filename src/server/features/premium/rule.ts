import { DAY_MS } from '../../../shared/constants';
import { addMonths, daysRemaining, PAUSE_DAYS, PREMIUM_PRICE_YEN } from '../../../shared/rules/premium';
import type { PremiumStatus } from '../../../shared/schemas/premium';

/**
 * The one rule that decides, on the server, whether a member is premium at a given instant (issue 17).
 * Every perk (private and 100 playlists, 10 generations a day, the 128 kbit/s stream, the status the
 * browser shows) and every state (bought, renewed, cancelled, paused, an admin's change) goes through it.
 */

/** The price, the month and the pause are the plan's, shared with the browser and the payment providers. */
export { addMonths, PAUSE_DAYS, PREMIUM_PRICE_YEN };
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

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** The later of two dates (null counts as never). */
export function later(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b;
}
