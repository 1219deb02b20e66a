import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, OFFICIAL_ID } from '../../../../shared/constants';
import { likes, listeningHistory, sessions, tracks, users } from '../../../db/schema';
import { adminSuite } from '../../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../../test/app';
import { call, controlledClock, type Member, member, userRow } from '../../../test/premium-kit';
import { audioKey } from '../../tracks/stream';

// Issue 18, 会員管理 (creator-operator spec §2.4, §3 User (admin view), §7 Admin calls, §8, §9).
const clock = controlledClock(new Date('2025-07-01T03:00:00Z'));
const suite = adminSuite({ now: clock.now });

const NOT_FOUND = 'ユーザーが見つかりません';
const { call: asAdmin } = suite;
const premiumStatus = async (m: Member) => (await call(suite.t, m, 'GET', '/api/auth/premium-status')).json();

/** A member who bought premium with the demo checkout (a live subscription billed monthly). */
async function subscriber(name: string) {
  const m = await member(suite.t, name);
  const { clientSecret } = (await call(suite.t, m, 'POST', '/api/create-payment-intent', { email: m.email, name })).json();
  const confirmed = (await call(suite.t, m, 'POST', '/api/demo-checkout/confirm', { clientSecret })).json();
  const res = await call(suite.t, m, 'POST', '/api/user/upgrade-premium', { paymentIntentId: confirmed.paymentIntentId });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, end: new Date(res.json().premiumEndDate) };
}

describe('GET /api/admin/users', () => {
  it('C-7.4-03 C-3-02: lists members with the admin view fields, newest first, without the official account', async () => {
    const m = await insertUser(suite.t.db, { name: '一覧 太郎', customUserId: 'ichiran', picture: '🎧', canInvite: true });
    const res = await asAdmin('GET', '/api/admin/users?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.map((u: { id: string }) => u.id)).not.toContain(OFFICIAL_ID);
    const row = body.users.find((u: { id: string }) => u.id === m.id);
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'picture',
        'customUserId',
        'createdAt',
        'updatedAt',
        'isPremium',
        'premiumStartDate',
        'premiumEndDate',
        'totalPremiumMonths',
        'canInvite',
        'accessStatus',
        'daysRemaining',
        'subscriptionStatus',
      ].sort(),
    );
    expect(row).toMatchObject({
      name: '一覧 太郎',
      customUserId: 'ichiran',
      picture: '🎧',
      canInvite: true,
      isPremium: false,
      accessStatus: 'approved',
      daysRemaining: 0,
      subscriptionStatus: 'none',
    });
    const count = (await suite.t.db.select({ id: users.id }).from(users)).filter((u) => u.id !== OFFICIAL_ID).length;
    expect(body.total).toBe(count);
    expect(body.filtered).toBe(body.total);
  });

  it('C-2.4-23 C-2.4-28: searches by name, e-mail, id and user id, with filtered / total; LIKE wildcards are plain text', async () => {
    const a = await insertUser(suite.t.db, { name: '検索 花子', email: 'hanako-search@example.com', customUserId: 'hana_search' });
    await insertUser(suite.t.db, { name: '別人 次郎' });
    for (const term of ['検索 花', 'HANAKO-SEARCH', a.id.slice(0, 8), 'hana_search']) {
      const body = (await asAdmin('GET', `/api/admin/users?page=1&search=${encodeURIComponent(term)}`)).json();
      expect(
        body.users.map((u: { id: string }) => u.id),
        term,
      ).toEqual([a.id]);
      expect(body.filtered).toBe(1);
      expect(body.total).toBeGreaterThan(2);
    }
    expect((await asAdmin('GET', `/api/admin/users?page=1&search=${encodeURIComponent('%')}`)).json().filtered).toBe(0);
  });

  it('C-9-04 C-2.4-29: pages of 10', async () => {
    for (let i = 0; i < 12; i++) await insertUser(suite.t.db, { name: `ページ会員${i}` });
    const first = (await asAdmin('GET', '/api/admin/users?page=1')).json();
    expect(first.users).toHaveLength(10);
    expect(first.limit).toBe(10);
    const second = (await asAdmin('GET', '/api/admin/users?page=2')).json();
    expect(second.page).toBe(2);
    const ids = new Set([...first.users, ...second.users].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(first.users.length + second.users.length);
  });

  it("C-7.4-03: without paging the answer is an array of the members (the spec's call), with the same fields", async () => {
    const m = await insertUser(suite.t.db, { name: '配列 花子' });
    const res = await asAdmin('GET', '/api/admin/users');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((u: { id: string }) => u.id)).toContain(m.id);
    expect(list.map((u: { id: string }) => u.id)).not.toContain(OFFICIAL_ID);
    expect(list.find((u: { id: string }) => u.id === m.id)).toMatchObject({ name: '配列 花子', isPremium: false, canInvite: false });
    const searched = (await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent('配列')}`)).json();
    expect(searched.map((u: { id: string }) => u.id)).toEqual([m.id]);
  });

  it('refuses a bad page with 400', async () => {
    expect((await asAdmin('GET', '/api/admin/users?page=0')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/users?limit=abc')).statusCode).toBe(400);
  });
});

describe('premium by the operator', () => {
  it('C-7.4-04 C-9-01: POST premium grants until the end date; the member’s premium status then says so', async () => {
    const m = await member(suite.t, '付与 一郎');
    const end = new Date(clock.now().getTime() + 30 * DAY_MS);
    const res = await asAdmin('POST', '/api/admin/users/premium', { userId: m.id, isPremium: true, endDate: end.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, isPremium: true, premiumEndDate: end.toISOString(), daysRemaining: 30 });
    const row = await userRow(suite.t, m.id);
    expect(row.isPremium).toBe(true);
    expect(row.premiumEndDate?.toISOString()).toBe(end.toISOString());
    expect(row.premiumPausedUntil).toBeNull();
    expect(await premiumStatus(m)).toEqual({ isPremium: true, endDate: end.toISOString(), daysRemaining: 30 });

    const off = await asAdmin('POST', '/api/admin/users/premium', { userId: m.id, isPremium: false, endDate: null });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isPremium: false, premiumEndDate: clock.now().toISOString(), daysRemaining: 0 });
    expect(await premiumStatus(m)).toMatchObject({ isPremium: false, daysRemaining: 0 });
  });

  it('C-7.4-06: PATCH premium on is 30 days from now; off ends it now', async () => {
    const m = await member(suite.t, 'パッチ 二郎');
    const on = await asAdmin('PATCH', `/api/admin/users/${m.id}/premium`, { isPremium: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().premiumEndDate).toBe(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
    expect((await premiumStatus(m)).isPremium).toBe(true);
    const off = await asAdmin('PATCH', `/api/admin/users/${m.id}/premium`, { isPremium: false });
    expect(off.json().isPremium).toBe(false);
    expect((await premiumStatus(m)).isPremium).toBe(false);
  });

  it('refuses a bad body with 400 and an unknown or official id with 404 ユーザーが見つかりません', async () => {
    const m = await member(suite.t, '検証 三郎');
    for (const body of [
      {},
      { userId: m.id },
      { userId: m.id, isPremium: 'yes' },
      { userId: '', isPremium: true },
      { userId: m.id, isPremium: true, endDate: 'not a date' },
    ]) {
      const res = await asAdmin('POST', '/api/admin/users/premium', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const past = await asAdmin('POST', '/api/admin/users/premium', {
      userId: m.id,
      isPremium: true,
      endDate: new Date(clock.now().getTime() - DAY_MS).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('プレミアムの終了日は未来の日時を指定してください');
    expect((await asAdmin('PATCH', `/api/admin/users/${m.id}/premium`, { isPremium: 1 })).statusCode).toBe(400);
    for (const id of ['no-such-user', OFFICIAL_ID]) {
      const post = await asAdmin('POST', '/api/admin/users/premium', { userId: id, isPremium: true });
      expect(post.statusCode).toBe(404);
      expect(post.json().message).toBe(NOT_FOUND);
      const patch = await asAdmin('PATCH', `/api/admin/users/${id}/premium`, { isPremium: true });
      expect(patch.statusCode).toBe(404);
    }
    expect((await userRow(suite.t, m.id)).isPremium).toBe(false);
  });

  it('a live subscription: a grant never shortens the paid period; a revoke is refused with 409 while billing goes on', async () => {
    const s = await subscriber('課金 四郎');
    const before = await userRow(suite.t, s.id);
    const listed = (await asAdmin('GET', `/api/admin/users/${s.id}`)).json().user;
    expect(listed.subscriptionStatus).toBe('active');

    const grant = await asAdmin('POST', '/api/admin/users/premium', {
      userId: s.id,
      isPremium: true,
      endDate: new Date(clock.now().getTime() + 2 * DAY_MS).toISOString(),
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().premiumEndDate).toBe(s.end.toISOString());

    const revoke = await asAdmin('PATCH', `/api/admin/users/${s.id}/premium`, { isPremium: false });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().message).toContain('支払い中のサブスクリプション');
    expect((await userRow(suite.t, s.id)).isPremium).toBe(before.isPremium);
    expect((await premiumStatus(s)).isPremium).toBe(true);

    // Once the member cancels (no renewal), the operator may end premium now.
    expect((await call(suite.t, s, 'POST', '/api/premium/cancel')).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/api/admin/users/${s.id}/premium`, { isPremium: false })).statusCode).toBe(200);
    expect((await premiumStatus(s)).isPremium).toBe(false);
  });

  it('a paused subscription: the grant is refused with 409 (the pause ends by itself)', async () => {
    const s = await subscriber('停止 五郎');
    expect((await call(suite.t, s, 'POST', '/api/premium/pause')).statusCode).toBe(200);
    const res = await asAdmin('PATCH', `/api/admin/users/${s.id}/premium`, { isPremium: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('このユーザーはサブスクリプションを一時停止中のため、プレミアムを付与できません');
    // The pause begins at the paid period's end (#24.9): premium still runs until then.
    expect((await premiumStatus(s)).isPremium).toBe(true);
  });
});

describe('POST /api/admin/users/invitation-status', () => {
  it('C-7.4-05 C-6-03: turns the member’s invite permission on and off; the member sees it', async () => {
    const m = await member(suite.t, '招待 六郎');
    const on = await asAdmin('POST', '/api/admin/users/invitation-status', { userId: m.id, canInvite: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().canInvite).toBe(true);
    expect((await call(suite.t, m, 'GET', '/api/auth/user')).json().canInvite).toBe(true);
    await asAdmin('POST', '/api/admin/users/invitation-status', { userId: m.id, canInvite: false });
    expect((await userRow(suite.t, m.id)).canInvite).toBe(false);
    expect((await asAdmin('POST', '/api/admin/users/invitation-status', { userId: m.id, canInvite: 'on' })).statusCode).toBe(400);
    const unknown = await asAdmin('POST', '/api/admin/users/invitation-status', { userId: 'nobody', canInvite: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOT_FOUND);
  });
});

describe('access status', () => {
  it('#18: the operator sets pending, denied and approved; members-only calls answer 403 with the gate’s reason meanwhile', async () => {
    const m = await member(suite.t, '審査 七郎');
    const set = (accessStatus: string) => asAdmin('POST', '/api/admin/users/access-status', { userId: m.id, accessStatus });

    const pending = await set('pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().accessStatus).toBe('pending');
    let res = await call(suite.t, m, 'GET', '/api/notifications');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ reason: 'pending_approval', message: 'アカウントは承認待ちです。承認されるまでご利用いただけません' });
    expect((await call(suite.t, m, 'GET', '/api/access-control')).json()).toEqual({ hasAccess: false, reason: 'pending_approval' });

    await set('denied');
    res = await call(suite.t, m, 'POST', '/api/playlists', { name: '拒否中' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      reason: 'access_denied',
      message: 'アカウントの承認が拒否されたため、このサービスをご利用いただけません',
    });
    // What the status pages need still answers.
    expect((await call(suite.t, m, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await call(suite.t, m, 'GET', '/api/access-control')).json()).toEqual({ hasAccess: false, reason: 'access_denied' });
    const second = await sessionCookie(suite.t.db, { userId: m.id });
    expect((await suite.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second } })).statusCode).toBe(200);

    await set('approved');
    expect((await call(suite.t, m, 'GET', '/api/notifications')).statusCode).toBe(200);
    expect((await call(suite.t, m, 'GET', '/api/access-control')).json()).toEqual({ hasAccess: true, reason: 'approved' });
  });

  it('refuses an unknown status with 400 and an unknown member with 404', async () => {
    const m = await member(suite.t, '審査 八郎');
    const bad = await asAdmin('POST', '/api/admin/users/access-status', { userId: m.id, accessStatus: 'banned' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('アクセス状態は approved、pending、denied のいずれかを指定してください');
    const unknown = await asAdmin('POST', '/api/admin/users/access-status', { userId: 'nobody', accessStatus: 'denied' });
    expect(unknown.statusCode).toBe(404);
    expect((await userRow(suite.t, m.id)).accessStatus).toBe('approved');
  });

  it('a denied member may still delete their own account', async () => {
    const m = await member(suite.t, '退会 九郎');
    await asAdmin('POST', '/api/admin/users/access-status', { userId: m.id, accessStatus: 'denied' });
    const res = await suite.t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await userRow(suite.t, m.id)).toBeUndefined();
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('C-7.4-07: deletes the member and their media as a self-deletion does; their sessions end at once', async () => {
    const m = await member(suite.t, '削除 十郎');
    const other = await sessionCookie(suite.t.db, { userId: m.id });
    const track = await insertTrack(suite.t, { userId: m.id, createdBy: m.id, title: '消える音声' });
    expect((await call(suite.t, m, 'GET', '/api/auth/user')).statusCode).toBe(200);

    const res = await asAdmin('DELETE', `/api/admin/users/${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const cookie of [m.cookie, other]) {
      expect((await suite.t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    }
    expect(await suite.t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect(await suite.t.db.select().from(tracks).where(eq(tracks.id, track.id))).toEqual([]);
    expect(await suite.t.storage.stat(audioKey(track.filename))).toBeNull();
    const listed = (await asAdmin('GET', `/api/admin/users?page=1&search=${encodeURIComponent('削除 十郎')}`)).json();
    expect(listed.filtered).toBe(0);

    const again = await asAdmin('DELETE', `/api/admin/users/${m.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NOT_FOUND);
  });

  it('refuses the official account (404) and a member still billed (409)', async () => {
    expect((await asAdmin('DELETE', `/api/admin/users/${OFFICIAL_ID}`)).statusCode).toBe(404);
    const s = await subscriber('課金中 十一郎');
    const res = await asAdmin('DELETE', `/api/admin/users/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('支払い中のサブスクリプション');
    expect((await userRow(suite.t, s.id))?.id).toBe(s.id);
  });
});

describe('one member', () => {
  it('C-7.4-08: GET /api/admin/users/{id} answers the member and their figures', async () => {
    const m = await member(suite.t, '統計 十二郎');
    const fan = await insertUser(suite.t.db, { name: 'ファン' });
    const own = await insertTrack(suite.t, { userId: m.id, createdBy: m.id, playCount: 7, likeCount: 2 });
    await insertTrack(suite.t, { userId: m.id, createdBy: m.id, playCount: 5 });
    const other = await insertTrack(suite.t, {});
    await suite.t.db.insert(likes).values([{ userId: m.id, trackId: other.id }]);
    await suite.t.db.insert(listeningHistory).values([
      { userId: m.id, trackId: other.id, duration: 30, progressPercent: 50, completed: false },
      { userId: m.id, trackId: own.id, duration: 180, progressPercent: 100, completed: true },
    ]);
    expect((await call(suite.t, m, 'POST', '/api/playlists', { name: '統計リスト' })).statusCode).toBe(201);
    expect((await call(suite.t, m, 'POST', `/api/users/${fan.id}/follow`)).statusCode).toBeLessThan(300);

    const res = await asAdmin('GET', `/api/admin/users/${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.id, name: '統計 十二郎' });
    expect(res.json().stats).toEqual({
      tracks: 2,
      plays: 12,
      likesGiven: 1,
      likesReceived: 2,
      playlists: 1,
      followers: 0,
      following: 1,
      listens: 2,
      sessions: 1,
    });
  });

  it('C-7.4-09: listening history, newest first, with trackId, progressPercent, completed and the title', async () => {
    const m = await member(suite.t, '履歴 十三郎');
    const a = await insertTrack(suite.t, { title: '一本目' });
    const b = await insertTrack(suite.t, { title: '二本目' });
    await suite.t.db
      .insert(listeningHistory)
      .values({ userId: m.id, trackId: a.id, duration: 12.5, progressPercent: 10, completed: false });
    await suite.t.db.insert(listeningHistory).values({ userId: m.id, trackId: b.id, duration: 180, progressPercent: 100, completed: true });
    const res = await asAdmin('GET', `/api/admin/users/${m.id}/listening-history`);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ trackId: b.id, trackTitle: '二本目', progressPercent: 100, completed: true, duration: 180 });
    expect(entries[1]).toMatchObject({ trackId: a.id, trackTitle: '一本目', progressPercent: 10, completed: false });
    expect(Date.parse(entries[0].createdAt)).not.toBeNaN();
  });

  it('C-7.4-10: sessions with id, createdAt, lastActiveAt and deviceInfo; never the token, never an operator’s', async () => {
    const m = await member(suite.t, 'セッション 十四郎');
    await suite.t.db.update(sessions).set({ deviceInfo: 'Mozilla/5.0 (iPhone)' }).where(eq(sessions.userId, m.id));
    const res = await asAdmin('GET', `/api/admin/users/${m.id}/sessions`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'deviceInfo', 'id', 'lastActiveAt']);
    expect(list[0].deviceInfo).toBe('Mozilla/5.0 (iPhone)');
    expect(list[0].id).toMatch(/^[0-9a-f]{16}$/);
    expect(m.cookie).not.toContain(list[0].id);
  });

  it('C-2.4-42: every detail call answers 404 ユーザーが見つかりません for an unknown id', async () => {
    for (const url of [
      '/api/admin/users/nobody',
      '/api/admin/users/nobody/listening-history',
      '/api/admin/users/nobody/sessions',
      `/api/admin/users/${OFFICIAL_ID}`,
    ]) {
      const res = await asAdmin('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
  });
});
