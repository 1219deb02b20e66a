import { describe, expect, it } from 'vitest';
import {
  allowedStoredRate,
  daysRemaining,
  decideRate,
  formatTrialRemaining,
  localPremiumExpiry,
  msUntilNextMinute,
  parseTrial,
  resolvePremium,
  startTrial,
  TRIAL_MS,
  trialActive,
  trialEnded,
  trialRemainingMs,
} from './premium';

describe('daysRemaining', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('rounds up and never goes below 0', () => {
    expect(daysRemaining(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-01-31T00:00:00Z'), now)).toBe(30);
    expect(daysRemaining(new Date('2025-12-01T00:00:00Z'), now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });
});

describe('resolvePremium (L-4.1-03, L-4.1-04, L-4.1-07)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const future = '2026-03-20T00:00:00.000Z';
  const past = '2026-03-01T00:00:00.000Z';
  const noLocal = { flag: null, expiry: null };

  it('takes the server answer and caches it locally', () => {
    const r = resolvePremium({ isPremium: true, endDate: future, daysRemaining: 10 }, noLocal, now);
    expect(r.status).toEqual({ isPremium: true, endDate: future, daysRemaining: 10 });
    expect(r.store).toEqual({ flag: 'true', expiry: future });
  });

  it('treats isPremium with an end date in the past (or none) as free, and clears the cache', () => {
    const local = { flag: 'true', expiry: future };
    expect(resolvePremium({ isPremium: true, endDate: past, daysRemaining: 0 }, local, now)).toEqual({
      status: { isPremium: false, endDate: null, daysRemaining: 0 },
      store: null,
    });
    expect(resolvePremium({ isPremium: true, endDate: null, daysRemaining: 0 }, local, now).status.isPremium).toBe(false);
  });

  it('a free answer from the server wins over a stale local premium flag', () => {
    const r = resolvePremium({ isPremium: false, endDate: null, daysRemaining: 0 }, { flag: 'true', expiry: future }, now);
    expect(r.status.isPremium).toBe(false);
    expect(r.store).toBeNull();
  });

  it('without a server answer uses the local flags while they are valid', () => {
    const r = resolvePremium(null, { flag: 'true', expiry: future }, now);
    expect(r.status).toEqual({ isPremium: true, endDate: future, daysRemaining: 10 });
    expect(r.store).toEqual({ flag: 'true', expiry: future });
  });

  it('without a server answer clears expired, partial or unreadable local flags', () => {
    for (const local of [
      { flag: 'true', expiry: past },
      { flag: 'true', expiry: null },
      { flag: 'true', expiry: 'not a date' },
      { flag: 'false', expiry: future },
      noLocal,
    ]) {
      expect(resolvePremium(undefined, local, now)).toEqual({ status: { isPremium: false, endDate: null, daysRemaining: 0 }, store: null });
    }
  });
});

describe('local premium (L-4.1-05)', () => {
  it('lasts one calendar month', () => {
    expect(localPremiumExpiry(new Date('2026-01-15T09:30:00Z'))).toBe('2026-02-15T09:30:00.000Z');
  });
});

describe('the 2x trial', () => {
  const t0 = Date.UTC(2026, 0, 1, 0, 0, 0);

  it('starting sets the expiry 24 hours ahead and marks it used (L-4.1-08)', () => {
    expect(startTrial(t0)).toEqual({ start: t0, expiry: t0 + 24 * 3_600_000, used: true });
    expect(TRIAL_MS).toBe(86_400_000);
  });

  it('is active until its expiry, then ended', () => {
    const t = startTrial(t0);
    expect(trialActive(t, t0 + TRIAL_MS - 1)).toBe(true);
    expect(trialEnded(t, t0 + TRIAL_MS - 1)).toBe(false);
    expect(trialActive(t, t0 + TRIAL_MS)).toBe(false);
    expect(trialEnded(t, t0 + TRIAL_MS)).toBe(true);
    expect(trialRemainingMs(t, t0 + TRIAL_MS + 5)).toBe(0);
  });

  it('reads stored keys; a start or expiry alone still counts as used', () => {
    expect(parseTrial({ start: null, expiry: null, used: null })).toEqual({ start: null, expiry: null, used: false });
    expect(parseTrial({ start: null, expiry: null, used: 'true' }).used).toBe(true);
    expect(parseTrial({ start: String(t0), expiry: null, used: null })).toEqual({ start: t0, expiry: null, used: true });
    expect(parseTrial({ start: 'x', expiry: '', used: null })).toEqual({ start: null, expiry: null, used: false });
  });

  it('shows hours and minutes, never overstating (L-4.1-09)', () => {
    expect(formatTrialRemaining(TRIAL_MS)).toBe('24時間0分');
    expect(formatTrialRemaining(TRIAL_MS - 1)).toBe('23時間59分');
    expect(formatTrialRemaining(TRIAL_MS - 3_600_000 - 1000)).toBe('22時間59分');
    expect(formatTrialRemaining(61_000)).toBe('0時間1分');
    expect(formatTrialRemaining(59_000)).toBe('1分未満');
    expect(formatTrialRemaining(0)).toBe('');
  });

  it('asks to be updated when the shown minute changes (L-4.1-10)', () => {
    const remaining = TRIAL_MS - 20_000; // 23時間59分 for 40 s more
    const wait = msUntilNextMinute(remaining);
    expect(formatTrialRemaining(remaining - wait + 1)).toBe('23時間59分');
    expect(formatTrialRemaining(remaining - wait)).toBe('23時間58分');
    expect(msUntilNextMinute(120_000)).toBe(1);
    expect(msUntilNextMinute(30_000)).toBe(30_000);
    expect(msUntilNextMinute(0)).toBe(0);
  });
});

describe('decideRate (L-4.2-10, L-4.1-12)', () => {
  const now = Date.UTC(2026, 0, 1);
  const fresh = { start: null, expiry: null, used: false };
  const used = { start: null, expiry: null, used: true };
  const running = startTrial(now - 1000);

  it('leaves every speed but 2x alone', () => {
    for (const rate of [1, 1.25, 1.5])
      expect(decideRate(rate, { isPremium: false, trial: used, now })).toEqual({ rate, startTrial: false, refused: false });
  });

  it('gives 2x to premium members without a trial', () => {
    expect(decideRate(2, { isPremium: true, trial: fresh, now })).toEqual({ rate: 2, startTrial: false, refused: false });
  });

  it('starts the trial on the first 2x of a free listener, and keeps 2x during it', () => {
    expect(decideRate(2, { isPremium: false, trial: fresh, now })).toEqual({ rate: 2, startTrial: true, refused: false });
    expect(decideRate(2, { isPremium: false, trial: running, now })).toEqual({ rate: 2, startTrial: false, refused: false });
  });

  it('refuses 2x once the one-time trial is used up, going back to 1x', () => {
    expect(decideRate(2, { isPremium: false, trial: used, now })).toEqual({ rate: 1, startTrial: false, refused: true });
    const over = startTrial(now - TRIAL_MS - 1);
    expect(decideRate(2, { isPremium: false, trial: over, now })).toEqual({ rate: 1, startTrial: false, refused: true });
  });

  it('drops a remembered 2x when neither premium nor the trial allows it', () => {
    expect(allowedStoredRate(2, { isPremium: false, trial: used, now })).toBe(1);
    expect(allowedStoredRate(2, { isPremium: false, trial: running, now })).toBe(2);
    expect(allowedStoredRate(2, { isPremium: true, trial: used, now })).toBe(2);
    expect(allowedStoredRate(1.5, { isPremium: false, trial: used, now })).toBe(1.5);
  });
});
