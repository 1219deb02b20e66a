import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHistory, sessions, users } from '../../db/schema';
import { safeRedirect } from '../../features/auth/cookies';
import { hashToken } from '../../http/session';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';

// Issue 13: the holes found from outside, one describe per class (the requests' own: Origin, redirects,
// sessions; the stored data's classes are in holes.test.ts). Each test fails without its fix.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('#13.9 every write needs this site as its Origin (or Referer)', () => {
  it('refuses writes with no Origin and no Referer, whatever the content type', async () => {
    const target = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const noOrigin = [
      { method: 'POST' as const, url: `/api/users/${target.id}/follow`, headers: { cookie, 'content-type': 'text/plain' }, payload: 'x' },
      { method: 'POST' as const, url: '/api/notifications/read-all', headers: { cookie } },
      { method: 'DELETE' as const, url: '/api/auth/account', headers: { cookie } },
      { method: 'PUT' as const, url: '/api/auth/profile', headers: { cookie }, payload: { name: '乗っ取り' } },
    ];
    for (const req of noOrigin) {
      const res = await t.rawInject(req);
      expect(res.statusCode, req.url).toBe(403);
      expect(res.json().message).toBe('不正なリクエスト元です');
    }
    const foreignReferer = await t.rawInject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie, referer: 'https://evil.example/page' },
    });
    expect(foreignReferer.statusCode).toBe(403);
    const nullOrigin = await t.rawInject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie, origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    const sameReferer = await t.rawInject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie, referer: 'http://localhost/notifications' },
    });
    expect(sameReferer.statusCode).toBe(200);
    const [still] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(still?.id).toBe(target.id);
    // Reads need nothing of the kind.
    expect((await t.rawInject({ method: 'GET', url: '/api/tracks' })).statusCode).toBe(200);
  });
});

describe('#13.10 a hidden track is not found by other members on any path', () => {
  it('listening history and unlike answer 404 and record nothing', async () => {
    const owner = await insertUser(t.db);
    const hidden = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false });
    const stranger = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: stranger.id });
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie },
      payload: { trackId: hidden.id, duration: 10, progressPercent: 5, completed: false },
    });
    expect(history.statusCode).toBe(404);
    expect(await t.db.select().from(listeningHistory).where(eq(listeningHistory.userId, stranger.id))).toHaveLength(0);
    const unlike = await t.app.inject({ method: 'DELETE', url: `/api/likes/${hidden.id}`, headers: { cookie } });
    expect(unlike.statusCode).toBe(404);
    // The owner still reaches their own hidden track.
    const ownerCookie = await sessionCookie(t.db, { userId: owner.id });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/listening-history',
      headers: { cookie: ownerCookie },
      payload: { trackId: hidden.id, duration: 10, progressPercent: 5, completed: false },
    });
    expect(own.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/likes/${hidden.id}`, headers: { cookie: ownerCookie } })).statusCode).toBe(
      200,
    );
  });
});

describe('#13.10 one visibility rule (canSeeTrack) on every path that touches a track', () => {
  it('adding a hidden track to a playlist is 404 for other members, allowed for its owner and for an admin', async () => {
    const owner = await insertUser(t.db);
    const hidden = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false });
    const addAs = async (cookie: string) => {
      const made = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: { name: '隠しを足す' } });
      expect(made.statusCode).toBe(201);
      const byBody = await t.app.inject({
        method: 'POST',
        url: `/api/playlists/${made.json().id}/tracks`,
        headers: { cookie },
        payload: { trackId: hidden.id },
      });
      const other = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie }, payload: { name: '隠しを足す2' } });
      const byPath = await t.app.inject({
        method: 'POST',
        url: `/api/playlists/${other.json().id}/tracks/${hidden.id}`,
        headers: { cookie },
      });
      return [byBody, byPath];
    };
    for (const res of await addAs(await sessionCookie(t.db, { userId: (await insertUser(t.db)).id }))) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('音声が見つかりません');
    }
    for (const res of await addAs(await sessionCookie(t.db, { userId: owner.id }))) expect(res.statusCode).toBe(200);
    const admin = await insertUser(t.db);
    for (const res of await addAs(await sessionCookie(t.db, { userId: admin.id, isAdmin: true }))) expect(res.statusCode).toBe(200);
  });

  it('an admin may unlike a hidden track, as they may see it everywhere else', async () => {
    const owner = await insertUser(t.db);
    const hidden = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false });
    const admin = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: admin.id, isAdmin: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${hidden.id}`, headers: { cookie } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/likes/${hidden.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isLiked: false });
  });
});

describe('#13.11 safeRedirect returns same-origin paths only', () => {
  it('never answers a protocol-relative or foreign target', () => {
    for (const input of [
      '/.//evil.example',
      '/./\\evil.example',
      '//evil.example',
      '///evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      'https://evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      const out = safeRedirect(input, false);
      expect(out, input).toMatch(/^\/(?![/\\])/);
      expect(new URL(out, 'https://mugen.example').origin, input).toBe('https://mugen.example');
    }
    expect(safeRedirect('/premium', true)).toBe('/premium?payment=true');
    expect(safeRedirect('/track/3?x=1', false)).toBe('/track/3?x=1');
  });
});

describe('#13.12 signing in ends the session whose cookie came with it', () => {
  it("leaves no other member's session alive behind the new one", async () => {
    const first = await insertUser(t.db, { email: `first-${Date.now()}@example.com` });
    const firstCookie = await sessionCookie(t.db, { userId: first.id });
    const second = await insertUser(t.db, { email: `second-${Date.now()}@example.com` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      headers: { cookie: firstCookie },
      payload: { email: second.email },
    });
    expect(res.statusCode).toBe(200);
    const firstToken = firstCookie.split('=')[1];
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(firstToken))),
    ).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: firstCookie } })).statusCode).toBe(401);
  });
});
