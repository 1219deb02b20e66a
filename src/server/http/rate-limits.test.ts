import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rowsOf } from '../db/client';
import { createTestApp, insertUser, sessionCookie, TEST_ORIGIN, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('answers 429 with a Japanese message after 3 sign-ins a minute (scale 0.1), and not for reads', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: `r${i}@example.com` } });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe('リクエストが多すぎます。しばらくしてからもう一度お試しください');
        expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      }
    }
    expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(3)).toEqual([429, 429]);
    for (let i = 0; i < 20; i++) expect((await t.app.inject({ method: 'GET', url: '/api/tracks' })).statusCode).toBe(200);
  });

  it('#13.3 keys a made-up session cookie on the client address: 40 random cookies still meet 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        remoteAddress: '10.9.8.7',
        headers: { cookie: `mugen_session=${randomBytes(32).toString('base64url')}` },
        payload: { email: `fake${i}@example.com` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 429).length).toBe(37);
  });

  it('#13.3 keys a live session on the member, so two members behind one address count apart', async () => {
    const a = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const b = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const put = (cookie: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile', remoteAddress: '10.1.1.1', headers: { cookie }, payload: { name: '名前' } });
    for (let i = 0; i < 3; i++) expect((await put(a)).statusCode).toBe(200);
    expect((await put(a)).statusCode).toBe(429);
    expect((await put(b)).statusCode).toBe(200);
  });

  it('counts user-ID checks separately', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await t.app.inject({ method: 'GET', url: `/api/auth/check-user-id/name_${i}` })).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
    expect(codes.slice(6)).toEqual([429, 429]);
  });
});

describe('#24.1 limits declared on the routes, counted where every instance reads them', () => {
  let full: TestApp;
  beforeAll(async () => {
    full = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => full.close());

  const contact = (app: TestApp['app'], url: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { name: '問い合わせ', email: 'ask@example.com', subject: 'other', message: '確認のための問い合わせです' },
    });

  it('#24.1 POST /api/%63ontact meets 429 after the same 5 as /api/contact, on the same counter', async () => {
    const plain: number[] = [];
    for (let i = 0; i < 6; i++) plain.push((await contact(full.app, '/api/contact', '10.24.1.1')).statusCode);
    expect(plain).toEqual([200, 200, 200, 200, 200, 429]);
    const encoded: number[] = [];
    for (let i = 0; i < 6; i++) encoded.push((await contact(full.app, '/api/%63ontact', '10.24.1.2')).statusCode);
    expect(encoded).toEqual([200, 200, 200, 200, 200, 429]);
    const mixed: number[] = [];
    for (const url of ['/api/contact', '/api/%63ontact', '/api/%63%6Fntact', '/api/contact', '/api/%63ontact', '/api/contact'])
      mixed.push((await contact(full.app, url, '10.24.1.3')).statusCode);
    expect(mixed).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await contact(full.app, '/api/%63ontact', '10.24.1.3');
    expect(res.json().message).toBe('リクエストが多すぎます。しばらくしてからもう一度お試しください');
  });

  it('#24.1 an encoded path keeps its own limit: admin sign-in 30, user-ID check 60, support chat 20', async () => {
    const login = await full.app.inject({ method: 'POST', url: '/api/%61dmin/login', payload: { username: 'a', password: 'b' } });
    expect(login.headers['x-ratelimit-limit']).toBe('30');
    const check = await full.app.inject({ method: 'GET', url: '/api/auth/%63heck-user-id/x_name' });
    expect(check.headers['x-ratelimit-limit']).toBe('60');
    const chat = await full.app.inject({
      method: 'POST',
      url: '/api/%61i-chat',
      payload: { message: 'こんにちは', context: 'customer_support' },
    });
    expect(chat.headers['x-ratelimit-limit']).toBe('20');
  });

  it('#24.1 two app instances on one database share the count', async () => {
    const other = await buildApp(full.config, { database: full.database, storage: full.storage });
    try {
      const codes: number[] = [];
      for (const app of [full.app, other, full.app, other, full.app, other])
        codes.push((await contact(app, '/api/contact', '10.24.1.9')).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});

/** Redis on this machine (REDIS_TEST_URL, or the default port): the Redis store is tested where one runs. */
const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_TEST_URL);
  const socket = net.connect(Number(u.port || 6379), u.hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});

describe.runIf(redisUp)('#24.1 with REDIS_URL', () => {
  it('#24.1 two app instances count in Redis together (and not in the database)', async () => {
    const a = await createTestApp({ RATE_LIMIT_SCALE: '1', REDIS_URL: REDIS_TEST_URL });
    const b = await buildApp(a.config, { database: a.database, storage: a.storage });
    try {
      const address = `10.24.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const codes: number[] = [];
      for (const app of [a.app, b, a.app, b, a.app, b]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/%63ontact',
          remoteAddress: address,
          headers: { origin: TEST_ORIGIN },
          payload: { name: '問い合わせ', email: 'ask@example.com', subject: 'other', message: '確認のための問い合わせです' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const rows = rowsOf<{ n: number }>(await a.db.execute(sql`select count(*)::int as n from rate_counters`));
      expect(rows[0].n).toBe(0);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
