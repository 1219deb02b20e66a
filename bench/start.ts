// bench/start (issue 27.1): a warm start as an operator sees it from outside, from the command to the
// first `/health` that answers 200. `npm start`'s own entry (node scripts/start.mjs: the build checks,
// then the built server) on the embedded default with a data dir already made (migrated, the demo
// marked complete, as on a laptop's second start), and NODE_ENV=production on PostgreSQL
// (TEST_DATABASE_URL) when it answers. The baseline, in the same run: a bare Node `http` server spawned
// the same way and polled the same way. BENCH_RUNS (default 5) starts of each.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { appMeta } from '../src/server/db/schema';
import { freePort } from '../src/server/test/server-process';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

/** Spawns a server and polls /health every 10 ms: milliseconds from the spawn to the first 200. */
async function timeToHealth(args: string[], env: Record<string, string>): Promise<{ ms: number; child: ChildProcess }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited before answering: ${err}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { ms: performance.now() - t0, child };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error(`no answer in 120 s: ${err}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function starts(args: string[], env: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, child } = await timeToHealth(args, env);
    times.push(ms);
    await stop(child);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

const rows: Record<string, { median: number; max: number }> = {};
rows['bare Node http (baseline)'] = await starts(['-e', BARE], {});

// The embedded default: made once (migrated, the demo marked as made), then started warm.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-start-'));
try {
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  await database.migrate();
  await database.db.insert(appMeta).values({ key: 'demo_seed', value: 'complete' });
  await database.close();
  const npmStart = [path.resolve('scripts/start.mjs')];
  rows['npm start, embedded, warm'] = await starts(npmStart, { NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' });

  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    const name = `mugen_start_${Date.now()}`;
    await admin.query(`create database ${name}`);
    try {
      const url = withDatabase(testDatabaseUrl(), name);
      const prod = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url }));
      await prod.migrate();
      await prod.close();
      rows['production start, PostgreSQL, warm'] = await starts(npmStart, {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PUBLIC_URL: 'http://127.0.0.1',
        VAPID_SUBJECT: 'mailto:ops@mugen-radio.jp',
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}

const base = rows['bare Node http (baseline)'].median;
console.log(`bench/start: spawn to the first /health 200, ${RUNS} starts each (${os.loadavg()[0].toFixed(1)} load average at the end)`);
for (const [name, r] of Object.entries(rows)) {
  console.log(
    `  ${name.padEnd(38)} median ${r.median.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(5)} ms  ${(r.median / base).toFixed(1)}x baseline`,
  );
}
