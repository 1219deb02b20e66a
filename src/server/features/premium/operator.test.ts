import { describe, expect, it } from 'vitest';
import { operatorPremium } from './operator';
import { addDays, isPremiumAt } from './rule';

// Issue 18: an operator's premium change from the console, written through the columns the premium rule
// reads (decision 0024).
const now = new Date('2025-06-01T00:00:00Z');
const free = { isPremium: false, premiumStartDate: null, premiumEndDate: null, premiumPausedUntil: null };
const none = { state: 'none' as const, periodEnd: null };

describe('operatorPremium', () => {
  it('C-9-01: a grant without an end date is 30 days from now, and the rule then answers premium', () => {
    const out = operatorPremium(free, none, { isPremium: true, endDate: null }, now);
    expect(out).toEqual({ isPremium: true, premiumStartDate: now, premiumEndDate: addDays(now, 30) });
    expect(isPremiumAt({ ...out, premiumPausedUntil: null }, now)).toBe(true);
    expect(isPremiumAt({ ...out, premiumPausedUntil: null }, addDays(now, 30))).toBe(false);
  });

  it('C-7.4-04: a grant takes the operator end date; a past one is refused with 400', () => {
    const end = addDays(now, 7);
    expect(operatorPremium(free, none, { isPremium: true, endDate: end }, now).premiumEndDate).toEqual(end);
    expect(() => operatorPremium(free, none, { isPremium: true, endDate: addDays(now, -1) }, now)).toThrow(
      expect.objectContaining({ status: 400, message: 'プレミアムの終了日は未来の日時を指定してください' }),
    );
  });

  it('keeps the start date of a member who is premium already', () => {
    const start = addDays(now, -10);
    const member = { isPremium: true, premiumStartDate: start, premiumEndDate: addDays(now, 3), premiumPausedUntil: null };
    expect(operatorPremium(member, none, { isPremium: true, endDate: null }, now).premiumStartDate).toEqual(start);
  });

  it('never cuts short a period the member paid for', () => {
    const paid = addDays(now, 40);
    const out = operatorPremium(free, { state: 'active', periodEnd: paid }, { isPremium: true, endDate: null }, now);
    expect(out.premiumEndDate).toEqual(paid);
    const cancelling = operatorPremium(free, { state: 'cancelling', periodEnd: addDays(now, 5) }, { isPremium: true, endDate: null }, now);
    expect(cancelling.premiumEndDate).toEqual(addDays(now, 30));
  });

  it('refuses a grant while the member’s own pause is in force (409)', () => {
    expect(() => operatorPremium(free, { state: 'paused', periodEnd: addDays(now, 80) }, { isPremium: true, endDate: null }, now)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });

  it('C-7.4-06: a revoke ends premium now, and the rule then answers free', () => {
    const member = { isPremium: true, premiumStartDate: addDays(now, -3), premiumEndDate: addDays(now, 27), premiumPausedUntil: null };
    const out = operatorPremium(member, none, { isPremium: false, endDate: null }, now);
    expect(out).toEqual({ isPremium: false, premiumStartDate: member.premiumStartDate, premiumEndDate: now });
    expect(isPremiumAt({ ...out, premiumPausedUntil: null }, now)).toBe(false);
    // A cancelling subscription renews no more: its member may be revoked.
    expect(
      operatorPremium(member, { state: 'cancelling', periodEnd: addDays(now, 27) }, { isPremium: false, endDate: null }, now).isPremium,
    ).toBe(false);
  });

  it('a revoke keeps a past end date as it was', () => {
    const lapsed = { isPremium: true, premiumStartDate: null, premiumEndDate: addDays(now, -5), premiumPausedUntil: null };
    expect(operatorPremium(lapsed, none, { isPremium: false, endDate: null }, now).premiumEndDate).toEqual(addDays(now, -5));
  });

  it('refuses a revoke while the provider will bill again (active or paused subscription): 409', () => {
    const member = { isPremium: true, premiumStartDate: now, premiumEndDate: addDays(now, 20), premiumPausedUntil: null };
    for (const state of ['active', 'paused'] as const) {
      expect(() => operatorPremium(member, { state, periodEnd: addDays(now, 20) }, { isPremium: false, endDate: null }, now)).toThrow(
        expect.objectContaining({ status: 409, message: expect.stringContaining('支払い中のサブスクリプション') }),
      );
    }
  });
});
