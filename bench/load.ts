// bench/load: a mixed load (catalogue, stream ranges, likes and follows by 50 signed-in members) for
// 60 s against PostgreSQL, first one instance, then two behind the same database; errors (must be 0),
// requests per second, p50 and p99, and each server's event-loop delay over the case (p50, p99, max, from
// /metrics). BENCH_SECONDS shortens it; TEST_DATABASE_URL picks the server.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { tracks, users } from '../src/server/db/schema';
import { createSession } from '../src/server/features/auth/session';
import { audioKey } from '../src/server/features/tracks/stream';
import { SESSION_COOKIE } from '../src/server/http/session';
import { createLocalStorage } from '../src/server/providers/storage/local';
import { type ServerProcess, startServer } from '../src/server/test/server-process';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';
import { eventLoopDelay, loopColumns } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const MEMBERS = 50;
const CONNECTIONS = 50;

const name = `mugen_load_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: testDatabaseUrl() });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = withDatabase(testDatabaseUrl(), name);
const media = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-load-'));
const servers: ServerProcess[] = [];

try {
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: media, DATABASE_URL: dbUrl }));
  await database.migrate();
  const cookies: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [u] = await database.db
      .insert(users)
      .values({ id: `load-${i}`, name: `会員${i}` })
      .returning();
    userIds.push(u.id);
    cookies.push(`${SESSION_COOKIE}=${(await createSession(database.db, { userId: u.id, ttlDays: 1 })).token}`);
  }
  const storage = createLocalStorage(path.join(media, 'media'));
  const audio = randomBytes(1_500_000);
  const trackIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    await storage.put(audioKey(`load-${i}.mp3`), audio);
    const [t] = await database.db
      .insert(tracks)
      .values({ title: `負荷試験の音声${i}`, filename: `load-${i}.mp3`, duration: 180, userId: userIds[i], createdBy: userIds[i] })
      .returning();
    trackIds.push(t.id);
  }
  await database.db
    .insert(tracks)
    .values(Array.from({ length: 2000 }, (_, i) => ({ title: `カタログ${i}`, filename: `cat-${i}.mp3`, createdBy: 'mugen' })));
  await database.close();

  // METRICS_ALLOW: the bench reads each server's event-loop delay over each case from /metrics.
  const env = {
    DATABASE_URL: dbUrl,
    DATA_DIR: media,
    PUSH_POLL_MS: '0',
    RATE_LIMIT_SCALE: '0',
    NODE_ENV: 'test',
    METRICS_ALLOW: '127.0.0.1/32',
  };
  const drive = (url: string, connections: number) =>
    new Promise<{ requests: number; rps: number; p50: number; p99: number; errors: number; non2xx: number }>((resolve, reject) => {
      const cfg = JSON.stringify({ url, seconds: SECONDS, connections, cookies, trackIds, userIds });
      execFile(
        process.execPath,
        ['--import', 'tsx', path.resolve('bench/load-client.ts'), cfg],
        { maxBuffer: 16 * 1024 * 1024 },
        (err, out) => (err ? reject(err) : resolve(JSON.parse(out))),
      );
    });

  console.log(`bench/load: ${SECONDS} s per case, ${MEMBERS} members, ${CONNECTIONS} connections, PostgreSQL, mixed load`);
  servers.push(await startServer({ ...env, DATA_DIR: media }));
  await eventLoopDelay(servers[0].url);
  const one = await drive(servers[0].url, CONNECTIONS);
  const loopOne = await eventLoopDelay(servers[0].url);
  servers.push(await startServer({ ...env, DATA_DIR: media }));
  await Promise.all(servers.map((s) => eventLoopDelay(s.url)));
  const [x, y] = await Promise.all([drive(servers[0].url, CONNECTIONS / 2), drive(servers[1].url, CONNECTIONS / 2)]);
  const [lx, ly] = await Promise.all(servers.map((s) => eventLoopDelay(s.url)));
  // The worse of the two instances.
  const loopTwo = { p50: Math.max(lx.p50, ly.p50), p99: Math.max(lx.p99, ly.p99), max: Math.max(lx.max, ly.max) };
  const two = {
    requests: x.requests + y.requests,
    rps: x.rps + y.rps,
    p50: Math.max(x.p50, y.p50),
    p99: Math.max(x.p99, y.p99),
    errors: x.errors + y.errors,
    non2xx: x.non2xx + y.non2xx,
  };
  console.table({
    'one instance': {
      'req/s': Math.round(one.rps),
      requests: one.requests,
      'p50 ms': one.p50,
      'p99 ms': one.p99,
      errors: one.errors,
      non2xx: one.non2xx,
      ...loopColumns(loopOne),
    },
    'two instances': {
      'req/s': Math.round(two.rps),
      requests: two.requests,
      'p50 ms': two.p50,
      'p99 ms': two.p99,
      errors: two.errors,
      non2xx: two.non2xx,
      ...loopColumns(loopTwo),
    },
  });
  console.log(
    `ratio req/s two instances / one: ${(two.rps / one.rps).toFixed(2)} (2 cores shared by the servers, the database and the load generators)`,
  );
  if (one.errors + two.errors + one.non2xx + two.non2xx > 0) {
    console.error('errors or non-2xx answers under load');
    process.exitCode = 1;
  }
} finally {
  for (const s of servers) await s.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await fs.rm(media, { recursive: true, force: true });
}
