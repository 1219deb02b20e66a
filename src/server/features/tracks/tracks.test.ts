import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { recommendedOrder } from '../../../shared/rules/ranking';
import { tracks } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { trackChanged } from './changes';

let t: TestApp;
let owner: { id: string };
let hiddenId: number;
let userTrackId: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.db, {
    id: 'mugen',
    name: '無限',
    customUserId: 'mugen',
    picture: '∞',
    email: null,
  });
  owner = await insertUser(t.db, {
    name: '投稿者',
    customUserId: 'poster1',
    picture: '🎧',
  });
  // 25 visible official tracks of varied age and popularity, so the top 20 and the rest both exist.
  for (let i = 0; i < 25; i++) {
    await insertTrack(t, {
      title: `公式トラック${i}`,
      userId: 'mugen',
      createdBy: 'mugen',
      category: i % 2 ? 'ニュース' : '政治・社会',
      playCount: (i * 37) % 50,
      likeCount: i % 7,
      impressionCount: i * 3,
      uploadedAt: new Date(Date.now() - i * 3 * DAY_MS),
    });
  }
  const u = await insertTrack(t, {
    title: 'ユーザーの投稿',
    userId: owner.id,
    createdBy: owner.id,
    category: 'ビジネス戦略',
  });
  userTrackId = u.id;
  const h = await insertTrack(t, {
    title: '非公開の音声',
    userId: owner.id,
    createdBy: owner.id,
    isVisible: false,
    category: 'ニュース',
  });
  hiddenId = h.id;
});
afterAll(() => t.close());

describe('GET /api/tracks (L-7.2-01)', () => {
  it('lists only visible tracks with the spec fields (L-3-03)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracks' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(26);
    expect(list.some((x) => x.id === hiddenId)).toBe(false);
    const fields = [
      'id',
      'title',
      'filename',
      'duration',
      'uploadedAt',
      'playCount',
      'likeCount',
      'impressionCount',
      'bookmarkCount',
      'createdBy',
      'posterName',
      'posterPicture',
      'posterCustomUserId',
      'isVisible',
      'category',
    ];
    for (const f of fields) expect(list[0]).toHaveProperty(f);
    const mine = list.find((x) => x.id === userTrackId);
    expect(mine).toMatchObject({
      posterName: '投稿者',
      posterPicture: '🎧',
      posterCustomUserId: 'poster1',
      createdBy: owner.id,
      isVisible: true,
    });
  });

  it('puts the top 20 by the score formula first, then the rest newest first', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    const expected = recommendedOrder(list);
    expect(list.map((x: { id: number }) => x.id)).toEqual(expected.map((x) => x.id));
    const rest = list.slice(20);
    for (let i = 1; i < rest.length; i++) expect(Date.parse(rest[i - 1].uploadedAt)).toBeGreaterThanOrEqual(Date.parse(rest[i].uploadedAt));
  });

  it('pages with limit and offset and rejects a bad limit', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    const page = (await t.app.inject({ method: 'GET', url: '/api/tracks?limit=5&offset=3' })).json();
    expect(page.map((x: { id: number }) => x.id)).toEqual(all.slice(3, 8).map((x: { id: number }) => x.id));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/tracks?limit=abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/入力内容/);
  });
});

describe('GET /api/tracks freshness', () => {
  it('drops a track hidden a moment ago at once, although the ranking is cached', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    const topId = before[0].id;
    // As every service that changes a track does (changes.ts): the cached page is dropped at once.
    await t.db.update(tracks).set({ isVisible: false }).where(eq(tracks.id, topId));
    await trackChanged(t.db, topId);
    const after = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    expect(after.some((x: { id: number }) => x.id === topId)).toBe(false);
    expect(after).toHaveLength(before.length - 1);
    await t.db.update(tracks).set({ isVisible: true }).where(eq(tracks.id, topId));
    await trackChanged(t.db, topId);
  });

  it('lists a newly added track at once', async () => {
    const added = await insertTrack(t, { title: '追加したばかり', userId: 'mugen' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    expect(list.some((x: { id: number }) => x.id === added.id)).toBe(true);
    await t.db.delete(tracks).where(eq(tracks.id, added.id));
    await trackChanged(t.db, added.id);
  });
});

describe('GET /api/tracks/{id} (L-7.2-02)', () => {
  it('answers one track', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${userTrackId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: userTrackId,
      title: 'ユーザーの投稿',
    });
  });

  it('answers 404 with a Japanese message for an unknown id, and 400 for a malformed one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tracks/99999999',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '音声が見つかりません' });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/tracks/${bad}`,
      });
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('hides a hidden track from strangers but shows it to its owner and admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${hiddenId}` })).statusCode).toBe(404);
    const stranger = await insertUser(t.db);
    const asStranger = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${hiddenId}`,
      headers: { cookie: await sessionCookie(t.db, { userId: stranger.id }) },
    });
    expect(asStranger.statusCode).toBe(404);
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${hiddenId}`,
      headers: { cookie: await sessionCookie(t.db, { userId: owner.id }) },
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().isVisible).toBe(false);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${hiddenId}`,
      headers: { cookie: await sessionCookie(t.db, { isAdmin: true }) },
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('ignores x-persisted-user-id as identity', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${hiddenId}`,
      headers: { 'x-persisted-user-id': owner.id },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/tracks/category/{category} (L-7.2-03)', () => {
  it('lists tracks of the category only', async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tracks/category/${encodeURIComponent('ニュース')}`,
      })
    ).json();
    expect(list.length).toBe(12);
    for (const x of list) expect(x.category).toBe('ニュース');
    expect(list.some((x: { id: number }) => x.id === hiddenId)).toBe(false);
  });

  it('maps 政治・社会 and 社会・政治 to each other, and ビジネス and ビジネス戦略', async () => {
    const a = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tracks/category/${encodeURIComponent('社会・政治')}`,
      })
    ).json();
    const b = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tracks/category/${encodeURIComponent('政治・社会')}`,
      })
    ).json();
    expect(a.length).toBe(13);
    expect(b.map((x: { id: number }) => x.id)).toEqual(a.map((x: { id: number }) => x.id));
    const biz = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tracks/category/${encodeURIComponent('ビジネス')}`,
      })
    ).json();
    expect(biz.map((x: { id: number }) => x.id)).toEqual([userTrackId]);
  });

  it('answers an empty list for an unknown category', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/category/${encodeURIComponent("存在しない' OR 1=1 --")}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('counters (L-7.2-05, L-7.2-06)', () => {
  it('increments the play count by one per call', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/tracks/${userTrackId}` })).json().playCount;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tracks/${userTrackId}/increment-play-count`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, playCount: before + 1 });
    const after = (await t.app.inject({ method: 'GET', url: `/api/tracks/${userTrackId}` })).json().playCount;
    expect(after).toBe(before + 1);
  });

  it('counts 20 concurrent impressions exactly', async () => {
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, userTrackId));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tracks/${userTrackId}/increment-impression-count`,
        }),
      ),
    );
    const [after] = await t.db.select().from(tracks).where(eq(tracks.id, userTrackId));
    expect(after.impressionCount).toBe(row.impressionCount + 20);
  });

  it('answers 404 for an unknown or hidden track and changes nothing', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tracks/99999999/increment-play-count',
        })
      ).statusCode,
    ).toBe(404);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/tracks/${hiddenId}/increment-play-count`,
    });
    expect(r.statusCode).toBe(404);
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, hiddenId));
    expect(row.playCount).toBe(0);
  });

  it('refuses a state-changing request from another origin', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/tracks/${userTrackId}/increment-play-count`,
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(r.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/tracks/${userTrackId}/increment-play-count`,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
