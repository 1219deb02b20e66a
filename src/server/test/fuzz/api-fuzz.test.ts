import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import { MESSAGES, PREMIUM_API_MESSAGES } from '../../../shared/messages/api';
import { rowsOf } from '../../db/client';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';

// Every route of the OpenAPI document, driven with malformed, oversized, wrong-typed and hostile input,
// by a visitor and by a signed-in stranger: never a 5xx, never a stack trace, never a change to
// another member's data.
let t: TestApp;
let strangerCookie: string;
let victimRef: { userId: string; trackId: number; playlistId: number; customUserId: string };
let routes: Route[];

/** Short strings of control characters (NUL included) mixed with ordinary ones. */
function controlText() {
  return fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', 'a', 'あ', '/', '%', '.'),
    minLength: 1,
    maxLength: 12,
  });
}
/** Short strings of control characters other than NUL (which never passes the edge) mixed with ordinary ones. */
function controlTextWithoutNul() {
  return fc.string({
    unit: fc.constantFrom(
      '\u0001',
      '\u0008',
      '\t',
      '\n',
      '\r',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufeff',
      'a',
      'あ',
      '/',
      '%',
      '.',
    ),
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

/** The part of a JSON Schema (as the OpenAPI document writes it) that shapes a request. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  required?: string[];
}

/** One operation of the OpenAPI document: its path and query parameters and its JSON body. */
interface Route {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryNames: string[];
  body: JsonSchema | null;
  /** Behind the operators' console guard (issue 18): refused 401 to members before anything is read. */
  admin: boolean;
}

/** Where a parameter sits: a path parameter, a query parameter, or a field of the body (its path of keys). */
type Slot = { in: 'path' | 'query'; name: string } | { in: 'body'; at: (string | number)[] };

/** Every operation of the document, read from what the app itself serves. */
function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => {
        const o = op as {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          security?: Record<string, unknown>[];
        };
        const params = o.parameters ?? [];
        return {
          method: m.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
          queryNames: params.filter((p) => p.in === 'query').map((p) => p.name),
          body: o.requestBody?.content?.['application/json']?.schema ?? null,
          admin: Boolean(o.security?.some((r) => 'adminSession' in r)),
        };
      }),
  );
}

/** A value the schema accepts as far as its shape goes, so a fuzzed field is the only odd one. */
function sample(schema: JsonSchema): unknown {
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return sample(alt);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'object':
      // The required fields only: an optional one with a rule the schema does not state (a user ID's
      // character set, say) would otherwise turn every request into a 400 before the fuzzed field counts.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => schema.required?.includes(k))
          .map(([k, v]) => [k, sample(v)]),
      );
    default: {
      if (schema.format === 'uri') return 'https://fcm.googleapis.com/fcm/send/fuzz';
      if (schema.format === 'uuid') return '6f1c0e3a-2b4d-4c5e-8f60-718293a4b5c6';
      if (schema.format === 'email') return 'fuzz@example.com';
      const text = 'テスト'.repeat(Math.max(1, Math.ceil((schema.minLength ?? 1) / 3)));
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      return [text, 'fuzz', 'fuzz@example.com', 'BAAA'].find((c) => !pattern || pattern.test(c)) ?? text;
    }
  }
}

/** The path of keys of every field of a body, nested objects and the first item of arrays included. */
function fieldsOf(schema: JsonSchema, at: (string | number)[] = []): (string | number)[][] {
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([k, v]) => [
      [...at, k],
      ...fieldsOf(v, [...at, k]).filter((f) => f.length > at.length + 1),
    ]);
  }
  if (schema.type === 'array' && schema.items)
    return [[...at, 0], ...fieldsOf(schema.items, [...at, 0]).filter((f) => f.length > at.length + 1)];
  return [];
}

/** Every parameter of a route; an undeclared query parameter too, since the edge must hold for any. */
function slotsOf(route: Route): Slot[] {
  return [
    ...route.pathParams.map((p) => ({ in: 'path' as const, name: p.name })),
    ...route.queryNames.map((name) => ({ in: 'query' as const, name })),
    { in: 'query' as const, name: 'undeclared' },
    ...(route.body ? fieldsOf(route.body).map((at) => ({ in: 'body' as const, at })) : []),
  ];
}

const slotName = (slot: Slot) => (slot.in === 'body' ? `body.${slot.at.join('.')}` : `${slot.in}.${slot.name}`);

/** `value` put at `at` inside a copy of `body`. */
function placed(body: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = placed(copy[head], rest, value);
  return copy;
}

/** The request of `route` with `value` in `slot` and every other parameter of a plausible shape. */
function requestWith(route: Route, slot: Slot, value: string) {
  const pathValue = (name: string) => {
    if (slot.in === 'path' && slot.name === name) return value;
    return String(sample(route.pathParams.find((p) => p.name === name)?.schema ?? {}));
  };
  const url =
    route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValue(name))) +
    (slot.in === 'query' ? `?${new URLSearchParams({ [slot.name]: value }).toString()}` : '');
  const base = route.body ? sample(route.body) : undefined;
  const payload = slot.in === 'body' ? placed(base, slot.at, value) : base;
  return { method: route.method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) };
}

/** A route's body: its own fields (top level and nested) each left plausible or made hostile, or anything at all. */
function bodyFor(route: Route) {
  if (!route.body) return fc.constant(undefined);
  const base = sample(route.body);
  const fields = fieldsOf(route.body);
  const shaped = fc
    .tuple(...fields.map(() => fc.option(jsonValue, { nil: undefined, freq: 2 })))
    .map((values) => values.reduce((b, v, i) => (v === undefined ? b : placed(b, fields[i], v)), base as unknown));
  const topLevel = Object.keys(route.body.properties ?? {});
  return fc.oneof(shaped, fc.record(Object.fromEntries(topLevel.map((f) => [f, jsonValue])), { requiredKeys: [] }), jsonValue);
}

/** Skipped everywhere: they would end the fuzzing member's own session or account. */
const SELF_ENDING = new Set(['/api/auth/logout', '/api/auth/account']);

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
  routes = routesOf(doc);
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
      if (SELF_ENDING.has(route.path)) continue;
      // Each of the route's own path parameters, query parameters and body fields (from the document).
      const pathArb = fc.record(Object.fromEntries(route.pathParams.map((p) => [p.name, hostile])));
      const queryArb = fc.record(Object.fromEntries(route.queryNames.map((n) => [n, hostile])), { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(pathArb, queryArb, bodyFor(route), fc.boolean(), async (params, query, payload, asStranger) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) + (qs ? `?${qs}` : ''),
            headers: asStranger ? { cookie: strangerCookie } : {},
            ...(route.method === 'GET' || route.method === 'DELETE' || payload === undefined ? {} : { payload: payload as object }),
          });
          assertSafe(res, `${route.method} ${route.path}`);
        }),
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

  it('#13.4 refuses a NUL in every path parameter, query parameter and body field of the document with 400, for a visitor or a member', async () => {
    await nulProperty(t, strangerCookie);
  }, 300_000);

  it('#13.4 answers control characters in every path parameter, query parameter and body field without a 5xx or a stack trace', async () => {
    await controlProperty(t, strangerCookie);
  }, 300_000);
});

describe('every route under NUL and control characters in production mode', () => {
  // Production turns off development routes and conveniences; the edge must hold the same way there
  // (and on PostgreSQL, which `npm run test:pg` runs this file on).
  let prod: TestApp;
  let cookie: string;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
    cookie = await sessionCookie(prod.db, { userId: (await insertUser(prod.db, { name: '本番' })).id });
  });
  afterAll(() => prod.close());

  it('#13.4 refuses a NUL in every path parameter, query parameter and body field of the document with 400', async () => {
    await nulProperty(prod, cookie);
  }, 300_000);

  it('#13.4 answers control characters in every path parameter, query parameter and body field without a 5xx or a stack trace', async () => {
    await controlProperty(prod, cookie);
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

/** The routes of the document `app` serves (development and production differ), with every parameter of each. */
async function slotsOfApp(app: TestApp) {
  const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const all = routesOf(doc).filter((r) => !SELF_ENDING.has(r.path));
  return all.flatMap((route) => slotsOf(route).map((slot) => ({ route, slot })));
}

/**
 * For each route of the document and each of its parameters (path, query, body field, nested ones
 * included): a NUL there, the rest of the request well formed, is answered 400 (401 is also right for a
 * visitor of a member-only route, which may be refused before anything is read), never 5xx.
 */
async function nulProperty(app: TestApp, memberCookie: string) {
  const cases = await slotsOfApp(app);
  expect(cases.length).toBeGreaterThan(150);
  // The console's routes are read only behind an operator's session (issue 18): the "member" has one too.
  const operatorCookie = `${memberCookie}; ${await sessionCookie(app.db, { isAdmin: true })}`;
  for (const { route, slot } of cases) {
    await fc.assert(
      fc.asyncProperty(withNul, fc.boolean(), async (nul, asMember) => {
        const req = requestWith(route, slot, nul);
        const cookie = route.admin ? operatorCookie : memberCookie;
        const res = await app.app.inject({ ...req, headers: asMember ? { cookie } : {} });
        const allowed = asMember ? [400] : [400, 401];
        expect(allowed, `${route.method} ${route.path} ${slotName(slot)} answered ${res.statusCode}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message).toBe('入力内容に使用できない文字が含まれています');
      }),
      { numRuns: 3, seed: 20261123 },
    );
  }
}

/**
 * For each route of the document and each of its parameters: control characters other than NUL there
 * (stored as text like any other character), the rest of the request well formed so that they travel
 * as far as the route lets them, for a visitor and a member: never a 5xx, never a stack trace.
 */
async function controlProperty(app: TestApp, memberCookie: string) {
  const cases = await slotsOfApp(app);
  for (const { route, slot } of cases) {
    await fc.assert(
      fc.asyncProperty(controlTextWithoutNul(), fc.boolean(), async (text, asMember) => {
        const res = await app.app.inject({ ...requestWith(route, slot, text), headers: asMember ? { cookie: memberCookie } : {} });
        // Production without Google configured answers every sign-in start with this 503, by design.
        if (route.path === '/api/auth/google' && !app.config.oidc && !app.config.devLogin && res.statusCode === 503) {
          expect(res.json().message).toBe(MESSAGES.signInUnavailable);
          return;
        }
        // Production without ADMIN_USERNAME and ADMIN_PASSWORD answers the console's sign-in with this 503, by design (issue 18).
        if (route.path === '/api/admin/login' && app.config.isProduction && res.statusCode === 503) {
          expect(res.json().message).toBe(ADMIN_API_MESSAGES.consoleOff);
          return;
        }
        // Production without Stripe answers the payment calls with this 503, by design (issue 17).
        if (app.config.payments.mode === 'off' && res.statusCode === 503) {
          expect(res.json().message).toBe(PREMIUM_API_MESSAGES.paymentsUnavailable);
          return;
        }
        assertSafe(res, `${route.method} ${route.path} ${slotName(slot)}`);
      }),
      { numRuns: 6, seed: 20261124 },
    );
  }
}
