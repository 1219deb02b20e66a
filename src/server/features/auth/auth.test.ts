import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { consentSessions, follows, likes, playlistFollows, playlists, sessions, tracks, users } from '../../db/schema';
import { hashToken, SESSION_COOKIE } from '../../http/session';
import { createTestApp, devLogin, insertInvitation, insertTrack, insertUser, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The signed-in user's fields (L-7.1-02). */
const USER_FIELDS = [
  'id',
  'name',
  'email',
  'picture',
  'customUserId',
  'xHandle',
  'isPremium',
  'premiumStartDate',
  'premiumEndDate',
  'totalPremiumMonths',
  'canInvite',
  'createdAt',
  'updatedAt',
];
describe('POST /api/auth/dev-login (registration rules, L-1-01)', () => {
  it('refuses a newcomer without an invitation (invitation_required)', async () => {
    const { res, cookie } = await devLogin(t.app, { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'invitation_required' });
    expect(res.json().message).toMatch(/招待/);
    expect(cookie).toBe('');
    expect(await t.db.select().from(users).where(eq(users.email, 'nobody@example.com'))).toHaveLength(0);
  });

  it('refuses an unknown, used up, inactive or expired code (invalid_invitation)', async () => {
    const used = await insertInvitation(t.db, { usedCount: 1, maxUses: 1 });
    const inactive = await insertInvitation(t.db, { isActive: false });
    const expired = await insertInvitation(t.db, { expiresAt: new Date(Date.now() - 1000) });
    for (const code of ['NOPE', used.code, inactive.code, expired.code]) {
      const { res } = await devLogin(t.app, { email: 'late@example.com', invitationCode: code });
      expect(res.statusCode, code).toBe(403);
      expect(res.json().reason).toBe('invalid_invitation');
    }
  });

  it('registers with a usable code, uses it once, and answers { user } with an HttpOnly SameSite=Lax session cookie', async () => {
    const inv = await insertInvitation(t.db, { maxUses: 2 });
    const { res, user } = await devLogin(t.app, { email: 'New@Example.com', name: '新しい人', invitationCode: inv.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(user).toMatchObject({ email: 'new@example.com', name: '新しい人', isPremium: false });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeUndefined();
    // Only the hash of the token is stored.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.tokenHash).toBe(hashToken(cookie.value));
    expect(row.tokenHash).not.toContain(cookie.value);
    const after = await t.db.query.invitations.findFirst({ where: (i, { eq }) => eq(i.id, inv.id) });
    expect(after?.usedCount).toBe(1);
  });

  it('signs an existing member in again without an invitation and without using one', async () => {
    const first = await devLogin(t.app, { email: 'new@example.com' });
    expect(first.res.statusCode).toBe(200);
    expect(first.user.email).toBe('new@example.com');
    expect(await t.db.select().from(users).where(eq(users.email, 'new@example.com'))).toHaveLength(1);
  });

  it('gives a new member their own invitation codes', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie } = await devLogin(t.app, { email: 'inviter@example.com', invitationCode: inv.code });
    const my = await t.app.inject({ method: 'GET', url: '/api/invitations/my', headers: { cookie } });
    expect(my.statusCode).toBe(200);
    expect(my.json()).toHaveLength(3);
    for (const i of my.json()) expect(Object.keys(i)).toEqual(expect.arrayContaining(['id', 'code', 'usedCount', 'maxUses', 'isActive']));
  });

  it('lets exactly one of two people take the last use of a code', async () => {
    const inv = await insertInvitation(t.db, { maxUses: 1 });
    const results = await Promise.all([
      devLogin(t.app, { email: 'race-a@example.com', invitationCode: inv.code }),
      devLogin(t.app, { email: 'race-b@example.com', invitationCode: inv.code }),
      devLogin(t.app, { email: 'race-c@example.com', invitationCode: inv.code }),
    ]);
    expect(results.filter((r) => r.res.statusCode === 200)).toHaveLength(1);
    const after = await t.db.query.invitations.findFirst({ where: (i, { eq }) => eq(i.id, inv.id) });
    expect(after?.usedCount).toBe(1);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('メールアドレスの形式が正しくありません');
  });

  it('does not exist when Google is configured or in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp' });
    try {
      expect((await prod.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a@example.com' } })).statusCode).toBe(
        404,
      );
      expect((await prod.app.inject({ method: 'GET', url: '/api/auth/dev' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/debug/session' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/auth/google without Google configured', () => {
  it('leads to the development account chooser, keeping the target and the invitation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google?redirect=/notifications&code=ABC123' });
    expect(res.statusCode).toBe(302);
    const loc = new URL(res.headers.location as string, 'http://x');
    expect(loc.pathname).toBe('/api/auth/dev');
    expect(loc.searchParams.get('redirect')).toBe('/notifications');
    expect(loc.searchParams.get('code')).toBe('ABC123');
    const page = await t.app.inject({ method: 'GET', url: `${loc.pathname}${loc.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('開発用ログイン');
    expect(page.body).toContain('value="ABC123"');
  });

  it('lists the first member (the seeded demo member) however many joined after it, then the latest, 20 in all', async () => {
    const first = await insertUser(t.db, {
      name: '最初の人',
      email: 'first-chooser@example.com',
      createdAt: new Date(Date.UTC(2000, 0, 1)),
    });
    const now = Date.now();
    for (let i = 0; i < 25; i++) {
      await insertUser(t.db, { name: `新しい人${i}`, email: `new-chooser-${i}@example.com`, createdAt: new Date(now + i * 1000) });
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/dev' });
    const listed = [...page.body.matchAll(/data-email="([^"]+)"/g)].map((m) => m[1]);
    expect(listed.length).toBe(20);
    expect(listed[0]).toBe(first.email);
    expect(listed.slice(1, 3)).toEqual(['new-chooser-24@example.com', 'new-chooser-23@example.com']);
  });

  it('never redirects to another site', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/google?redirect=${encodeURIComponent(redirect)}` });
      const loc = new URL(res.headers.location as string, 'http://x');
      const target = loc.searchParams.get('redirect')!;
      expect(target.startsWith('/') && !target.startsWith('//'), redirect).toBe(true);
    }
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 signed out and the user with every spec field signed in (L-7.1-01, L-7.1-02, L-3-01)', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe('ログインが必要です');
    const inv = await insertInvitation(t.db);
    const { cookie } = await devLogin(t.app, { email: 'fields@example.com', invitationCode: inv.code });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json())).toEqual(expect.arrayContaining(USER_FIELDS));
  });

  it('never takes x-persisted-user-id as identity', async () => {
    const [someone] = await t.db.select().from(users).limit(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-persisted-user-id': someone.id } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a forged or expired session token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `${SESSION_COOKIE}=forged` } })).statusCode).toBe(
      401,
    );
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'expiring@example.com', invitationCode: inv.code });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('renews a session that is used (sliding expiry)', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'sliding@example.com', invitationCode: inv.code });
    const old = new Date(Date.now() - 2 * 3_600_000);
    await t.db
      .update(sessions)
      .set({ lastActiveAt: old, expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(sessions.userId, user.id));
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.lastActiveAt.getTime()).toBeGreaterThan(old.getTime());
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 20 * DAY_MS);
  });

  it('GET /api/auth/logout by a same-origin navigation ends the session and goes home; POST does too (L-7.1-07, L-7.1-08)', async () => {
    const inv = await insertInvitation(t.db);
    const a = await devLogin(t.app, { email: 'logout@example.com', invitationCode: inv.code });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: a.cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: a.cookie } })).statusCode).toBe(401);
    const b = await devLogin(t.app, { email: 'logout@example.com' });
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: b.cookie } });
    expect(post.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: b.cookie } })).statusCode).toBe(401);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'new@example.com' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('GET /api/debug/session answers outside production without any token (L-7.1-21)', async () => {
    const { cookie } = await devLogin(t.app, { email: 'new@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/debug/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, hasSessionCookie: true });
    expect(res.body).not.toContain(cookie.split('=')[1]);
  });
});

describe('POST /api/session (consent record, L-7.1-09)', () => {
  it('records and updates the consent of a browser session', async () => {
    const id = crypto.randomUUID();
    const a = await t.app.inject({ method: 'POST', url: '/api/session', payload: { id, cookieConsent: true, analyticsConsent: false } });
    expect(a.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/session', payload: { id, cookieConsent: true, analyticsConsent: true } });
    const [row] = await t.db.select().from(consentSessions).where(eq(consentSessions.id, id));
    expect(row).toMatchObject({ cookieConsent: true, analyticsConsent: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/session', payload: { id: 'x', cookieConsent: 'yes' } })).statusCode).toBe(400);
  });
});

describe('DELETE /api/auth/account (L-7.1-17)', () => {
  it('deletes the member and what is only theirs, keeps counts exact and signs out', async () => {
    const inv = await insertInvitation(t.db);
    const { cookie, user } = await devLogin(t.app, { email: 'leaver@example.com', invitationCode: inv.code });
    const other = await insertUser(t.db);
    const track = await insertTrack(t, { userId: other.id, createdBy: other.id, likeCount: 1 });
    await t.db.insert(likes).values({ userId: user.id, trackId: track.id });
    await t.db.insert(follows).values({ followerId: user.id, followingId: other.id });
    const [pl] = await t.db.insert(playlists).values({ userId: other.id, name: '他人のリスト', followerCount: 1 }).returning();
    await t.db.insert(playlistFollows).values({ userId: user.id, playlistId: pl.id });
    await t.db.insert(playlists).values({ userId: user.id, name: '自分のリスト' });

    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/account' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(likes).where(eq(likes.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(playlists).where(eq(playlists.userId, user.id))).toHaveLength(0);
    const [tr] = await t.db.select().from(tracks).where(eq(tracks.id, track.id));
    expect(tr.likeCount).toBe(0);
    const [p] = await t.db.select().from(playlists).where(eq(playlists.id, pl.id));
    expect(p.followerCount).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    // Signing in again is a new registration, which needs an invitation.
    expect((await devLogin(t.app, { email: 'leaver@example.com' })).res.statusCode).toBe(403);
  });
});
