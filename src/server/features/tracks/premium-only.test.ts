import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

// Issue 24.11 (L-1-08): tracks.isPremiumOnly is enforced. A premium-only track streams to premium members
// (and its owner) only; everyone lists it, with its mark (isPremiumOnly), in the catalogue, search and
// playlists alike.
let t: TestApp;
const audio = randomBytes(12_000);
let locked: { id: number; title: string };
let open: { id: number };
let premium: string;
let free: string;
let lapsed: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  const poster = await insertUser(t.db, { name: '投稿者' });
  owner = await sessionCookie(t.db, { userId: poster.id });
  locked = await insertTrack(t, { title: '限定トーク星空', isPremiumOnly: true, userId: poster.id, createdBy: poster.id }, audio);
  open = await insertTrack(t, { title: 'ふつうトーク星空' }, audio);
  premium = await sessionCookie(t.db, {
    userId: (await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) })).id,
  });
  free = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
  lapsed = await sessionCookie(t.db, {
    userId: (await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() - DAY_MS) })).id,
  });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('#24.11 premium-only tracks', () => {
  it('L-1-08: stream to a premium member (whole, a range, high quality) and to the poster', async () => {
    for (const [cookie, query] of [
      [premium, ''],
      [premium, '?quality=high'],
      [owner, ''],
    ] as const) {
      const res = await get(`/api/stream/${locked.id}${query}`, cookie);
      expect(res.statusCode, `${query}`).toBe(200);
      expect(res.rawPayload.equals(audio)).toBe(true);
      // Never kept by a shared cache, which would hand it to anyone.
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
    const part = await get(`/api/stream/${locked.id}`, premium, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
  });

  it('L-1-08: refuse a free member, a member whose premium ended and a visitor with 403 and the reason, GET and HEAD, ranges too', async () => {
    for (const cookie of [free, lapsed, undefined]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/stream/${locked.id}?quality=high`,
          headers: { ...(cookie ? { cookie } : {}), range: 'bytes=0-99' },
        });
        expect(res.statusCode, `${method} ${cookie ?? 'visitor'}`).toBe(403);
        expect(res.headers['cache-control']).toBe('private, no-store');
        if (method === 'GET') expect(res.json()).toEqual({ message: 'この番組はプレミアム会員限定です', reason: 'premium_only' });
      }
    }
    // Another track is not touched.
    expect((await get(`/api/stream/${open.id}`, free)).statusCode).toBe(200);
  });

  it('lists it for everyone with its mark: the catalogue, a track page, search and a playlist', async () => {
    for (const cookie of [free, undefined]) {
      const catalogue = (await get('/api/tracks?limit=100', cookie)).json() as { id: number; isPremiumOnly: boolean }[];
      expect(catalogue.find((x) => x.id === locked.id)?.isPremiumOnly).toBe(true);
      expect(catalogue.find((x) => x.id === open.id)?.isPremiumOnly).toBe(false);
    }
    expect((await get(`/api/tracks/${locked.id}`, free)).json()).toMatchObject({ id: locked.id, isPremiumOnly: true });

    const found = (await get(`/api/search?q=${encodeURIComponent('限定トーク星空')}`, free)).json() as {
      tracks: { id: number; isPremiumOnly: boolean }[];
    };
    expect(found.tracks.filter((x) => x.id === locked.id).map((x) => x.isPremiumOnly)).toEqual([true]);

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: free },
      payload: { name: '限定いり', isPublic: true },
    });
    expect(made.statusCode).toBe(201);
    const playlistId = made.json().id as number;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/playlists/${playlistId}/tracks`,
      headers: { cookie: free },
      payload: { trackId: locked.id },
    });
    expect(added.statusCode).toBeLessThan(300);
    const playlist = (await get(`/api/playlists/${playlistId}`, free)).json() as {
      items: { track: { id: number; isPremiumOnly: boolean } }[];
    };
    expect(playlist.items.map((i) => [i.track.id, i.track.isPremiumOnly])).toEqual([[locked.id, true]]);
  });
});
