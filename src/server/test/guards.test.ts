import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, sessionCookie, type TestApp } from './app';

// Issue 14: sign-in is checked once per members-only scope, before validation. Every route the OpenAPI
// document marks with the session requirement answers 401 to a visitor, whatever its params and body.
let t: TestApp;
let guarded: { method: string; path: string }[];
let adminOnly: { method: string; path: string }[];
let open: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const ops = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase(),
        path,
        scheme: Array.isArray(op.security) && op.security.length > 0 ? Object.keys(op.security[0] as object)[0] : null,
      })),
  );
  guarded = ops.filter((o) => o.scheme === 'session');
  adminOnly = ops.filter((o) => o.scheme === 'adminSession');
  open = ops.filter((o) => o.scheme === null);
});
afterAll(() => t.close());

const anything = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { maxKeys: 4 }),
);

/** Calls the route with `param` in each of its path's parameters and `body` (but for GET and DELETE), and the cookie if any. */
async function callWith(route: { method: string; path: string }, param: string, body: unknown, cookie?: string) {
  const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(param) || 'x');
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body as object }),
  });
  return { url, res };
}

describe('members-only routes', () => {
  it('are marked in the OpenAPI document, and the public ones are not', () => {
    const names = guarded.map((g) => `${g.method} ${g.path}`);
    for (const expected of [
      'POST /api/playlists',
      'POST /api/push/subscribe',
      'PATCH /api/tracks/{id}/visibility',
      'GET /api/auth/user',
      'GET /api/notifications',
      'POST /api/likes/{trackId}',
      'PUT /api/auth/profile',
      'POST /api/listening-history',
      'GET /api/auth/premium-status',
    ]) {
      expect(names).toContain(expected);
    }
    const publicNames = open.map((g) => `${g.method} ${g.path}`);
    for (const expected of ['GET /api/tracks', 'GET /api/search', 'GET /api/playlists/{id}', 'GET /api/access-control', 'GET /health']) {
      expect(publicNames).toContain(expected);
    }
  });

  it('answer 401 with the login message to a visitor before any validation, whatever the params and body', async () => {
    expect(guarded.length).toBeGreaterThan(25);
    for (const route of guarded) {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 12 }), anything, async (param, body) => {
          const { url, res } = await callWith(route, param, body);
          expect(res.statusCode, `${route.method} ${url}`).toBe(401);
          expect(res.json().message).toBe('ログインが必要です');
        }),
        { numRuns: 8, seed: 14 },
      );
    }
  });

  it('answer 401 to a made-up session cookie too', async () => {
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.path.replace(/\{[^}]+\}/g, '1'),
        headers: { cookie: 'mugen_session=made-up' },
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

// Issue 18: every operator route answers 401 管理者認証が必要です to visitors and to members alike (a member's
// session is never an admin session), before any validation.
describe('operator-only routes', () => {
  const ADMIN_401 = '管理者認証が必要です。ログインしてください。';

  it('are marked with the admin session requirement; sign-in and status stay open', () => {
    const publicNames = open.map((g) => `${g.method} ${g.path}`);
    const adminNames = adminOnly.map((g) => `${g.method} ${g.path}`);
    // The console's calls outside /api/admin are the operator's too (issue 18).
    for (const expected of ['POST /admin/upload', 'GET /api/generate-content', 'GET /api/admin/users', 'GET /api/admin/tasks']) {
      expect(adminNames).toContain(expected);
    }
    expect(publicNames).toContain('POST /api/admin/login');
    expect(publicNames).toContain('GET /api/admin/status');
    for (const route of [...guarded, ...open]) {
      if (route.path === '/api/admin/login' || route.path === '/api/admin/status' || route.path === '/api/admin/logout') continue;
      expect(route.path.startsWith('/api/admin/'), `${route.method} ${route.path} is an admin path without the admin guard`).toBe(false);
    }
  });

  it('answer 401 to a visitor and to a member before any validation, whatever the params and body', async () => {
    const member = await insertUser(t.db, { name: '会員' });
    const memberCookie = await sessionCookie(t.db, { userId: member.id });
    for (const route of adminOnly) {
      for (const cookie of [undefined, memberCookie, 'mugen_admin=made-up', `mugen_admin=${memberCookie.split('=')[1]}`]) {
        await fc.assert(
          fc.asyncProperty(fc.string({ maxLength: 12 }), anything, async (param, body) => {
            const { url, res } = await callWith(route, param, body, cookie);
            expect(res.statusCode, `${route.method} ${url}`).toBe(401);
            expect(res.json().message).toBe(ADMIN_401);
          }),
          { numRuns: 3, seed: 18 },
        );
      }
    }
  });
});
