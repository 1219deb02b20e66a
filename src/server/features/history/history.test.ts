import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let cookie: string;
let userId: string;
let trackId: number;
beforeAll(async () => {
  t = await createTestApp();
  const u = await insertUser(t.db);
  userId = u.id;
  cookie = await sessionCookie(t.db, { userId });
  trackId = (await insertTrack(t)).id;
});
afterAll(() => t.close());

describe('listening history (L-7.2-07, L-7.2-08, L-3-16)', () => {
  it('records and lists entries with id, trackId, duration, progressPercent, completed, createdAt', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/listening-history', payload: { trackId, duration: 5, progressPercent: 3 } }))
        .statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie },
      payload: { trackId, duration: 42.5, progressPercent: 23.6, completed: false },
    });
    expect(res.statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/listening-history', headers: { cookie } })).json();
    expect(list[0]).toMatchObject({ trackId, duration: 42.5, progressPercent: 23.6, completed: false });
    expect(Object.keys(list[0]).sort()).toEqual(['completed', 'createdAt', 'duration', 'id', 'progressPercent', 'trackId']);
  });

  it('refuses out-of-range values and unknown tracks', async () => {
    for (const payload of [
      { trackId, duration: -1, progressPercent: 5 },
      { trackId, duration: 1, progressPercent: 101 },
      { trackId: 'x', duration: 1, progressPercent: 1 },
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/listening-history', headers: { cookie }, payload })).statusCode).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/listening-history',
          headers: { cookie },
          payload: { trackId: 99999999, duration: 1, progressPercent: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the player's resume lookup and its keepalive reports (issue 4)", () => {
  it('GET ?trackId=&limit=1 answers the newest entry of that track only', async () => {
    const other = (await insertTrack(t)).id;
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/listening-history', headers: { cookie }, payload });
    expect((await post({ trackId, duration: 6, progressPercent: 20, completed: false })).statusCode).toBe(201);
    expect((await post({ trackId: other, duration: 9, progressPercent: 70, completed: false })).statusCode).toBe(201);
    expect((await post({ trackId, duration: 7, progressPercent: 55.5, completed: false })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/api/user/listening-history?trackId=${trackId}&limit=1`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.json()).toEqual([expect.objectContaining({ trackId, progressPercent: 55.5, duration: 7 })]);
    const none = await t.app.inject({ method: 'GET', url: '/api/user/listening-history?trackId=999999&limit=1', headers: { cookie } });
    expect(none.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/listening-history?trackId=${trackId}&limit=1` })).statusCode).toBe(401);
  });

  it("accepts a report carrying this site's Origin (fetch keepalive on pagehide) and refuses another origin", async () => {
    const payload = { trackId, duration: 12, progressPercent: 40, completed: false };
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie, host: 'mugen.test', origin: 'http://mugen.test' },
      payload,
    });
    expect(same.statusCode).toBe(201);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie, host: 'mugen.test', origin: 'https://evil.example' },
      payload,
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('GET /api/auth/premium-status', () => {
  it('answers isPremium, endDate and daysRemaining rounded up', async () => {
    const free = (await t.app.inject({ method: 'GET', url: '/api/auth/premium-status', headers: { cookie } })).json();
    expect(free).toEqual({ isPremium: false, endDate: null, daysRemaining: 0 });
    const end = new Date(Date.now() + 2.5 * 86_400_000);
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
