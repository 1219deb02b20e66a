import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { users } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await insertUser(t.db)).id;
  cookie = await sessionCookie(t.db, { userId });
});
afterAll(() => t.close());

describe('GET /api/auth/premium-status', () => {
  it('answers isPremium, endDate and daysRemaining rounded up', async () => {
    const free = (await t.app.inject({ method: 'GET', url: '/api/auth/premium-status', headers: { cookie } })).json();
    expect(free).toEqual({ isPremium: false, endDate: null, daysRemaining: 0 });
    const end = new Date(Date.now() + 2.5 * DAY_MS);
    await t.db.update(users).set({ isPremium: true, premiumEndDate: end }).where(eq(users.id, userId));
    const prem = (await t.app.inject({ method: 'GET', url: '/api/auth/premium-status', headers: { cookie } })).json();
    expect(prem).toEqual({ isPremium: true, endDate: end.toISOString(), daysRemaining: 3 });
    await t.db
      .update(users)
      .set({ premiumEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/premium-status', headers: { cookie } })).json().isPremium).toBe(false);
  });
});
