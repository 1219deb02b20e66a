import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';

// Every route of the OpenAPI document, driven with malformed, oversized, wrong-typed and hostile input,
// by a visitor and by a signed-in stranger: never a 5xx, never a stack trace, never a change to
// another member's data.
let t: TestApp;
let strangerCookie: string;
let victimRef: { userId: string; trackId: number; playlistId: number; customUserId: string };
let routes: { method: string; path: string }[];

/** Short strings of control characters (NUL included) mixed with ordinary ones. */
function controlText() {
  return fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', 'a', 'あ', '/', '%', '.'),
    minLength: 1,
    maxLength: 12,
  });
}
/** The same, always holding at least one NUL somewhere. */
const withNul = fc.tuple(controlText(), controlText()).map(([a, b]) => `${a}\u0000${b}`);

const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'a\u0000b',
    '\u0001\u0002\u001f',
    '😀👍🏽🇯🇵',
    'e\u0301\u0301\u0301',
    '%00',
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literally
    '${jndi:ldap://x}',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    ' ',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  controlText(),
  fc.integer().map(String),
);

const jsonValue = fc.oneof(
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 3 }),
  fc.dictionary(hostile, hostile, { maxKeys: 3 }),
);

/** A body with the field names our schemas use, filled with anything. */
const FIELDS = [
  'name',
  'email',
  'invitationCode',
  'customUserId',
  'picture',
  'xHandle',
  'category',
  'description',
  'isPublic',
  'publicSlug',
  'userId',
  'trackId',
  'items',
  'id',
  'cookieConsent',
  'analyticsConsent',
  'isVisible',
  'duration',
  'progressPercent',
  'completed',
  'endpoint',
  'keys',
  'test',
];
const body = fc.oneof(fc.record(Object.fromEntries(FIELDS.map((f) => [f, jsonValue])), { requiredKeys: [] }), jsonValue);

async function victimSnapshot() {
  const r = await t.db.execute(sql`select json_build_object(
    'user', (select row_to_json(u) from users u where u.id = ${victimRef.userId}),
    'tracks', (select json_agg(t order by t.id) from tracks t where t.user_id = ${victimRef.userId}),
    'playlists', (select json_agg(p order by p.id) from playlists p where p.user_id = ${victimRef.userId}),
    'items', (select json_agg(i order by i.id) from playlist_items i where i.playlist_id = ${victimRef.playlistId})
  ) as s`);
  const s = rowsOf<{ s: Record<string, unknown> }>(r)[0].s;
  // Counters (and the score derived from them) may move by visitors' legitimate plays and likes; ownership and content may not.
  const strip = (rows: unknown) =>
    (rows as Record<string, unknown>[] | null)?.map(
      ({ play_count, impression_count, like_count, follower_count, score_base, updated_at, ...rest }) => rest,
    );
  return { ...s, tracks: strip(s.tracks), playlists: strip(s.playlists) };
}

const fill = (path: string, param: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (param !== '__victim__') return encodeURIComponent(param);
    if (name === 'trackId') return String(victimRef.trackId);
    if (name === 'id' && path.startsWith('/api/playlists')) return String(victimRef.playlistId);
    if (name === 'id' && (path.startsWith('/api/tracks') || path.startsWith('/api/stream'))) return String(victimRef.trackId);
    if (name === 'id' || name === 'userId') return victimRef.userId;
    if (name === 'customUserId') return victimRef.customUserId;
    return 'x';
  });

beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'test' });
  const victim = await insertUser(t.db, { name: '被害者', customUserId: 'victim_1' });
  const track = await insertTrack(t, { userId: victim.id, createdBy: victim.id, isVisible: false });
  const visibleTrack = await insertTrack(t, { userId: victim.id, createdBy: victim.id });
  const [pl] = await t.db.insert(playlists).values({ userId: victim.id, name: '守る', isPublic: false, publicSlug: 'guard' }).returning();
  await t.db.insert(playlistItems).values({ playlistId: pl.id, trackId: visibleTrack.id, order: 0 });
  victimRef = { userId: victim.id, trackId: track.id, playlistId: pl.id, customUserId: 'victim_1' };
  strangerCookie = await sessionCookie(t.db, { userId: (await insertUser(t.db, { name: '他人' })).id });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

function assertSafe(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  expect(res.body, label).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)|node_modules|ZodError|stack/);
}

describe('every route under hostile input', () => {
  it('covers the whole OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx or a stack trace, for a visitor or a stranger', async () => {
    const before = await victimSnapshot();
    for (const route of routes) {
      if (route.path === '/api/auth/logout' || route.path === '/api/auth/account') continue; // would end the stranger's own session
      await fc.assert(
        fc.asyncProperty(
          hostile,
          fc.option(fc.dictionary(hostile, hostile, { maxKeys: 3 })),
          body,
          fc.boolean(),
          async (param, query, payload, asStranger) => {
            const qs = query ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : '';
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: fill(route.path, param) + qs,
              headers: asStranger ? { cookie: strangerCookie } : {},
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: payload as object }),
            });
            assertSafe(res, `${route.method} ${route.path}`);
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(await victimSnapshot()).toEqual(before);
  }, 300_000);

  it("lets neither a visitor nor a stranger change or read another member's private things", async () => {
    const before = await victimSnapshot();
    for (const route of routes) {
      if (!/\{/.test(route.path) || route.path.startsWith('/api/auth/google')) continue;
      for (const cookie of [undefined, strangerCookie]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.path, '__victim__'),
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: { name: '乗っ取り', isVisible: true, isPublic: true, trackId: victimRef.trackId, items: [] } }),
        });
        assertSafe(res, `${route.method} ${route.path}`);
        if (
          route.method === 'GET' &&
          (route.path.includes('/stream/') || route.path === '/api/tracks/{id}' || route.path.startsWith('/api/playlists/{id}'))
        ) {
          expect(res.statusCode, `${route.path} must not show a hidden or private resource`).toBe(404);
        }
      }
    }
    expect(await victimSnapshot()).toEqual(before);
  }, 120_000);

  it('refuses a 10 MB body with 413 and a short message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: strangerCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('送信データが大きすぎます');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: strangerCookie, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('#13.4 refuses a NUL in any path parameter, query value or body field with 400, for a visitor or a member', async () => {
    await nulProperty(t, strangerCookie);
  }, 300_000);
});

describe('every route under NUL input in production mode', () => {
  // Production turns off development routes and conveniences; the edge must hold the same way there
  // (and on PostgreSQL, which `npm run test:pg` runs this file on).
  let prod: TestApp;
  let cookie: string;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
    cookie = await sessionCookie(prod.db, { userId: (await insertUser(prod.db, { name: '本番' })).id });
  });
  afterAll(() => prod.close());

  it('#13.4 refuses a NUL in any path parameter, query value or body field with 400', async () => {
    await nulProperty(prod, cookie);
  }, 300_000);
});

/**
 * For each route of the document: a NUL in one of its path parameters, in a query value, and in a
 * body field is answered 400 (401 is also right for a visitor of a member-only route, which may be
 * refused before anything is read), never 5xx.
 */
async function nulProperty(app: TestApp, memberCookie: string) {
  const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const all = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
  for (const route of all) {
    if (route.path === '/api/auth/logout' || route.path === '/api/auth/account') continue;
    await fc.assert(
      fc.asyncProperty(withNul, fc.constantFrom('path', 'query', 'body'), fc.boolean(), async (nul, where, asMember) => {
        const hasParams = /\{/.test(route.path);
        const place = where === 'path' && !hasParams ? 'query' : where === 'body' && route.method === 'GET' ? 'query' : where;
        const url =
          route.path.replace(/\{([^}]+)\}/g, () => encodeURIComponent(place === 'path' ? nul : '1')) +
          (place === 'query' ? `?q=${encodeURIComponent(nul)}&category=${encodeURIComponent(nul)}` : '');
        const res = await app.app.inject({
          method: route.method as 'GET',
          url,
          headers: asMember ? { cookie: memberCookie } : {},
          ...(place === 'body' ? { payload: { name: nul, email: nul, endpoint: nul, trackId: 1, items: [nul] } } : {}),
        });
        const allowed = asMember ? [400] : [400, 401];
        expect(allowed, `${route.method} ${url} (${place}) answered ${res.statusCode}`).toContain(res.statusCode);
      }),
      { numRuns: 6, seed: 20261123 },
    );
  }
}
