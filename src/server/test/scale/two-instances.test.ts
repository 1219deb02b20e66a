import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../config';
import { openDatabase, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { createSession } from '../../features/auth/session';
import { SESSION_COOKIE } from '../../http/session';
import { freePort, type ServerProcess, startServer } from '../server-process';
import { testDatabaseUrl, testDbKind, withDatabase } from '../template';

// Two app instances on loopback against one PostgreSQL and one bucket: nothing lost or doubled.
const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
const PushServer = require('web-push-testing/src/server.js');

const cleanups: (() => Promise<unknown>)[] = [];
let a: ServerProcess;
let b: ServerProcess;
let dbUrl: string;
let pushBase: string;
const members: { id: string; cookie: string }[] = [];
let trackId: number;
let ownerClientHash: string;

beforeAll(async () => {
  if (testDbKind() !== 'postgres') return;
  const name = `mugen_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dbUrl = withDatabase(testDatabaseUrl(), name);
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: testDatabaseUrl() });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  const s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-scale-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'shared', configs: [] }],
  });
  const s3addr = (await s3.run()) as AddressInfo;
  cleanups.push(
    () => s3.close(),
    () => fs.rm(s3dir, { recursive: true, force: true }),
  );

  const pushPort = await freePort();
  const push = new PushServer(new PushApiModel(), pushPort);
  push.startServer();
  pushBase = `http://localhost:${pushPort}`;
  cleanups.push(async () => push._server.close());

  const vapid = webpush.generateVAPIDKeys();
  const env = {
    DATABASE_URL: dbUrl,
    S3_BUCKET: 'shared',
    S3_ENDPOINT: `http://127.0.0.1:${s3addr.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_POLL_MS: '200',
    PUSH_EXTRA_ORIGINS: pushBase,
  };
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), DATABASE_URL: dbUrl }));
  await database.migrate();
  for (let i = 0; i < 40; i++) {
    const [u] = await database.db
      .insert(users)
      .values({ id: `scale-${i}`, name: `会員${i}`, email: `scale${i}@example.com` })
      .returning();
    const { token } = await createSession(database.db, { userId: u.id, ttlDays: 1 });
    members.push({ id: u.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  const [t] = await database.db
    .insert(tracks)
    .values({ title: '共有の音声', filename: 'shared.mp3', userId: members[0].id, createdBy: members[0].id })
    .returning();
  trackId = t.id;
  await database.close();

  [a, b] = await Promise.all([
    startServer({ ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-a-')) }),
    startServer({ ...env, DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-b-')) }),
  ]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );

  // The track owner's device subscribes through instance A.
  const sub = await (
    await fetch(`${pushBase}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: vapid.publicKey }),
    })
  ).json();
  ownerClientHash = sub.data.clientHash;
  const saved = await fetch(`${a.url}/api/push/subscribe`, {
    method: 'POST',
    headers: { cookie: members[0].cookie, origin: a.url, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: sub.data.endpoint, keys: sub.data.keys }),
  });
  expect(saved.ok).toBe(true);
}, 120_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe.runIf(testDbKind() === 'postgres')('two instances, one PostgreSQL, one bucket', () => {
  it('keeps likes and follows exact when members write through both at once', async () => {
    const results = await Promise.all(
      members.slice(1).flatMap((m, i) => {
        const via = i % 2 ? a : b;
        const other = i % 2 ? b : a;
        return [
          fetch(`${via.url}/api/likes/${trackId}`, { method: 'POST', headers: { cookie: m.cookie, origin: via.url } }),
          fetch(`${other.url}/api/likes/${trackId}`, { method: 'POST', headers: { cookie: m.cookie, origin: other.url } }),
          fetch(`${via.url}/api/users/${members[0].id}/follow`, { method: 'POST', headers: { cookie: m.cookie, origin: via.url } }),
        ];
      }),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const track = await (await fetch(`${b.url}/api/tracks/${trackId}`)).json();
    expect(track.likeCount).toBe(members.length - 1);
    const counts = await (await fetch(`${a.url}/api/users/${members[0].id}/follow-counts`)).json();
    expect(counts.followerCount).toBe(members.length - 1);
  });

  it('shares sessions and media: a picture uploaded through A is served by B', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f0a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await fetch(`${a.url}/api/upload/profile-image`, {
      method: 'POST',
      headers: { cookie: members[1].cookie, origin: a.url },
      body: form,
    });
    expect(up.status).toBe(200);
    const { imageUrl } = await up.json();
    const fromB = await fetch(`${b.url}${imageUrl}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    const me = await (await fetch(`${b.url}/api/auth/user`, { headers: { cookie: members[1].cookie } })).json();
    expect(me.picture).toBe(imageUrl);
  });

  it('pushes each notification once although both instances run the dispatcher', async () => {
    const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), DATABASE_URL: dbUrl }));
    try {
      const deadline = Date.now() + 15_000;
      let pending = 1;
      while (pending > 0 && Date.now() < deadline) {
        pending = rowsOf<{ n: number }>(
          await database.db.execute(sql`select count(*)::int as n from notifications where pushed_at is null`),
        )[0].n;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(pending).toBe(0);
      const notifications = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from notifications where user_id = ${members[0].id}`),
      )[0].n;
      const received = await (
        await fetch(`${pushBase}/get-notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientHash: ownerClientHash }),
        })
      ).json();
      // Bundles may be pushed again as they grow, but never twice for the same state.
      const messages = received.data.messages.map((m: unknown) => JSON.stringify(m));
      expect(notifications).toBeGreaterThan(0);
      expect(new Set(messages).size).toBe(messages.length);
    } finally {
      await database.close();
    }
  });
});
