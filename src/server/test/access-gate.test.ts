import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { GATE_EXEMPT_ROUTES } from '../http/guards';
import { createTestApp, insertUser, sessionCookie, type TestApp } from './app';

// Issue 18: the access status the operator sets is enforced on the server. Every route the OpenAPI
// document marks members-only answers 403 with the gate's reason and message to a pending or denied
// member, before any validation, except the few the status pages need (GATE_EXEMPT_ROUTES).
let t: TestApp;
let guarded: { method: string; path: string }[];

const PENDING = { reason: 'pending_approval', message: 'アカウントは承認待ちです。承認されるまでご利用いただけません' };
const DENIED = { reason: 'access_denied', message: 'アカウントの承認が拒否されたため、このサービスをご利用いただけません' };

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  guarded = Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, unknown>[] }>>).flatMap(
    ([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([m, op]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m) && op.security?.[0] && 'session' in op.security[0])
        .map(([m]) => ({ method: m.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const name = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/\{([^}]+)\}/g, ':$1')}`;

async function memberWith(accessStatus: 'pending' | 'denied') {
  const user = await insertUser(t.db, { name: `ゲート${accessStatus}` });
  await t.db.update(users).set({ accessStatus }).where(eq(users.id, user.id));
  return sessionCookie(t.db, { userId: user.id });
}

describe('the access gate on members-only calls', () => {
  it('names only members-only routes as exempt, and the exempt list is what the status pages need', () => {
    const names = guarded.map(name);
    for (const exempt of GATE_EXEMPT_ROUTES) expect(names).toContain(exempt);
    expect([...GATE_EXEMPT_ROUTES].sort()).toEqual(
      [
        'GET /api/auth/user',
        'DELETE /api/auth/account',
        'GET /api/auth/premium-status',
        'GET /api/premium/subscription',
        'POST /api/premium/cancel',
      ].sort(),
    );
  });

  it('L-6-08 #18: every other members-only route answers 403 with the reason to a pending and to a denied member, before validation', async () => {
    expect(guarded.length).toBeGreaterThan(25);
    const cookies = { pending: await memberWith('pending'), denied: await memberWith('denied') };
    for (const route of guarded) {
      if (GATE_EXEMPT_ROUTES.includes(name(route))) continue;
      for (const [status, expected] of [
        ['pending', PENDING],
        ['denied', DENIED],
      ] as const) {
        const url = route.path.replace(/\{[^}]+\}/g, 'x');
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie: cookies[status] },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { nonsense: true } }),
        });
        expect(res.statusCode, `${route.method} ${url} (${status})`).toBe(403);
        expect(res.json()).toEqual(expected);
      }
    }
  });

  it('the exempt routes still answer a denied member', async () => {
    for (const route of GATE_EXEMPT_ROUTES) {
      const [method, url] = route.split(' ');
      const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie: await memberWith('denied') } });
      expect(res.statusCode, route).not.toBe(403);
      expect(res.statusCode, route).toBeLessThan(500);
    }
  });

  it('an approved member passes the gate', async () => {
    const user = await insertUser(t.db, { name: '承認済み' });
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});
