import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_STATS_DAYS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { insertListening } from '../history/service';

/** 12:00 in Japan on 2026-03-10: the last 30 Japan days are 2026-02-09 .. 2026-03-10. */
const NOW = new Date('2026-03-10T03:00:00Z');

let t: TestApp;
let ownerCookie: string;
let otherCookie: string;
let adminCookie: string;
let trackId: number;
let emptyId: number;
const listeners: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };

/** A stretch of listening recorded at `at`, as POST /api/listening-history records one (with its listen). */
const heard = (userId: string, at: string, duration: number, progressPercent: number, completed = false, track = trackId) =>
  insertListening(t.db, { userId, trackId: track, duration, progressPercent, completed, createdAt: new Date(at) });

beforeAll(async () => {
  t = await createTestApp({}, {}, { now: () => new Date(NOW.getTime()) });
  const owner = await insertUser(t.db, { name: '投稿者' });
  ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  const other = await insertUser(t.db);
  otherCookie = await sessionCookie(t.db, { userId: other.id });
  adminCookie = await sessionCookie(t.db, { isAdmin: true });
  for (const k of Object.keys(listeners) as (keyof typeof listeners)[]) listeners[k] = (await insertUser(t.db)).id;
  const base = { userId: owner.id, createdBy: owner.id, duration: 200 };
  trackId = (await insertTrack(t, { ...base, title: '統計の音声', playCount: 7, likeCount: 2, isVisible: false })).id;
  emptyId = (await insertTrack(t, { ...base, title: 'まだ誰も聴いていない' })).id;
  const { a, b, c, d } = listeners;
  // A: 23:59 on 3/9 in Japan, then from 00:01 on 3/10 (still 3/9 in UTC) to the end: two listens.
  await heard(a, '2026-03-09T14:59:00Z', 30, 15);
  await heard(a, '2026-03-09T15:01:00Z', 40, 35);
  await heard(a, '2026-03-10T02:00:00Z', 160, 100, true);
  // B: two stretches on 3/10, the furthest at 62 %.
  await heard(b, '2026-03-10T01:00:00Z', 20, 55);
  await heard(b, '2026-03-10T01:30:00Z', 10, 62);
  // C: to the end on 2/1 (before the 30 days), then 5 s at 00:00 on 2/9 in Japan (the first of the 30 days).
  await heard(c, '2026-02-01T00:00:00Z', 200, 100, true);
  await heard(c, '2026-02-08T15:00:00Z', 5, 3);
  // D: 23:59:59 on 2/8 in Japan, the day before the 30 days, stopped at 95 %.
  await heard(d, '2026-02-08T14:59:59Z', 8, 95);
  // Another track's listen counts for that track only.
  await heard(a, '2026-03-10T02:00:00Z', 100, 50, false, (await insertTrack(t, base)).id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const expectedDays = () => {
  const days = Array.from({ length: TRACK_STATS_DAYS }, (_, i) => ({
    date: new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10),
    plays: 0,
  }));
  const set = (date: string, plays: number) => {
    const day = days.find((x) => x.date === date);
    if (!day) throw new Error(`${date} is not one of the 30 days`);
    day.plays = plays;
  };
  set('2026-02-09', 1);
  set('2026-03-09', 1);
  set('2026-03-10', 2);
  return days;
};

describe("a track's stats for its creator and the operator (#40.3)", () => {
  it('#40.3 answers 401 to a visitor before validating the id, and 404 to another member, as for a missing track', async () => {
    expect((await get(`/api/my-tracks/${trackId}/stats`)).statusCode).toBe(401);
    expect((await get('/api/my-tracks/abc/stats')).statusCode).toBe(401);
    const other = await get(`/api/my-tracks/${trackId}/stats`, otherCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: MESSAGES.trackNotFound });
    expect((await get('/api/my-tracks/99999999/stats', ownerCookie)).statusCode).toBe(404);
    // The console's route is the operator's: a member's session is not one.
    expect((await get(`/api/admin/tracks/${trackId}/stats`)).statusCode).toBe(401);
    expect((await get(`/api/admin/tracks/${trackId}/stats`, ownerCookie)).statusCode).toBe(401);
    expect((await get('/api/admin/tracks/99999999/stats', adminCookie)).statusCode).toBe(404);
  });

  it('#40.3 counts listens by Japan day: a member on one day is one listen, midnight in Japan (not UTC) starts another', async () => {
    const res = await get(`/api/my-tracks/${trackId}/stats`, ownerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Listens: A 3/9 (15 %), A 3/10 (completed), B 3/10 (62 %), C 2/1 (completed), C 2/9 (3 %), D 2/8 (95 %).
    expect(res.json()).toEqual({
      trackId,
      plays: 7,
      completions: 2,
      completionRate: 0.333,
      averageListenSeconds: 78.8, // (30 + 200 + 30 + 200 + 5 + 8) / 6
      likes: 2,
      byDay: expectedDays(),
      stops: [1, 1, 0, 0, 0, 0, 1, 0, 0, 3],
    });
  });

  it('#40.3 the operator sees the same figures for any track, hidden ones included', async () => {
    const mine = (await get(`/api/my-tracks/${trackId}/stats`, ownerCookie)).json();
    const res = await get(`/api/admin/tracks/${trackId}/stats`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
  });

  it('#40.3 a track nobody listened to: zeros, 30 empty days, no stops', async () => {
    const res = await get(`/api/my-tracks/${emptyId}/stats`, ownerCookie);
    expect(res.json()).toEqual({
      trackId: emptyId,
      plays: 0,
      completions: 0,
      completionRate: 0,
      averageListenSeconds: 0,
      likes: 0,
      byDay: expectedDays().map((d) => ({ ...d, plays: 0 })),
      stops: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
  });

  it('#40.3 a listen recorded through the history route counts at once', async () => {
    const own = await get(`/api/my-tracks/${emptyId}/stats`, ownerCookie);
    expect(own.json().byDay.at(-1)).toEqual({ date: '2026-03-10', plays: 0 });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie: ownerCookie },
      payload: { trackId: emptyId, duration: 12, progressPercent: 6, completed: false },
    });
    expect(post.statusCode).toBe(201);
    const after = (await get(`/api/my-tracks/${emptyId}/stats`, ownerCookie)).json();
    expect(after.stops).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(after.averageListenSeconds).toBe(12);
  });
});
