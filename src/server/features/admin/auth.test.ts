import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { createAdminAuth, LoginThrottle } from './auth';

// Issue 18: the operator's sign-in (creator-operator spec §2.4, §6; C-* of area admin).
const ADMIN = { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'correct horse battery staple' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(ADMIN);
});
afterAll(() => t.close());

const login = (body: object, remoteAddress = '203.0.113.1', cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: body, remoteAddress, headers: cookie ? { cookie } : {} });
const adminCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'mugen_admin');
  return c ? `mugen_admin=${c.value}` : '';
};

describe('admin sign-in', () => {
  it('signs in with the configured account: an HttpOnly, SameSite=Strict admin cookie of its own and no token in the answer', async () => {
    const res = await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '203.0.113.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cookie = res.cookies.find((c) => c.name === 'mugen_admin');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    // Without 「ログイン情報を保存」 the cookie ends with the browser.
    expect(cookie?.expires).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'mugen_session')).toBeUndefined();
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie: adminCookieOf(res) } });
    expect(status.json()).toEqual({ authenticated: true, enabled: true });
    expect(status.headers['cache-control']).toBe('no-store');
  });

  it('「ログイン情報を保存」 keeps the session 30 days', async () => {
    const res = await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD, remember: true }, '203.0.113.11');
    const expires = res.cookies.find((c) => c.name === 'mugen_admin')?.expires;
    expect(expires).toBeInstanceOf(Date);
    const days = ((expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a wrong password or username with 認証に失敗しました, and empty fields with a Japanese message', async () => {
    for (const body of [
      { username: 'operator', password: 'wrong password!!' },
      { username: 'Operator', password: ADMIN.ADMIN_PASSWORD },
      { username: 'operator ', password: `${ADMIN.ADMIN_PASSWORD} ` },
    ]) {
      const res = await login(body, '203.0.113.20');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('認証に失敗しました');
      expect(res.cookies.find((c) => c.name === 'mugen_admin')).toBeUndefined();
    }
    for (const body of [{ username: '', password: 'x' }, { username: 'operator', password: '' }, {}]) {
      const res = await login(body, '203.0.113.21');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('unauthenticated status reads {authenticated: false}; a member session is never an admin session and the reverse', async () => {
    const member = await insertUser(t.db);
    const memberCookie = await sessionCookie(t.db, { userId: member.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/status' })).json()).toEqual({ authenticated: false, enabled: true });
    const asMember = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie: memberCookie } });
    expect(asMember.json().authenticated).toBe(false);
    // The member's token under the admin cookie's name is not an admin session either.
    const swapped = `mugen_admin=${memberCookie.split('=')[1]}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie: swapped } })).json().authenticated).toBe(
      false,
    );
    const res = await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '203.0.113.30');
    const adminToken = adminCookieOf(res).split('=')[1];
    const asUser = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `mugen_session=${adminToken}` } });
    expect(asUser.statusCode).toBe(401);
  });

  it('logout ends the admin session', async () => {
    const cookie = adminCookieOf(await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '203.0.113.40'));
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } })).json().authenticated).toBe(false);
  });

  it('holds back a client after 5 failures with 429, while the operator signs in from another address; a success clears the count', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ username: 'operator', password: 'guess guess guess' }, '198.51.100.7')).statusCode).toBe(401);
    const held = await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '198.51.100.7');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe('ログインの試行回数が多すぎます。15分後にもう一度お試しください');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '198.51.100.8')).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) await login({ username: 'operator', password: 'guess guess guess' }, '198.51.100.9');
    expect((await login({ username: 'operator', password: ADMIN.ADMIN_PASSWORD }, '198.51.100.9')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login({ username: 'x', password: 'guess guess guess' }, '198.51.100.9')).statusCode).toBe(401);
  });

  it('the throttle window ends: the client may try again', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now, { maxFailures: 2, windowMs: 1000 });
    throttle.failed('a');
    throttle.failed('a');
    expect(() => throttle.check('a')).toThrow(/試行回数/);
    expect(() => throttle.check('b')).not.toThrow();
    now = 1001;
    expect(() => throttle.check('a')).not.toThrow();
  });
});

describe('admin configuration', () => {
  it('keeps only an argon2id hash: the settings lose the password once hashed', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...ADMIN });
    const auth = await createAdminAuth(config.admin);
    expect(config.admin.mode === 'configured' && config.admin.password).toBe('');
    expect(await auth.verify('operator', ADMIN.ADMIN_PASSWORD)).toBe(true);
    expect(await auth.verify('operator', 'nope')).toBe(false);
  });

  it('refuses a start with only one of ADMIN_USERNAME and ADMIN_PASSWORD, or a short password', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'operator' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long enough password' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('in production without them the console is off and says so; in development a password is made for the start', async () => {
    expect(loadConfig({ NODE_ENV: 'production', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).admin.mode).toBe('off');
    const dev = loadConfig({ NODE_ENV: 'development' }).admin;
    expect(dev.mode).toBe('generated');
    const off = await createTestApp({}, { admin: { mode: 'off' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/admin/status' })).json()).toEqual({ authenticated: false, enabled: false });
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: 'anything at all' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('管理コンソールは無効です。サーバーに ADMIN_USERNAME と ADMIN_PASSWORD を設定してください');
    } finally {
      await off.close();
    }
  });
});
