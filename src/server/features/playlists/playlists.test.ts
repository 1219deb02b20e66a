import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { playlistItems, playlists, users } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let owner: { id: string };
let ownerCookie: string;
let stranger: { id: string };
let strangerCookie: string;
let premiumCookie: string;
let premium: { id: string };
const trackIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: '持ち主', customUserId: 'pl_owner' });
  stranger = await insertUser(t.db, { name: '他人' });
  premium = await insertUser(t.db, {
    name: 'プレミアム',
    customUserId: 'pl_premium',
    isPremium: true,
    premiumEndDate: new Date(Date.now() + 30 * DAY_MS),
  });
  ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  strangerCookie = await sessionCookie(t.db, { userId: stranger.id });
  premiumCookie = await sessionCookie(t.db, { userId: premium.id });
  for (let i = 0; i < 4; i++) trackIds.push((await insertTrack(t, { title: `曲${i}`, userId: stranger.id, createdBy: stranger.id })).id);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function create(cookie: string, body: object) {
  return call('POST', '/api/playlists', cookie, body);
}

describe('creating playlists (L-7.3-03, L-5-18..L-5-31)', () => {
  it('creates with categories joined by commas, duplicates dropped, and a slug prefixed with the user id', async () => {
    const res = await create(ownerCookie, {
      name: 'My List!',
      category: ['科学', '歴史', '科学'],
      description: '説明',
      userId: stranger.id,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ name: 'My List!', category: '科学,歴史', description: '説明', isPublic: true, userId: owner.id, items: [] });
    expect(p.publicSlug).toBe(`${owner.id}-my-list`);
    expect(p.user).toEqual({ id: owner.id, name: '持ち主', customUserId: 'pl_owner', picture: null });
    for (const f of [
      'id',
      'userId',
      'name',
      'category',
      'description',
      'isPublic',
      'publicSlug',
      'createdAt',
      'items',
      'impressionCount',
      'followerCount',
      'user',
    ]) {
      expect(p).toHaveProperty(f);
    }
  });

  it('sends その他 when no category is chosen; the description is optional', async () => {
    const p = (await create(ownerCookie, { name: 'カテゴリなし' })).json();
    expect(p.category).toBe('その他');
    expect(p.description).toBeNull();
    expect(p.publicSlug).toBe(`${owner.id}-カテゴリなし`);
  });

  it('refuses an empty or 51-character name with the spec messages', async () => {
    const empty = await create(ownerCookie, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('プレイリスト名は必須です');
    const long = await create(ownerCookie, { name: 'あ'.repeat(51) });
    expect(long.json().message).toBe('プレイリスト名は50文字以内で入力してください');
    expect((await create(ownerCookie, { name: 'あ'.repeat(50) })).statusCode).toBe(201);
  });

  it('keeps slugs unique per member', async () => {
    const a = (await create(ownerCookie, { name: '同じ名前' })).json();
    const b = (await create(ownerCookie, { name: '同じ名前' })).json();
    expect(a.publicSlug).not.toBe(b.publicSlug);
  });

  it('L-5-30 #17: keeps free members public (a private one is refused with 403, nothing made) and lets premium members make private playlists', async () => {
    const before = await t.db.select().from(playlists).where(eq(playlists.userId, owner.id));
    const refused = await create(ownerCookie, { name: '非公開希望', isPublic: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('非公開プレイリストはプレミアム会員のみ作成できます');
    expect(await t.db.select().from(playlists).where(eq(playlists.userId, owner.id))).toHaveLength(before.length);
    const free = await create(ownerCookie, { name: '公開リスト' });
    expect(free.statusCode).toBe(201);
    expect(free.json().isPublic).toBe(true);
    const priv = (await create(premiumCookie, { name: '秘密', isPublic: false })).json();
    expect(priv.isPublic).toBe(false);
  });

  it('#17 decides premium by the one rule: a member whose premium is paused is refused a private playlist', async () => {
    const paused = await insertUser(t.db, {
      name: '一時停止中',
      isPremium: true,
      premiumEndDate: new Date(Date.now() + 30 * DAY_MS),
      premiumPausedUntil: new Date(Date.now() + 60 * DAY_MS),
    });
    const res = await create(await sessionCookie(t.db, { userId: paused.id }), { name: '秘密', isPublic: false });
    expect(res.statusCode).toBe(403);
  });

  it('needs a signed-in member', async () => {
    expect((await create('', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('limits (L-6-04, L-6-05)', () => {
  it('never lets a free member end with 11, even with concurrent creates', async () => {
    const member = await insertUser(t.db, { name: '無料会員' });
    const cookie = await sessionCookie(t.db, { userId: member.id });
    for (let i = 0; i < 8; i++) expect((await create(cookie, { name: `リスト${i}` })).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(cookie, { name: `同時${i}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)[0].json().message).toMatch(/10個/);
    const rows = await t.db.select().from(playlists).where(eq(playlists.userId, member.id));
    expect(rows).toHaveLength(10);
  });

  it('allows a premium member 100 and refuses the 101st', async () => {
    const member = await insertUser(t.db, { name: '多作', isPremium: true, premiumEndDate: new Date(Date.now() + DAY_MS) });
    await t.db.insert(playlists).values(Array.from({ length: 99 }, (_, i) => ({ userId: member.id, name: `既存${i}` })));
    const cookie = await sessionCookie(t.db, { userId: member.id });
    expect((await create(cookie, { name: '100個目' })).statusCode).toBe(201);
    expect((await create(cookie, { name: '101個目' })).statusCode).toBe(403);
    // An expired premium counts as free.
    await t.db
      .update(users)
      .set({ premiumEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.id));
    expect((await create(cookie, { name: '期限切れ' })).statusCode).toBe(403);
  });
});

describe('items, order and ownership', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(ownerCookie, { name: '並べ替え' })).json().id;
  });

  it('adds tracks once each, by body or by path, and checks membership (L-7.3-09..12)', async () => {
    expect((await call('POST', `/api/playlists/${id}/tracks`, ownerCookie, { trackId: trackIds[0] })).statusCode).toBe(200);
    expect((await call('POST', `/api/playlists/${id}/tracks/${trackIds[1]}`, ownerCookie)).statusCode).toBe(200);
    const p = (await call('POST', `/api/playlists/${id}/tracks/${trackIds[2]}`, ownerCookie)).json();
    expect(p.items.map((i: { order: number; track: { id: number } }) => [i.order, i.track.id])).toEqual([
      [0, trackIds[0]],
      [1, trackIds[1]],
      [2, trackIds[2]],
    ]);
    const again = await call('POST', `/api/playlists/${id}/tracks`, ownerCookie, { trackId: trackIds[0] });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', `/api/playlists/${id}/tracks/${trackIds[0]}/check`, ownerCookie)).json()).toEqual({ isInPlaylist: true });
    expect((await call('GET', `/api/playlists/${id}/tracks/${trackIds[3]}/check`, ownerCookie)).json()).toEqual({ isInPlaylist: false });
  });

  it('lets only the owner change, add, remove or reorder (L-4.6-01)', async () => {
    const before = await t.db.select().from(playlistItems).where(eq(playlistItems.playlistId, id));
    const items = before.map((i) => ({ id: i.id, order: 10 - i.order }));
    for (const [method, url, body] of [
      ['PUT', `/api/playlists/${id}`, { name: '乗っ取り' }],
      ['DELETE', `/api/playlists/${id}`, undefined],
      ['POST', `/api/playlists/${id}/tracks`, { trackId: trackIds[3] }],
      ['DELETE', `/api/playlists/${id}/tracks/${trackIds[0]}`, undefined],
      ['PUT', `/api/playlists/${id}/reorder`, { items }],
    ] as const) {
      expect((await call(method, url, strangerCookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} visitor`).toBe(401);
    }
    const after = await t.db.select().from(playlistItems).where(eq(playlistItems.playlistId, id));
    expect(after).toEqual(before);
    expect((await call('GET', `/api/playlists/${id}`)).json().name).toBe('並べ替え');
  });

  it('reorders in one go and leaves orders dense (L-7.3-15)', async () => {
    const p = (await call('GET', `/api/playlists/${id}`, ownerCookie)).json();
    const [a, b, c] = p.items;
    const res = await call('PUT', `/api/playlists/${id}/reorder`, ownerCookie, {
      items: [
        { id: c.id, order: 0 },
        { id: a.id, order: 5 },
        { id: b.id, order: 9 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: number; order: number }) => [i.id, i.order])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
  });

  it('refuses a reorder with missing, duplicate or foreign item ids and changes nothing', async () => {
    const before = (await call('GET', `/api/playlists/${id}`, ownerCookie)).json().items;
    const other = (await create(ownerCookie, { name: '別リスト' })).json().id;
    const foreign = (await call('POST', `/api/playlists/${other}/tracks`, ownerCookie, { trackId: trackIds[3] })).json().items[0].id;
    const [x, y, z] = before;
    for (const items of [
      [
        { id: x.id, order: 0 },
        { id: y.id, order: 1 },
      ],
      [
        { id: x.id, order: 0 },
        { id: x.id, order: 1 },
        { id: y.id, order: 2 },
      ],
      [
        { id: x.id, order: 0 },
        { id: y.id, order: 1 },
        { id: foreign, order: 2 },
      ],
      [
        { id: x.id, order: 0 },
        { id: y.id, order: 1 },
        { id: z.id, order: 2 },
        { id: foreign, order: 3 },
      ],
    ]) {
      const res = await call('PUT', `/api/playlists/${id}/reorder`, ownerCookie, { items });
      expect(res.statusCode).toBe(400);
    }
    expect((await call('GET', `/api/playlists/${id}`, ownerCookie)).json().items).toEqual(before);
  });

  it('removes a track and keeps the order dense', async () => {
    const before = (await call('GET', `/api/playlists/${id}`, ownerCookie)).json().items;
    const res = await call('DELETE', `/api/playlists/${id}/tracks/${before[0].track.id}`, ownerCookie);
    expect(res.json().items.map((i: { order: number }) => i.order)).toEqual([0, 1]);
  });
});

describe('privacy and public routes', () => {
  let privId: number;
  let pubId: number;
  let pubSlug: string;
  beforeAll(async () => {
    privId = (await create(premiumCookie, { name: '秘密のリスト', isPublic: false })).json().id;
    const pub = (await create(premiumCookie, { name: 'Public Mix' })).json();
    pubId = pub.id;
    pubSlug = pub.publicSlug;
  });

  it('hides a private playlist from everyone else, on every route', async () => {
    const priv = (await call('GET', `/api/playlists/${privId}`, premiumCookie)).json();
    for (const cookie of [undefined, strangerCookie]) {
      expect((await call('GET', `/api/playlists/${privId}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/playlists/public/${priv.publicSlug}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/playlists/public/pl_premium/${priv.publicSlug}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/og/pl_premium/playlist/${privId}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/playlists/${privId}/tracks/${trackIds[0]}/check`, cookie)).statusCode).toBe(404);
      const list = (await call('GET', `/api/users/${premium.id}/playlists`, cookie)).json();
      expect(list.map((p: { id: number }) => p.id)).not.toContain(privId);
      const recent = (await call('GET', '/api/playlists', cookie)).json();
      expect(recent.map((p: { id: number }) => p.id)).not.toContain(privId);
    }
    expect((await call('POST', `/api/playlists/${privId}/follow`, strangerCookie)).statusCode).toBe(404);
  });

  it('serves public detail by slug, by user and slug, and social card data (L-7.3-07, L-7.3-08, L-7.3-19)', async () => {
    const a = await call('GET', `/api/playlists/public/${pubSlug}`);
    expect(a.statusCode).toBe(200);
    expect(a.json().user).toMatchObject({ name: 'プレミアム', customUserId: 'pl_premium' });
    expect((await call('GET', `/api/playlists/public/pl_premium/${pubSlug}`)).json().id).toBe(pubId);
    const og = (await call('GET', `/api/og/pl_premium/playlist/${pubId}`)).json();
    expect(Object.keys(og).sort()).toEqual(['description', 'imageUrl', 'siteName', 'title', 'type', 'url']);
    expect(og.title).toContain('Public Mix');
    expect((await call('GET', `/api/og/someone_else/playlist/${pubId}`)).statusCode).toBe(404);
  });

  it('counts views by others and lets others follow a public playlist once', async () => {
    const before = (await call('GET', `/api/playlists/${pubId}`, premiumCookie)).json().impressionCount;
    await call('GET', `/api/playlists/${pubId}`, strangerCookie);
    expect((await call('GET', `/api/playlists/${pubId}`, premiumCookie)).json().impressionCount).toBe(before + 1);
    expect((await call('POST', `/api/playlists/${pubId}/follow`, strangerCookie)).json()).toMatchObject({
      isFollowing: true,
      followerCount: 1,
    });
    expect((await call('POST', `/api/playlists/${pubId}/follow`, strangerCookie)).json().followerCount).toBe(1);
    expect((await call('GET', `/api/playlists/${pubId}`, strangerCookie)).json().isFollowing).toBe(true);
    expect((await call('POST', `/api/playlists/${pubId}/follow`, premiumCookie)).statusCode).toBe(400);
    expect((await call('POST', `/api/playlists/${pubId}/unfollow`, strangerCookie)).json().followerCount).toBe(0);
  });

  it('makes a playlist private only for premium members, and deleting removes it', async () => {
    const mine = (await call('GET', '/api/playlists/user', ownerCookie)).json();
    expect(mine.every((p: { userId: string }) => p.userId === owner.id)).toBe(true);
    const res = await call('PUT', `/api/playlists/${mine[0].id}`, ownerCookie, { isPublic: false });
    expect(res.statusCode).toBe(403);
    const renamed = await call('PUT', `/api/playlists/${pubId}`, premiumCookie, { name: 'Renamed Mix!' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed Mix!', publicSlug: `${premium.id}-renamed-mix` });
    expect((await call('DELETE', `/api/playlists/${pubId}`, premiumCookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/playlists/${pubId}`, premiumCookie)).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('suggests up to 5 from the database and 3 built in', async () => {
    for (const name of ['朝の習慣', '朝活', '朝ごはん']) await call('POST', '/api/categories', ownerCookie, { name });
    const res = (await call('GET', `/api/categories/search?q=${encodeURIComponent('朝')}&limit=10`)).json();
    expect(res.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['朝の習慣', '朝活', '朝ごはん']));
    const all = (await call('GET', '/api/categories/search?q=')).json();
    expect(all.length).toBeLessThanOrEqual(8);
    expect((await call('POST', '/api/categories', undefined, { name: 'x' })).statusCode).toBe(401);
  });
});
