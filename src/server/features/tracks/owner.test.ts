import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, playlistItems, playlists, tracks } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let owner: { id: string };
let ownerCookie: string;
let strangerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: '投稿者' });
  ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  strangerCookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
});
afterAll(() => t.close());

describe('my tracks (L-7.2-09, L-7.2-15, L-7.2-17, L-6-07)', () => {
  it('lists my tracks, hidden ones included, never cached', async () => {
    const a = await insertTrack(t, { userId: owner.id, createdBy: owner.id, title: '見える' });
    const b = await insertTrack(t, { userId: owner.id, createdBy: owner.id, title: '隠れた', isVisible: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/my-tracks', headers: { cookie: ownerCookie } });
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(
      res
        .json()
        .map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/my-tracks' })).statusCode).toBe(401);
  });

  it('lets only the owner hide and show a track; a hidden track leaves every public list at once', async () => {
    const tr = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
    const patch = (cookie: string | undefined, isVisible: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/tracks/${tr.id}/visibility`, headers: cookie ? { cookie } : {}, payload: { isVisible } });
    expect((await patch(undefined, false)).statusCode).toBe(401);
    expect((await patch(strangerCookie, false)).statusCode).toBe(403);
    expect((await t.db.select().from(tracks).where(eq(tracks.id, tr.id)))[0].isVisible).toBe(true);
    const res = await patch(ownerCookie, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().isVisible).toBe(false);
    const list = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    expect(list.some((x: { id: number }) => x.id === tr.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}/tracks` })).json().some((x: { id: number }) => x.id === tr.id),
    ).toBe(false);
    expect((await patch(ownerCookie, true)).json().isVisible).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/tracks/${tr.id}/visibility`,
          headers: { cookie: ownerCookie },
          payload: { isVisible: 'no' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets only the owner delete a track, its audio and what referenced it', async () => {
    const tr = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
    const [pl] = await t.db.insert(playlists).values({ userId: owner.id, name: 'リスト' }).returning();
    const other = await insertTrack(t, { userId: owner.id, createdBy: owner.id });
    await t.db.insert(playlistItems).values([
      { playlistId: pl.id, trackId: tr.id, order: 0 },
      { playlistId: pl.id, trackId: other.id, order: 1 },
    ]);
    await t.db.insert(likes).values({ userId: owner.id, trackId: tr.id });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tracks/${tr.id}`, headers: { cookie: strangerCookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tracks/${tr.id}` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tracks/${tr.id}`, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${tr.id}` })).statusCode).toBe(404);
    expect(await t.storage.stat(`audio/${tr.filename}`)).toBeNull();
    const items = await t.db.select().from(playlistItems).where(eq(playlistItems.playlistId, pl.id));
    expect(items.map((i) => [i.trackId, i.order])).toEqual([[other.id, 0]]);
    expect(await t.db.select().from(likes).where(eq(likes.trackId, tr.id))).toHaveLength(0);
  });
});
