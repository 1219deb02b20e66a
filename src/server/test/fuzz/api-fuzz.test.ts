import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { playlistItems, playlists } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';
import {
  assertSafe,
  bodyFor,
  controlProperty,
  controlRefusalProperty,
  hostile,
  nulProperty,
  type Route,
  routesOf,
  SELF_ENDING,
} from './fuzz-kit';

// Every route of the OpenAPI document, driven with malformed, oversized, wrong-typed and hostile input,
// by a visitor and by a signed-in stranger: never a 5xx, never a stack trace, never a change to
// another member's data.
let t: TestApp;
let strangerCookie: string;
let victimRef: { userId: string; trackId: number; playlistId: number; customUserId: string };
let routes: Route[];

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

  it('#36.8 refuses a control character in every text field of every body of the document with 400 and the catalogue message', async () => {
    const fields = await controlRefusalProperty(t, strangerCookie);
    // The member's own texts among them (the property goes through every text field the document has).
    for (const field of [
      'PUT /api/auth/profile body.name',
      'POST /api/playlists body.name',
      'POST /api/playlists body.description',
      'PUT /api/playlists/{id} body.category',
      'POST /api/categories body.name',
      'POST /api/generate-script body.inputText',
      'POST /api/generate-audio-preview body.script',
      'POST /api/publish-track body.title',
      'POST /api/publish-track body.labels.0',
      'POST /api/contact body.message',
      'POST /api/ai-chat body.message',
      'POST /api/tracks/{id}/reading-reports body.note',
      'POST /api/admin/themes body.content',
    ])
      expect(fields).toContain(field);
    expect(fields.length).toBeGreaterThan(50);
  }, 300_000);
});
