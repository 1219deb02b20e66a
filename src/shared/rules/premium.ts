import { DAY_MS, LOCAL_PREMIUM_MONTHS, TRIAL_HOURS } from '../constants';

const MINUTE_MS = 60_000;
export const TRIAL_MS = TRIAL_HOURS * 3_600_000;
/** The speed that needs premium or the trial (listener spec §4, §6). */
export const PREMIUM_RATE = 2;

/** Days of premium left, rounded up and never below 0 (listener spec §3, premium status). */
export function daysRemaining(endDate: Date | string | null | undefined, now: Date = new Date()): number {
  if (!endDate) return 0;
  const end = typeof endDate === 'string' ? new Date(endDate) : endDate;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** The pause: 90 days, once per member lifetime (creator spec §2.3, §9). */
export const PAUSE_DAYS = 90;

/** Premium is 550 yen a month, tax included (creator spec §9). */
export const PREMIUM_PRICE_YEN = 550;

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

/**
 * When a pause asked for at `at` runs (issue 24.9, decision 0026): it begins when the paid period ends
 * (premium until then, nothing lost), lasts 90 days with neither premium nor charges, and billing and
 * premium resume at its end. A period already over (or unknown) starts the pause at once.
 */
export function pauseWindow(periodEnd: Date | string | null | undefined, at: Date): { from: Date; until: Date } {
  const end = periodEnd ? new Date(periodEnd) : null;
  const from = end && Number.isFinite(end.getTime()) && end.getTime() > at.getTime() ? end : at;
  return { from, until: new Date(from.getTime() + PAUSE_DAYS * DAY_MS) };
}

// ——— premium ———

export interface PremiumStatus {
  isPremium: boolean;
  endDate: string | null;
  daysRemaining: number;
}

/** The premium flag and expiry as the browser keeps them (raw local storage values). */
export interface LocalPremium {
  flag: string | null;
  expiry: string | null;
}

export const NOT_PREMIUM: PremiumStatus = { isPremium: false, endDate: null, daysRemaining: 0 };

/** A premium user is one with isPremium and an end date in the future (L-4.1-07). */
export function isActivePremium(isPremium: boolean, endDate: string | null | undefined, now: Date): boolean {
  if (!isPremium || !endDate) return false;
  const end = new Date(endDate).getTime();
  return Number.isFinite(end) && end > now.getTime();
}

export interface PremiumResolution {
  status: PremiumStatus;
  /** What local storage holds afterwards: the flags to write, or null to remove them. */
  store: { flag: 'true'; expiry: string } | null;
}

/**
 * The server's answer wins and is cached locally; without one (the call failed) the locally cached flags
 * are used, and expired ones are cleared (listener spec §4 Premium and trial, L-4.1-03, L-4.1-04).
 */
export function resolvePremium(server: PremiumStatus | null | undefined, local: LocalPremium, now: Date): PremiumResolution {
  if (server) {
    if (!isActivePremium(server.isPremium, server.endDate, now) || !server.endDate) return { status: NOT_PREMIUM, store: null };
    return {
      status: { isPremium: true, endDate: server.endDate, daysRemaining: daysRemaining(server.endDate, now) },
      store: { flag: 'true', expiry: server.endDate },
    };
  }
  if (local.flag !== 'true' || !isActivePremium(true, local.expiry, now) || !local.expiry) return { status: NOT_PREMIUM, store: null };
  return {
    status: { isPremium: true, endDate: local.expiry, daysRemaining: daysRemaining(local.expiry, now) },
    store: { flag: 'true', expiry: local.expiry },
  };
}

/** Setting premium locally: expiry one month ahead (L-4.1-05); the caller also ends any trial (L-4.1-06). */
export function localPremiumExpiry(now: Date): string {
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + LOCAL_PREMIUM_MONTHS);
  return end.toISOString();
}

// ——— the one-time 24-hour 2x trial ———

export interface TrialState {
  /** Epoch ms, or null when no trial runs. */
  start: number | null;
  expiry: number | null;
  /** The trial was started once (it is one-time, L-4.1-12). */
  used: boolean;
}

/** Reads the stored keys; a start or expiry alone also means the trial was used. */
export function parseTrial(raw: { start: string | null; expiry: string | null; used: string | null }): TrialState {
  const num = (v: string | null) => {
    if (v == null || v === '') return null;
    const n = Number(v);
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  const start = num(raw.start);
  const expiry = num(raw.expiry);
  return { start, expiry, used: raw.used === 'true' || start !== null || expiry !== null };
}

/** Starting sets the expiry 24 hours ahead (L-4.1-08). */
export function startTrial(now: number): TrialState {
  return { start: now, expiry: now + TRIAL_MS, used: true };
}

export function trialActive(t: TrialState, now: number): boolean {
  return t.expiry !== null && t.expiry > now;
}

/** A trial that has reached zero: it ends and its keys are cleared, the used mark stays (L-4.1-11). */
export function trialEnded(t: TrialState, now: number): boolean {
  return t.expiry !== null && t.expiry <= now;
}

export function trialRemainingMs(t: TrialState, now: number): number {
  return t.expiry === null ? 0 : Math.max(0, t.expiry - now);
}

/**
 * Hours and minutes left, never overstating: 'お試し残り 23時間59分' just after the start. The last
 * minute reads '1分未満' rather than '0時間0分'.
 */
export function formatTrialRemaining(ms: number): string {
  if (ms <= 0) return '';
  if (ms < MINUTE_MS) return '1分未満';
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${Math.floor(minutes / 60)}時間${minutes % 60}分`;
}

/** Milliseconds until the shown minute changes (or the trial ends), so the label updates each minute. */
export function msUntilNextMinute(remainingMs: number): number {
  if (remainingMs <= 0) return 0;
  if (remainingMs <= MINUTE_MS) return remainingMs;
  return (remainingMs % MINUTE_MS) + 1;
}

export interface RateDecision {
  /** The rate to play at. */
  rate: number;
  /** The one-time trial starts now. */
  startTrial: boolean;
  /** 2x was asked for and refused: the trial is used up and the listener is not premium. */
  refused: boolean;
}

/**
 * Choosing a speed (L-4.2-10, L-4.1-12): 2x plays for premium members and during the trial; without
 * either, the first 2x starts the one-time trial; once it is used up, 2x is skipped and the player goes
 * back to 1x (decision 0008).
 */
export function decideRate(rate: number, ctx: { isPremium: boolean; trial: TrialState; now: number }): RateDecision {
  if (rate !== PREMIUM_RATE || ctx.isPremium || trialActive(ctx.trial, ctx.now)) return { rate, startTrial: false, refused: false };
  if (!ctx.trial.used) return { rate, startTrial: true, refused: false };
  return { rate: 1, startTrial: false, refused: true };
}

/** A rate that may no longer be kept (the trial or premium ended while at 2x) falls back to 1x. */
export function allowedStoredRate(rate: number, ctx: { isPremium: boolean; trial: TrialState; now: number }): number {
  return rate === PREMIUM_RATE && !ctx.isPremium && !trialActive(ctx.trial, ctx.now) ? 1 : rate;
}
