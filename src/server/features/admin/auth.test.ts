import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { ConfigError, loadConfig } from '../../config';
import { rowsOf } from '../../db/client';
import { memoryCounters } from '../../http/counters';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { createAdminAuth, LoginThrottle, Slots, verificationSlots } from './auth';

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
    const days = ((expires as Date).getTime() - Date.now()) / DAY_MS;
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

  it('the throttle window ends: the client may try again', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      memoryCounters(() => now),
      { maxFailures: 2, windowMs: 1000 },
    );
    await throttle.reserve('a');
    await throttle.reserve('a');
    await expect(throttle.reserve('a')).rejects.toThrow(/試行回数/);
    await expect(throttle.reserve('b')).resolves.toBeUndefined();
    now = 1001;
    await expect(throttle.reserve('a')).resolves.toBeUndefined();
  });

  it('#24.2 reserves each attempt before the password check: of 200 parallel wrong guesses from one address at most 5 are checked', async () => {
    const before = verificationSlots.started;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => login({ username: 'operator', password: 'parallel guess!!' }, '198.51.100.77')),
    );
    // On a loaded machine a reserved guess may also wait past its time for a check slot (429, given back).
    const checked = verificationSlots.started - before;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(checked);
    expect(codes.filter((c) => c === 429).length).toBe(200 - checked);
    const messages = new Set(answers.filter((r) => r.statusCode === 429).map((r) => r.json().message));
    expect(messages.has('ログインの試行回数が多すぎます。15分後にもう一度お試しください')).toBe(true);
    // Counted in the database every instance shares, not in this process: every attempt but those given back.
    const [row] = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count from rate_counters where key = 'admin-login:198.51.100.77'`),
    );
    expect(row.count).toBe(200 - (5 - checked));
  });

  it('#24.3 caps password checks for the whole process: beyond the slots and the queue a guess gets 429 ただいまログインが混み合っています', async () => {
    const slots = new Slots({ slots: 2, queue: 1, waitMs: 60_000 });
    const gates: (() => void)[] = [];
    const held = () => new Promise<void>((resolve) => gates.push(resolve));
    const running = [slots.run(held), slots.run(held), slots.run(held)];
    await expect(slots.run(held)).rejects.toMatchObject({
      status: 429,
      message: 'ただいまログインが混み合っています。しばらくしてからもう一度お試しください',
    });
    expect(slots.active).toBe(2);
    // One finished check lets the waiting one in.
    gates.shift()?.();
    while (slots.started < 3) await new Promise((r) => setImmediate(r));
    for (const open of gates) open();
    await Promise.all(running);
    expect(slots.started).toBe(3);
    expect(slots.active).toBe(0);
  });

  it('#24.3 a guess that waited past its time is refused 429 and its attempt is not counted against the address', async () => {
    const slots = new Slots({ slots: 1, queue: 4, waitMs: 1 });
    let release: () => void = () => {};
    const first = slots.run(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    await expect(slots.run(async () => {})).rejects.toMatchObject({ status: 429 });
    release();
    await first;
  });
});

describe('#24.4 behind a proxy (TRUST_PROXY)', () => {
  const guess = (app: TestApp, forwarded: string, password = 'guess guess guess') =>
    app.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '127.0.0.1', // the proxy
      headers: { 'x-forwarded-for': forwarded },
      payload: { username: 'operator', password },
    });

  for (const trust of ['1', '127.0.0.1']) {
    it(`#24.4 TRUST_PROXY=${trust}: a forged X-Forwarded-For neither escapes the lockout nor locks the operator out`, async () => {
      const app = await createTestApp({ ...ADMIN, TRUST_PROXY: trust });
      try {
        // The client writes a new address each time; the proxy appends the one it saw (203.0.113.66).
        const codes: number[] = [];
        for (let i = 0; i < 8; i++) codes.push((await guess(app, `198.18.0.${i}, 203.0.113.66`)).statusCode);
        expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        // Writing the operator's address (203.0.113.5) is held against the writer, not the operator.
        for (let i = 0; i < 6; i++) await guess(app, '203.0.113.5, 203.0.113.67');
        expect((await guess(app, '203.0.113.5', ADMIN.ADMIN_PASSWORD)).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  }
});

describe('admin configuration', () => {
  it('keeps only an argon2id hash: the settings lose the password once hashed', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...ADMIN });
    const auth = await createAdminAuth(config.admin);
    expect(config.admin.mode === 'configured' && config.admin.password).toBe('');
    expect(await auth.verify('operator', ADMIN.ADMIN_PASSWORD)).toBe(true);
    expect(await auth.verify('operator', 'nope')).toBe(false);
  });

  it('#24.3 reads argon2id PHC strings of the former WebAssembly hasher (same format, m=19456 t=2 p=1)', async () => {
    // Made by hash-wasm 4.13 argon2id({ parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32, outputType: 'encoded' }) of 'pw'.
    const former = '$argon2id$v=19$m=19456,t=2,p=1$fINGHG05oZV6o834vr/Avg$2Vk84XL5mxkCpiLnNi6Q58akhrNtG8QEy4BsQ5bxmRA';
    expect(await verify(former, 'pw')).toBe(true);
    expect(await verify(former, 'px')).toBe(false);
  });

  it('refuses a start with only one of ADMIN_USERNAME and ADMIN_PASSWORD, or a short password', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'operator' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long enough password' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('in production without them the console is off and says so; in development a password is made for the start', async () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp', VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp' }).admin.mode,
    ).toBe('off');
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
