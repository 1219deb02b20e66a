import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../app';
import { controlProperty, controlRefusalProperty, nulProperty, requestWith, routesOf, SELF_ENDING } from './fuzz-kit';

// The fuzz of api-fuzz.test.ts in production mode, and the rate limit under a percent-encoded path.

describe('every route under NUL and control characters in production mode', () => {
  // Production turns off development routes and conveniences; the edge must hold the same way there
  // (and on PostgreSQL, which `npm run test:pg` runs this file on).
  let prod: TestApp;
  let cookie: string;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp' });
    cookie = await sessionCookie(prod.db, { userId: (await insertUser(prod.db, { name: '本番' })).id });
  });
  afterAll(() => prod.close());

  it('#13.4 refuses a NUL in every path parameter, query parameter and body field of the document with 400', async () => {
    await nulProperty(prod, cookie);
  }, 300_000);

  it('#13.4 answers control characters in every path parameter, query parameter and body field without a 5xx or a stack trace', async () => {
    await controlProperty(prod, cookie);
  }, 300_000);

  it('#36.8 refuses a control character in every text field of every body of the document with 400 and the catalogue message', async () => {
    expect((await controlRefusalProperty(prod, cookie)).length).toBeGreaterThan(40);
  }, 300_000);
});

describe('#24.1 every route under a percent-encoded path', () => {
  // The limiter reads the route Fastify matched (its declared config), never the raw URL: a path with a
  // letter percent-encoded (/api/%63ontact) reaches the same route and must meet the same limit, counted
  // on the same counter.
  let limited: TestApp;
  let cookie: string;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const member = await insertUser(limited.db, { name: '符号' });
    cookie = `${await sessionCookie(limited.db, { userId: member.id })}; ${await sessionCookie(limited.db, { isAdmin: true })}`;
  });
  afterAll(() => limited.close());

  /** The path with its first letter after /api/ (or after the leading /) written as %XX. */
  const encoded = (path: string) => {
    const from = path.startsWith('/api/') ? 5 : 1;
    const at = path.slice(from).search(/[a-z]/i) + from;
    return `${path.slice(0, at)}%${path.charCodeAt(at).toString(16).toUpperCase()}${path.slice(at + 1)}`;
  };

  it('answers a percent-encoded path with the limit of the plain one, on the same counter', async () => {
    const doc = (await limited.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const all = routesOf(doc).filter((r) => !SELF_ENDING.has(r.path) && r.path !== '/api/admin/logout');
    let writes = 0;
    for (const [i, route] of all.entries()) {
      const req = requestWith(route, { in: 'query', name: 'undeclared' }, 'x');
      const [plainUrl, query] = req.url.split('?');
      const send = (url: string) =>
        limited.app.inject({ ...req, url: `${url}?${query}`, remoteAddress: `192.0.2.${(i % 250) + 1}`, headers: { cookie } });
      const plain = await send(plainUrl);
      const other = await send(encoded(plainUrl));
      const label = `${route.method} ${route.path} as ${encoded(plainUrl)} (${plain.statusCode} ${plain.body.slice(0, 80)})`;
      expect(other.headers['x-ratelimit-limit'], label).toBe(plain.headers['x-ratelimit-limit']);
      if (plain.headers['x-ratelimit-limit'] !== undefined) {
        expect(Number(other.headers['x-ratelimit-remaining']), label).toBe(Math.max(0, Number(plain.headers['x-ratelimit-remaining']) - 1));
      }
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        writes += 1;
        expect(plain.headers['x-ratelimit-limit'], `${label}: every write is limited`).toMatch(/^[1-9]\d*$/);
      }
    }
    expect(writes).toBeGreaterThan(30);
  }, 300_000);
});
