import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, tracks } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
let owner: { id: string };
let ownerCookie: string;
let fan: { id: string };
let fanCookie: string;
let trackId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: '投稿者', customUserId: 'owner_one' });
  fan = await insertUser(t.db, { name: 'ファン', customUserId: 'fan_one', picture: '🎧' });
  ownerCookie = await sessionCookie(t.db, { userId: owner.id });
  fanCookie = await sessionCookie(t.db, { userId: fan.id });
  trackId = (await insertTrack(t, { title: '人気の音声', userId: owner.id, createdBy: owner.id })).id;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

describe('likes', () => {
  it('need a signed-in member', async () => {
    expect((await req('POST', `/api/likes/${trackId}`)).statusCode).toBe(401);
    expect((await req('GET', '/api/user/favorites')).statusCode).toBe(401);
    expect((await req('GET', `/api/likes/check/${trackId}`)).json()).toEqual({ isLiked: false });
  });

  it('count a like once however often it is sent, and never go below 0', async () => {
    const a = await req('POST', `/api/likes/${trackId}`, fanCookie);
    expect(a.json()).toEqual({ success: true, isLiked: true, likeCount: 1 });
    expect((await req('POST', `/api/likes/${trackId}`, fanCookie)).json().likeCount).toBe(1);
    expect((await req('GET', `/api/likes/check/${trackId}`, fanCookie)).json()).toEqual({ isLiked: true });
    const favs = (await req('GET', '/api/user/favorites', fanCookie)).json();
    expect(favs.map((x: { id: number }) => x.id)).toEqual([trackId]);
    expect((await req('DELETE', `/api/likes/${trackId}`, fanCookie)).json()).toEqual({ success: true, isLiked: false, likeCount: 0 });
    expect((await req('DELETE', `/api/likes/${trackId}`, fanCookie)).json().likeCount).toBe(0);
    expect((await req('GET', '/api/user/favorites', fanCookie)).json()).toEqual([]);
  });

  it('stay exact with 100 members liking one track at once', async () => {
    const members = await Promise.all(Array.from({ length: 100 }, (_, i) => insertUser(t.db, { name: `同時${i}` })));
    const cookies = await Promise.all(members.map((m) => sessionCookie(t.db, { userId: m.id })));
    const results = await Promise.all(cookies.map((c) => req('POST', `/api/likes/${trackId}`, c)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    const rows = await t.db.select().from(likes).where(eq(likes.trackId, trackId));
    expect(rows).toHaveLength(100);
    expect(row.likeCount).toBe(100);
    await Promise.all(cookies.map((c) => req('DELETE', `/api/likes/${trackId}`, c)));
    const [after] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(after.likeCount).toBe(0);
  });

  it('answer 404 for an unknown or hidden track', async () => {
    expect((await req('POST', '/api/likes/99999999', fanCookie)).statusCode).toBe(404);
    const hidden = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false });
    expect((await req('POST', `/api/likes/${hidden.id}`, fanCookie)).statusCode).toBe(404);
  });
});

describe('follows', () => {
  it('follow and unfollow by id or user ID, with counts, status and lists that carry no private fields', async () => {
    expect((await req('POST', '/api/users/owner_one/follow')).statusCode).toBe(401);
    const res = await req('POST', '/api/users/owner_one/follow', fanCookie);
    expect(res.json()).toEqual({ success: true, isFollowing: true, followerCount: 1 });
    expect((await req('POST', `/api/users/${owner.id}/follow`, fanCookie)).json().followerCount).toBe(1);
    expect((await req('GET', `/api/users/${owner.id}/follow-status`, fanCookie)).json()).toEqual({ isFollowing: true });
    expect((await req('GET', `/api/users/${owner.id}/follow-status`)).json()).toEqual({ isFollowing: false });
    expect((await req('GET', `/api/users/${owner.id}/follow-counts`)).json()).toEqual({ followingCount: 0, followerCount: 1 });
    expect((await req('GET', `/api/users/${fan.id}/follow-counts`)).json()).toEqual({ followingCount: 1, followerCount: 0 });
    const followers = (await req('GET', `/api/users/${owner.id}/followers`)).json();
    expect(followers).toEqual({ followers: [{ id: fan.id, name: 'ファン', picture: '🎧', customUserId: 'fan_one' }] });
    expect((await req('GET', `/api/users/${fan.id}/following`)).json().following[0].id).toBe(owner.id);
    const records = (await req('GET', `/api/follows/followers/${owner.id}`)).json();
    expect(records[0]).toMatchObject({ follower: { id: fan.id } });
    expect(records[0].id).toBeTypeOf('number');
    expect((await req('GET', `/api/follows/following/${fan.id}`)).json()[0]).toMatchObject({ following: { id: owner.id } });
    expect(JSON.stringify(followers)).not.toContain('@example.com');
    expect((await req('DELETE', `/api/users/${owner.id}/follow`, fanCookie)).json()).toEqual({
      success: true,
      isFollowing: false,
      followerCount: 0,
    });
  });

  it('refuses following yourself and unknown members', async () => {
    expect((await req('POST', `/api/users/${fan.id}/follow`, fanCookie)).statusCode).toBe(400);
    const missing = await req('POST', '/api/users/no-such-user/follow', fanCookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('ユーザーが見つかりません');
  });
});

describe('public profiles', () => {
  it('answer by id or user ID without the e-mail', async () => {
    const a = (await req('GET', `/api/users/${owner.id}`)).json();
    const b = (await req('GET', '/api/users/OWNER_ONE')).json();
    expect(a).toEqual(b);
    expect(a).toMatchObject({ id: owner.id, name: '投稿者', customUserId: 'owner_one', isOfficial: false });
    expect(a).not.toHaveProperty('email');
    expect((await req('GET', `/api/user/profile/${owner.id}`)).statusCode).toBe(200);
    expect((await req('GET', '/api/users/nobody-here')).statusCode).toBe(404);
  });

  it("list a member's visible tracks only", async () => {
    const list = (await req('GET', `/api/users/${owner.id}/tracks`)).json();
    expect(list.every((x: { isVisible: boolean }) => x.isVisible)).toBe(true);
    expect(list.map((x: { id: number }) => x.id)).toContain(trackId);
  });
});

describe('notifications', () => {
  it('are created for likes and follows, bundled per kind and target, never for your own actions', async () => {
    const other = await insertUser(t.db, { name: '別のファン' });
    const otherCookie = await sessionCookie(t.db, { userId: other.id });
    await req('POST', '/api/notifications/read-all', ownerCookie);
    const fresh = (await insertTrack(t, { title: '新しい音声', userId: owner.id, createdBy: owner.id })).id;
    await req('POST', `/api/likes/${fresh}`, fanCookie);
    await req('POST', `/api/likes/${fresh}`, otherCookie);
    await req('POST', `/api/likes/${fresh}`, ownerCookie); // own action: no notification
    await req('POST', `/api/users/${owner.id}/follow`, fanCookie);
    const list = (await req('GET', '/api/notifications', ownerCookie)).json().filter((n: { isRead: boolean }) => !n.isRead);
    const likeN = list.filter((n: { type: string }) => n.type === 'like');
    expect(likeN).toHaveLength(1);
    expect(likeN[0]).toMatchObject({ bundleCount: 2, trackTitle: '新しい音声', actorName: '別のファン', isRead: false });
    expect(list.filter((n: { type: string }) => n.type === 'follow')).toHaveLength(1);
    expect((await req('GET', '/api/notifications/unread-count', ownerCookie)).json()).toEqual({ count: 2 });
    expect((await req('GET', '/api/notifications', fanCookie)).json().filter((n: { type: string }) => n.type === 'like')).toHaveLength(0);
  });

  it('are marked read one by one by their owner only, or all at once', async () => {
    const list = (await req('GET', '/api/notifications', ownerCookie)).json().filter((n: { isRead: boolean }) => !n.isRead);
    const id = list[0].id;
    expect((await req('POST', `/api/notifications/${id}/read`, fanCookie)).statusCode).toBe(404);
    expect((await req('POST', `/api/notifications/${id}/read`)).statusCode).toBe(401);
    expect((await req('POST', `/api/notifications/${id}/read`, ownerCookie)).statusCode).toBe(200);
    expect((await req('GET', '/api/notifications/unread-count', ownerCookie)).json().count).toBe(list.length - 1);
    await req('POST', '/api/notifications/read-all', ownerCookie);
    expect((await req('GET', '/api/notifications/unread-count', ownerCookie)).json().count).toBe(0);
  });

  it('announce each play milestone once per track', async () => {
    const track = await insertTrack(t, { userId: owner.id, createdBy: owner.id, playCount: 98 });
    for (let i = 0; i < 4; i++) await req('POST', `/api/tracks/${track.id}/increment-play-count`);
    await t.db.update(tracks).set({ playCount: 498 }).where(eq(tracks.id, track.id));
    await Promise.all(Array.from({ length: 5 }, () => req('POST', `/api/tracks/${track.id}/increment-play-count`)));
    const milestones = (await req('GET', '/api/notifications', ownerCookie))
      .json()
      .filter((n: { type: string; trackId: number }) => n.type.startsWith('milestone_') && n.trackId === track.id);
    expect(milestones.map((n: { type: string }) => n.type).sort()).toEqual(['milestone_100', 'milestone_500']);
    expect(milestones.every((n: { bundleCount: number }) => n.bundleCount === 1)).toBe(true);
  });
});
