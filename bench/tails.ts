// bench/tails (issue 27.3): the catalogue's tail as an operator sees it from outside. The built server in
// its own process, NODE_ENV=production (request log lines and all), on PostgreSQL with 10,000 tracks
// added just before (no ANALYZE yet, as "a minute after the tracks were added"), 50 connections, each
// case against GET /ping of the same server in the same run: GET /api/tracks without and with gzip, and
// ?limit=50. Prints req/s, p50, p99 and the server's event-loop delay over each case (from /metrics).
// The load comes from wrk -t1 when it is installed (the tool issue 27 measured with; autocannon, a Node
// generator, spends a core parsing the 72 kB answers and its own tail shows as the server's), else autocannon.
// BENCH_SECONDS (default 10), BENCH_TRACKS (10,000), BENCH_CONNECTIONS (50), TEST_DATABASE_URL;
// BENCH_SERVER=path/to/main.js measures another build (a baseline made from an older commit), with
// BENCH_NODE_ARGS before it ("--import tsx" for TypeScript sources, as npm start ran them before issue 27).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { READING_IDLE_MS } from '../src/server/providers/japanese/helper';
import { startServer } from '../src/server/test/server-process';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';
import { eventLoopDelay, type Figures, loadWithWrk as load, loopColumns, seedBenchTracks, WRK } from './lib';

const COUNT = Number(process.env.BENCH_TRACKS || 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);

const admin = new pg.Client({ connectionString: testDatabaseUrl() });
await admin.connect();
const name = `mugen_tails_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = withDatabase(testDatabaseUrl(), name);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-tails-'));
try {
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url }));
  await database.migrate();
  await seedBenchTracks(database.db, COUNT);
  await database.close();

  const server = await startServer(
    {
      NODE_ENV: 'production',
      VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'info',
      METRICS_ALLOW: '127.0.0.1/32',
      PUSH_POLL_MS: '0',
    },
    120_000,
    // BENCH_NODE_ARGS="--import tsx" for a baseline run from its TypeScript sources.
    process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : undefined,
  );
  // Its request log lines go where a service manager's would: a file.
  const log = await fs.open(path.join(dataDir, 'server.log'), 'w');
  server.child.stdout?.removeAllListeners('data');
  server.child.stdout?.on('data', (d) => void log.write(d));
  try {
    console.log(
      `bench/tails: ${process.env.BENCH_SERVER ?? 'the built server (dist/server/main.js)'}, NODE_ENV=production, PostgreSQL, ${COUNT} tracks, ${CONNECTIONS} connections, ${SECONDS} s per case, load from ${WRK ? 'wrk -t1' : 'autocannon (apt-get install wrk for the C generator issue 27 measured with)'} (${os.loadavg()[0].toFixed(1)} load average at the start)`,
    );
    type Row = Figures & { loop: { p50: number; p99: number; max: number } };
    const table = (title: string, rows: Record<string, Row>) => {
      console.log(`\n${title}`);
      console.table(
        Object.fromEntries(
          Object.entries(rows).map(([k, f]) => [
            k,
            {
              'req/s': Math.round(f.requestsPerSec),
              'p50 ms': f.p50,
              'p99 ms': f.p99,
              ...loopColumns(f.loop),
              errors: f.errors,
              non2xx: f.non2xx,
            },
          ]),
        ),
      );
      const ping = rows['GET /ping'];
      for (const [k, b] of [
        ['GET /api/tracks (identity)', 'bare Node http, the same bytes (identity)'],
        ['GET /api/tracks (gzip)', 'bare Node http, the same bytes (gzip)'],
      ])
        console.log(
          `${k}: ${(rows[k].requestsPerSec / ping.requestsPerSec).toFixed(2)}x /ping, ${(rows[k].requestsPerSec / rows[b].requestsPerSec).toFixed(2)}x bare Node, p99 ${rows[k].p99} ms (bare Node ${rows[b].p99} ms; goal < 20 ms)`,
        );
    };
    const cases = async () => {
      const rows: Record<string, Row> = {};
      const run = async (label: string, path: string, headers?: Record<string, string>) => {
        await eventLoopDelay(server.url);
        const f = await load(`${server.url}${path}`, { connections: CONNECTIONS, duration: SECONDS, headers });
        rows[label] = { ...f, loop: await eventLoopDelay(server.url) };
      };
      await run('GET /ping', '/ping');
      await run('GET /api/tracks (identity)', '/api/tracks');
      await run('GET /api/tracks (gzip)', '/api/tracks', { 'accept-encoding': 'gzip' });
      await run('GET /api/tracks?limit=50', '/api/tracks?limit=50');
      // The baseline: bare Node `http` in its own process answering the same bytes from memory, so the
      // body's size (the default page is 200 tracks) and the load generator sharing the machine count alike.
      const bare = await bareServer(server.url);
      try {
        for (const [label, headers] of [
          ['bare Node http, the same bytes (identity)', undefined],
          ['bare Node http, the same bytes (gzip)', { 'accept-encoding': 'gzip' }],
        ] as const) {
          const f = await load(`${bare.url}/api/tracks`, { connections: CONNECTIONS, duration: SECONDS, headers });
          rows[label] = { ...f, loop: { p50: Number.NaN, p99: Number.NaN, max: Number.NaN } };
        }
      } finally {
        bare.child.kill();
      }
      return rows;
    };
    table('right after the 10,000 tracks were added (the readings of their titles being computed meanwhile)', await cases());
    const memory = async (when: string) => {
      const status = await fs.readFile(`/proc/${server.child.pid}/status`, 'utf8').catch(() => '');
      const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const m = (name: string) => Math.round(Number(text.match(new RegExp(`^mugen_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm'))?.[1]) / 1048576);
      console.log(
        `server memory ${when}: RSS ${Math.round(kb('VmRSS') / 1024)} MB (peak ${Math.round(kb('VmHWM') / 1024)} MB); JS heap used ${m('nodejs_heap_size_used_bytes')} of ${m('nodejs_heap_size_total_bytes')} MB, external ${m('nodejs_external_memory_bytes')} MB (goal: RSS at most 250 MB)`,
      );
    };
    await memory('after the load');
    if (process.env.BENCH_IDLE !== '0') {
      // Steady state: the readings of the 10,000 new titles computed, and the dictionary process ended a
      // minute after its last reading.
      const t0 = Date.now();
      for (;;) {
        const check = new pg.Client({ connectionString: url });
        await check.connect();
        const { rows: missing } = await check.query('select count(*)::int as n from tracks where title_reading is null');
        await check.end();
        if (missing[0].n === 0 || Date.now() - t0 > 600_000) break;
        await new Promise((r) => setTimeout(r, 2000));
      }
      console.log(`readings of the new titles computed ${((Date.now() - t0) / 1000).toFixed(0)} s after the load`);
      await new Promise((r) => setTimeout(r, READING_IDLE_MS + 5_000));
      await memory(`${(READING_IDLE_MS + 5_000) / 1000} s after the last reading`);
      table(`steady state (${os.loadavg()[0].toFixed(1)} load average)`, await cases());
    }
  } finally {
    await server.stop();
    await log.close();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** Bare Node `http` in a child process, answering GET /api/tracks with the server's own bytes (identity or gzip). */
async function bareServer(from: string) {
  const identity = Buffer.from(await (await fetch(`${from}/api/tracks`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const gz = gzipSync(identity, { level: 6 });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-bare-'));
  await fs.writeFile(path.join(dir, 'body'), identity);
  await fs.writeFile(path.join(dir, 'body.gz'), gz);
  const code = `const fs = require('node:fs'); const b = fs.readFileSync(process.argv[1] + '/body'), g = fs.readFileSync(process.argv[1] + '/body.gz');
require('node:http').createServer((q, s) => { const z = /gzip/.test(q.headers['accept-encoding'] || '');
s.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(z ? { 'content-encoding': 'gzip' } : {}) }); s.end(z ? g : b);
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
  console.log(`bare Node baseline: ${identity.length} bytes identity, ${gz.length} gzip`);
  return { url: `http://127.0.0.1:${port}`, child };
}
