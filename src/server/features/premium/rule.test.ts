import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { PREMIUM_API_MESSAGES, PREMIUM_NOTIFICATION_TYPES } from '../../../shared/messages/api';
import { notificationMessage } from '../../../shared/rules/notifications';
import { pauseWindow } from '../../../shared/rules/premium';
import { ConfigError, loadConfig } from '../../config';
import { addMonths, isPausedAt, isPremiumAt, premiumStatusAt } from './rule';

// The one premium rule of the server (issue 17), and the payment settings it runs with.
const at = new Date('2026-12-10T00:00:00.000Z');
const facts = (o: Partial<Parameters<typeof isPremiumAt>[0]> = {}) => ({
  isPremium: true,
  premiumEndDate: new Date(at.getTime() + DAY_MS),
  premiumPausedUntil: null,
  ...o,
});

describe('the premium rule', () => {
  it('L-4.1-07 is premium with the flag and an end date ahead; not with the end passed, reached or missing, nor without the flag', () => {
    expect(isPremiumAt(facts(), at)).toBe(true);
    expect(isPremiumAt(facts({ premiumEndDate: new Date(at.getTime() - 1) }), at)).toBe(false);
    expect(isPremiumAt(facts({ premiumEndDate: at }), at)).toBe(false);
    expect(isPremiumAt(facts({ premiumEndDate: null }), at)).toBe(false);
    expect(isPremiumAt(facts({ isPremium: false }), at)).toBe(false);
  });

  it('C-4-25 is not premium while a pause is in force, whatever the end date says, and is again once it is over', () => {
    const paused = facts({ premiumEndDate: new Date(at.getTime() + 30 * DAY_MS), premiumPausedUntil: new Date(at.getTime() + DAY_MS) });
    expect(isPausedAt(paused, at)).toBe(true);
    expect(isPremiumAt(paused, at)).toBe(false);
    const later = new Date(at.getTime() + 2 * DAY_MS);
    expect(isPausedAt(paused, later)).toBe(false);
    expect(isPremiumAt(paused, later)).toBe(true);
  });

  it('#24.9 a pause asked for before the paid period ends begins at that end: premium until then, none for 90 days', () => {
    const periodEnd = new Date(at.getTime() + 17 * DAY_MS);
    const { from, until } = pauseWindow(periodEnd, at);
    expect(from.toISOString()).toBe(periodEnd.toISOString());
    expect(until.toISOString()).toBe(new Date(periodEnd.getTime() + 90 * DAY_MS).toISOString());
    const scheduled = facts({ premiumEndDate: periodEnd, premiumPausedUntil: until });
    expect(isPausedAt(scheduled, at)).toBe(false);
    expect(isPremiumAt(scheduled, at)).toBe(true);
    expect(isPremiumAt(scheduled, new Date(periodEnd.getTime() - 1))).toBe(true);
    expect(isPausedAt(scheduled, periodEnd)).toBe(true);
    expect(isPremiumAt(scheduled, periodEnd)).toBe(false);
    expect(isPausedAt(scheduled, until)).toBe(false);
    // A period already over (or unknown) pauses at once.
    expect(pauseWindow(null, at).from.toISOString()).toBe(at.toISOString());
    expect(pauseWindow(new Date(at.getTime() - DAY_MS), at).from.toISOString()).toBe(at.toISOString());
  });

  it('L-3-10 rounds the days remaining up and never below 0', () => {
    expect(premiumStatusAt(facts({ premiumEndDate: new Date(at.getTime() + 1.5 * DAY_MS) }), at)).toEqual({
      isPremium: true,
      endDate: new Date(at.getTime() + 1.5 * DAY_MS).toISOString(),
      daysRemaining: 2,
    });
    const expired = new Date(at.getTime() - 3 * DAY_MS);
    expect(premiumStatusAt(facts({ premiumEndDate: expired }), at)).toEqual({
      isPremium: false,
      endDate: expired.toISOString(),
      daysRemaining: 0,
    });
    expect(premiumStatusAt(facts({ premiumPausedUntil: new Date(at.getTime() + DAY_MS) }), at).daysRemaining).toBe(0);
  });

  it('#17 bills monthly on the same day, the month’s last day where it has no such day', () => {
    expect(addMonths(new Date('2026-01-15T09:30:00.000Z'), 1).toISOString()).toBe('2026-02-15T09:30:00.000Z');
    expect(addMonths(new Date('2026-01-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-12-31T00:00:00.000Z'), 1).toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(addMonths(new Date('2026-03-31T00:00:00.000Z'), 1).toISOString()).toBe('2026-04-30T00:00:00.000Z');
  });
});

describe('premium notifications', () => {
  it('#17 read the pause’s coming end and a failed payment in Japanese (the notifications page and web push)', () => {
    const n = { bundleCount: 1, actorName: null, trackTitle: null, playlistName: null };
    expect(notificationMessage({ ...n, type: PREMIUM_NOTIFICATION_TYPES.resumeSoon })).toBe(PREMIUM_API_MESSAGES.resumeSoon);
    expect(notificationMessage({ ...n, type: PREMIUM_NOTIFICATION_TYPES.paymentFailed })).toBe(PREMIUM_API_MESSAGES.paymentFailed);
    expect(PREMIUM_API_MESSAGES.resumeSoon).toContain('3日後');
  });
});

describe('payment settings', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    STRIPE_PRICE_ID: 'price_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };

  it('#17 runs the demo checkout without Stripe outside production, and no payments in production', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'demo' });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ mode: 'demo' });
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).payments,
    ).toEqual({ mode: 'off' });
  });

  it('#17 uses Stripe when its four keys are set (in production too), never the demo', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(
        loadConfig({ NODE_ENV, VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp', PUBLIC_URL: 'https://mugen-radio.jp', ...stripe }).payments,
      ).toEqual({
        mode: 'stripe',
        stripe: {
          secretKey: 'sk_test_abc',
          publishableKey: 'pk_test_abc',
          priceId: 'price_abc',
          webhookSecret: 'whsec_abc',
          api: undefined,
        },
      });
    }
  });

  it('#17 refuses a partial or malformed Stripe configuration with a one-line message naming the variable', () => {
    for (const missing of Object.keys(stripe)) {
      const env: Record<string, string> = { ...stripe, [missing]: '' };
      expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid ${missing}=`));
    }
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE/);
  });

  it('#17 points the SDK at STRIPE_API_BASE (host, port, protocol), https only in production', () => {
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      stripe: { api: { host: '127.0.0.1', port: 12111, protocol: 'http' } },
    });
    expect(
      loadConfig({
        ...stripe,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mugen-radio.jp',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
        STRIPE_API_BASE: 'https://stripe-proxy.example',
      }).payments,
    ).toMatchObject({
      stripe: { api: { host: 'stripe-proxy.example', port: 443, protocol: 'https' } },
    });
    expect(() =>
      loadConfig({
        ...stripe,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://mugen-radio.jp',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toThrow(/https only/);
  });
});
