import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type Database, openDatabase, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { createSession } from '../../features/auth/session';
import { SESSION_COOKIE } from '../../http/session';
import { startServer } from '../server-process';
import { TEST_ROOT, testDatabaseUrl, testDbKind, withDatabase } from '../template';

// The server is killed with SIGKILL in the middle of concurrent likes, follows and playlist writes,
// then restarted: it starts, every counter equals the rows it counts, no half-written playlist
// remains, and nothing acknowledged is lost. On the embedded database and on PostgreSQL.
const MEMBERS = 24;
const TRACKS = 6;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function prepare(database: Database) {
  await database.migrate();
  const members: { id: string; cookie: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [u] = await database.db
      .insert(users)
      .values({ id: `crash-${i}`, name: `会員${i}`, email: `crash${i}@example.com` })
      .returning();
    const { token } = await createSession(database.db, { userId: u.id, ttlDays: 1 });
    members.push({ id: u.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  const trackIds: number[] = [];
  for (let i = 0; i < TRACKS; i++) {
    const [t] = await database.db
      .insert(tracks)
      .values({ title: `曲${i}`, filename: `crash-${i}.mp3`, userId: members[i].id, createdBy: members[i].id })
      .returning();
    trackIds.push(t.id);
  }
  return { members, trackIds };
}

async function invariants(database: Database) {
  const q = async (text: string) => rowsOf<Record<string, number>>(await database.db.execute(sql.raw(text)));
  const likeDrift = await q(
    `select count(*)::int as n from tracks t where t.like_count <> (select count(*) from likes l where l.track_id = t.id)`,
  );
  const followDrift = await q(
    `select count(*)::int as n from playlists p where p.follower_count <> (select count(*) from playlist_follows f where f.playlist_id = p.id)`,
  );
  const sparse = await q(
    `select count(*)::int as n from (select playlist_id, max("order") as mx, count(*) as c, count(distinct "order") as d from playlist_items group by playlist_id) x where mx <> c - 1 or d <> c`,
  );
  return { likeDrift: likeDrift[0].n, followDrift: followDrift[0].n, sparseOrders: sparse[0].n };
}

async function run(kind: 'pglite' | 'postgres') {
  const dataDir = path.join(TEST_ROOT, 'crash', `${kind}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dataDir, { recursive: true });
  let databaseUrl = '';
  if (kind === 'postgres') {
    const name = `mugen_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = withDatabase(testDatabaseUrl(), name);
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: testDatabaseUrl() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  }
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  let database = await openDatabase(config);
  const { members, trackIds } = await prepare(database);
  await database.close();

  const server = await startServer(env);
  const acknowledged = { likes: [] as [string, number][], follows: [] as [string, string][], items: [] as [number, number][] };
  const call = (m: { cookie: string }, method: string, url: string, body?: unknown) =>
    fetch(server.url + url, {
      method,
      headers: { cookie: m.cookie, origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  // Each member: a playlist, then likes, follows and adds, all at once across members.
  const work = members.map(async (m, i) => {
    try {
      const pl = await call(m, 'POST', '/api/playlists', { name: `リスト${i}` });
      const playlistId = pl.ok ? (await pl.json()).id : null;
      for (const [j, trackId] of trackIds.entries()) {
        const like = await call(m, 'POST', `/api/likes/${trackId}`);
        if (like.ok) acknowledged.likes.push([m.id, trackId]);
        const target = members[(i + j + 1) % members.length];
        const fol = await call(m, 'POST', `/api/users/${target.id}/follow`);
        if (fol.ok) acknowledged.follows.push([m.id, target.id]);
        if (playlistId) {
          const add = await call(m, 'POST', `/api/playlists/${playlistId}/tracks`, { trackId });
          if (add.ok) acknowledged.items.push([playlistId, trackId]);
          if (j === 3) {
            const cur = await (await call(m, 'GET', `/api/playlists/${playlistId}`)).json();
            await call(m, 'PUT', `/api/playlists/${playlistId}/reorder`, {
              items: cur.items.map((it: { id: number }, k: number) => ({ id: it.id, order: cur.items.length - k })),
            });
          }
          const other = members[(i + 3) % members.length];
          await call(other, 'POST', `/api/playlists/${playlistId}/follow`);
        }
      }
    } catch {
      // the server was killed mid-request
    }
  });
  // Kill in the middle: once a good share of the writes has been acknowledged, never after all of them
  // (a state, not a time: a loaded machine acknowledges slower, and the expectations below say which came first).
  let over = false;
  void Promise.all(work).then(() => {
    over = true;
  });
  while (acknowledged.items.length < 30 && !over) await new Promise((r) => setTimeout(r, 20));
  await server.stop('SIGKILL');
  await Promise.all(work);
  expect(acknowledged.items.length, 'writes were acknowledged before the kill').toBeGreaterThanOrEqual(30);
  expect(acknowledged.likes.length, 'the kill came before the end').toBeLessThan(MEMBERS * TRACKS);

  // It starts again after the crash.
  const again = await startServer(env);
  expect((await (await fetch(`${again.url}/health`)).json()).database.connected).toBe(true);
  await again.stop('SIGTERM');

  database = await openDatabase(loadConfig({ NODE_ENV: 'test', ...env }));
  try {
    expect(await invariants(database)).toEqual({ likeDrift: 0, followDrift: 0, sparseOrders: 0 });
    const has = async (text: string) => rowsOf<{ n: number }>(await database.db.execute(sql.raw(text)))[0].n;
    for (const [u, t] of acknowledged.likes)
      expect(await has(`select count(*)::int as n from likes where user_id = '${u}' and track_id = ${t}`)).toBe(1);
    for (const [a, b] of acknowledged.follows)
      expect(await has(`select count(*)::int as n from follows where follower_id = '${a}' and following_id = '${b}'`)).toBe(1);
    for (const [p, t] of acknowledged.items)
      expect(await has(`select count(*)::int as n from playlist_items where playlist_id = ${p} and track_id = ${t}`)).toBe(1);
  } finally {
    await database.close();
  }
  return acknowledged;
}

describe('crash safety (SIGKILL under concurrent writes)', () => {
  // Each run covers its own database: the default suite the embedded one, `npm run test:pg` PostgreSQL.
  for (const [kind, title] of [
    ['pglite', 'on the embedded database'],
    ['postgres', 'on PostgreSQL'],
  ] as const) {
    it.runIf(testDbKind() === kind)(
      title,
      async () => {
        const acked = await run(kind);
        console.log(
          `[crash] ${kind}: ${acked.likes.length} likes, ${acked.follows.length} follows, ${acked.items.length} playlist adds acknowledged before the kill`,
        );
      },
      180_000,
    );
  }
});
