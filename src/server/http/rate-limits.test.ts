import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../test/app';

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
        expect(res.headers['retry-after']).toBeDefined();
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
