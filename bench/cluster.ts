// bench/cluster (issue 41.5): three instances of the built server (dist/server) on one PostgreSQL (a
// fresh database on TEST_DATABASE_URL's server) and one Redis (REDIS_URL, default the local one), behind
// nginx with the shipped locations (deploy/nginx/snippets/mugen-locations.conf, checked with `nginx -t`
// first). Members sign in through the proxy (the offline identity's sign-in, with an invitation), then
// listen (64 KiB ranges of the stream, the catalogue) and write (likes and unlikes, new playlists, tracks
// added to them). A third of the way in, one instance is killed (SIGKILL); half way it is started again.
// Printed: failed requests (by kind and status), acknowledged writes against the rows in the database
// (an acknowledged write missing is a lost write), and p50/p99 of reads and writes.
// BENCH_SECONDS (default 60), BENCH_MEMBERS (default 20).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, inArray } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { likes, playlistItems, playlists, tracks } from '../src/server/db/schema';
import { createInvitations } from '../src/server/features/access/invitations';
import { audioKey } from '../src/server/features/tracks/stream';
import { createLocalStorage } from '../src/server/providers/storage/local';
import { freePort, type ServerProcess, startServer } from '../src/server/test/server-process';
import { freshPostgresDatabase, quantile } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 20);
const INSTANCES = 3;
const TRACKS = 10;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SNIPPET = path.resolve('deploy/nginx/snippets/mugen-locations.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((f) => fs.existsSync(f));
if (!NGINX) throw new Error('bench/cluster needs nginx (apt-get install nginx-light)');

const pgdb = await freshPostgresDatabase('mugen_cluster');
if (!pgdb) throw new Error('bench/cluster needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432)');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mugen-cluster-'));
fs.chmodSync(dir, 0o755);
const servers: (ServerProcess | null)[] = [];
let nginx: ChildProcess | null = null;

try {
  // ---- the database and the shared media (one folder stands in for the bucket) ----
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: pgdb.url }));
  await database.migrate();
  const [invitation] = await createInvitations(database.db, null, 1, MEMBERS);
  const storage = createLocalStorage(path.join(dir, 'media'));
  const trackIds: number[] = [];
  for (let i = 0; i < TRACKS; i++) {
    await storage.put(audioKey(`cluster-${i}.mp3`), randomBytes(1_500_000));
    const [t] = await database.db
      .insert(tracks)
      .values({ title: `クラスタ試験の音声${i}`, filename: `cluster-${i}.mp3`, duration: 180, createdBy: 'mugen', fileSize: 1_500_000 })
      .returning();
    trackIds.push(t.id);
  }

  // ---- the instances and nginx in front ----
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: pgdb.url,
    REDIS_URL,
    DATA_DIR: dir,
    TRUST_PROXY: '1',
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_SCALE: '1',
    PUSH_POLL_MS: '0',
  });
  for (const port of ports) servers.push(await startServer(env(port)));

  // The upstream as deploy/nginx/mugen.conf declares it, on this run's ports; the locations are the shipped file.
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
${process.getuid?.() === 0 ? `user ${os.userInfo().username};` : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  upstream mugen {
    least_conn;
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    include ${SNIPPET};
  }
}
`,
  );
  console.log(execFileSync(NGINX, ['-t', '-c', conf], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) || `nginx -t: ${conf} ok`);
  nginx = spawn(NGINX, ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'nginx-error.log'), 'utf8')}`);
    if (
      await fetch(`${publicUrl}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // ---- members: sign in through the proxy ----
  const headers = (cookie: string) => ({ cookie, origin: publicUrl, 'content-type': 'application/json' });
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const res = await fetch(`${publicUrl}/api/auth/dev-login`, {
      method: 'POST',
      headers: { origin: publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `member${i}@cluster.test`, name: `会員${i}`, invitationCode: invitation }),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  const userIds = await Promise.all(
    cookies.map(async (cookie) => (await (await fetch(`${publicUrl}/api/auth/user`, { headers: { cookie } })).json()).id as string),
  );

  // ---- the run ----
  type Kind = 'stream' | 'catalogue' | 'like' | 'unlike' | 'playlist' | 'add';
  const latencies: Record<'read' | 'write', number[]> = { read: [], write: [] };
  const failures = new Map<string, number>();
  let requests = 0;
  const acked = { playlists: [] as { id: number; userId: string }[], items: [] as { playlistId: number; trackId: number }[] };
  /** Per member and track: the likes' last answer (true liked, false not), or 'unknown' after an unanswered one. */
  const likeState = new Map<string, boolean | 'unknown'>();
  const t0 = performance.now();
  const elapsed = () => (performance.now() - t0) / 1000;

  async function call(kind: Kind, method: string, url: string, init: RequestInit = {}) {
    const start = performance.now();
    requests++;
    try {
      const res = await fetch(`${publicUrl}${url}`, { method, ...init, signal: AbortSignal.timeout(15_000) });
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
      (kind === 'stream' || kind === 'catalogue' ? latencies.read : latencies.write).push(performance.now() - start);
      if (res.status >= 300) failures.set(`${kind} ${method} ${res.status}`, (failures.get(`${kind} ${method} ${res.status}`) ?? 0) + 1);
      return { status: res.status, body };
    } catch (err) {
      const name = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network error';
      failures.set(`${kind} ${method} ${name}`, (failures.get(`${kind} ${method} ${name}`) ?? 0) + 1);
      return { status: 0, body: null };
    }
  }

  async function member(i: number) {
    const cookie = cookies[i];
    const mine: number[] = [];
    const tried = new Map<number, Set<number>>();
    let n = i;
    while (elapsed() < SECONDS) {
      n++;
      const track = trackIds[(n * 7) % TRACKS];
      const r = n % 10;
      if (r < 4) {
        const start = ((n * 7919) % 20) * 65_536;
        await call('stream', 'GET', `/api/stream/${track}`, { headers: { range: `bytes=${start}-${start + 65_535}` } });
      } else if (r < 6) {
        await call('catalogue', 'GET', '/api/tracks?limit=50');
      } else if (r < 8) {
        const method = n % 4 < 2 ? 'POST' : 'DELETE';
        const res = await call(method === 'POST' ? 'like' : 'unlike', method, `/api/likes/${track}`, {
          headers: { cookie, origin: publicUrl },
        });
        likeState.set(`${userIds[i]}:${track}`, res.status === 200 ? method === 'POST' : 'unknown');
      } else if (r === 8 && mine.length < 8) {
        const res = await call('playlist', 'POST', '/api/playlists', {
          headers: headers(cookie),
          body: JSON.stringify({ name: `リスト${i}-${n}` }),
        });
        if (res.status === 201) {
          const id = (res.body as { id: number }).id;
          mine.push(id);
          acked.playlists.push({ id, userId: userIds[i] });
        }
      } else if (mine.length > 0) {
        // A track not yet sent to this playlist (adding one twice is refused with 409 by design).
        const playlistId = mine[n % mine.length];
        const sent = tried.get(playlistId) ?? new Set<number>();
        tried.set(playlistId, sent);
        const fresh = trackIds.find((id) => !sent.has(id));
        if (fresh !== undefined) {
          sent.add(fresh);
          const res = await call('add', 'POST', `/api/playlists/${playlistId}/tracks/${fresh}`, { headers: { cookie, origin: publicUrl } });
          if (res.status === 200) acked.items.push({ playlistId, trackId: fresh });
        }
      }
      // A listener's pace: a request every 100-200 ms.
      await new Promise((r) => setTimeout(r, 100 + ((n * 37) % 100)));
    }
  }

  // One instance is killed a third of the way in and started again half way.
  const victim = 1;
  const chaos = (async () => {
    await new Promise((r) => setTimeout(r, (SECONDS / 3) * 1000));
    const killedAt = elapsed();
    await servers[victim]?.stop('SIGKILL');
    servers[victim] = null;
    await new Promise((r) => setTimeout(r, Math.max(0, SECONDS / 2 - elapsed()) * 1000));
    const startedAt = elapsed();
    servers[victim] = await startServer(env(ports[victim]));
    return { killedAt, startedAt, readyAt: elapsed() };
  })();

  console.log(`bench/cluster: ${INSTANCES} instances behind nginx, ${MEMBERS} members, ${SECONDS} s, PostgreSQL and Redis`);
  await Promise.all(Array.from({ length: MEMBERS }, (_, i) => member(i)));
  const times = await chaos;

  // ---- acknowledged writes against the rows ----
  const playlistRows = await database.db
    .select({ id: playlists.id, userId: playlists.userId })
    .from(playlists)
    .where(inArray(playlists.userId, userIds));
  const rowIds = new Set(playlistRows.map((p) => p.id));
  const lostPlaylists = acked.playlists.filter((p) => !rowIds.has(p.id)).length;
  const itemRows = await database.db
    .select({ playlistId: playlistItems.playlistId, trackId: playlistItems.trackId })
    .from(playlistItems)
    .where(inArray(playlistItems.playlistId, [...rowIds, -1]));
  const itemKeys = new Set(itemRows.map((x) => `${x.playlistId}:${x.trackId}`));
  const ackedItems = new Set(acked.items.map((x) => `${x.playlistId}:${x.trackId}`));
  const lostItems = [...ackedItems].filter((k) => !itemKeys.has(k)).length;
  const likeRows = await database.db
    .select({ userId: likes.userId, trackId: likes.trackId })
    .from(likes)
    .where(and(inArray(likes.userId, userIds), inArray(likes.trackId, trackIds)));
  const liked = new Set(likeRows.map((l) => `${l.userId}:${l.trackId}`));
  const known = [...likeState].filter(([, v]) => v !== 'unknown');
  const wrongLikes = known.filter(([k, v]) => liked.has(k) !== v).length;
  await database.close();

  const all = [...latencies.read, ...latencies.write];
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  console.log(
    `instance ${victim + 1} killed (SIGKILL) at ${times.killedAt.toFixed(1)} s, started again at ${times.startedAt.toFixed(1)} s, answering at ${times.readyAt.toFixed(1)} s`,
  );
  console.table({
    all: { requests, 'p50 ms': quantile(all, 0.5).toFixed(1), 'p99 ms': quantile(all, 0.99).toFixed(1) },
    reads: {
      requests: latencies.read.length,
      'p50 ms': quantile(latencies.read, 0.5).toFixed(1),
      'p99 ms': quantile(latencies.read, 0.99).toFixed(1),
    },
    writes: {
      requests: latencies.write.length,
      'p50 ms': quantile(latencies.write, 0.5).toFixed(1),
      'p99 ms': quantile(latencies.write, 0.99).toFixed(1),
    },
  });
  console.log(`failed requests: ${failed} of ${requests}${failed ? '' : ' (none)'}`);
  for (const [what, count] of failures) console.log(`  ${what}: ${count}`);
  console.table({
    'playlists created': {
      acknowledged: acked.playlists.length,
      rows: playlistRows.length,
      'acknowledged but missing': lostPlaylists,
      'applied, answer lost': playlistRows.length - (acked.playlists.length - lostPlaylists),
    },
    'tracks added to playlists': {
      acknowledged: ackedItems.size,
      rows: itemRows.length,
      'acknowledged but missing': lostItems,
      'applied, answer lost': itemRows.length - (ackedItems.size - lostItems),
    },
    // The likes standing at the end; each member's last answered like or unlike of a track is checked against them.
    'likes (last answer per member and track)': {
      acknowledged: known.length,
      rows: likeRows.length,
      'acknowledged but missing': wrongLikes,
    },
  });
  if (lostPlaylists + lostItems + wrongLikes > 0) {
    console.error('acknowledged writes are missing from the database');
    process.exitCode = 1;
  }
} finally {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx?.once('exit', r));
    nginx.kill('SIGQUIT');
    await exited;
  }
  for (const s of servers) await s?.stop();
  await pgdb.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
