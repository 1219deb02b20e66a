import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let cookie: string;
let trackId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
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
    for (const [origin, status] of [
      ['http://mugen.test', 201],
      ['https://evil.example', 403],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/listening-history',
        headers: { cookie, host: 'mugen.test', origin },
        payload,
      });
      expect(res.statusCode, origin).toBe(status);
    }
  });
});
