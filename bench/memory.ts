// bench/memory (issue 27.2): the embedded default as a newcomer's `npm start` runs it. The built server on
// a fresh data dir (PGlite, the demo seeded and spoken by the render helper), its RSS sampled every 2 s
// while the demo is made, then a minute of mixed load (the catalogue, kanji searches that need the
// dictionary's helper, 64 KiB stream ranges), then a minute idle. Prints the web process' RSS and its
// helpers' (they are other processes, and give their pages back when they end) at each stage, with the
// baseline of the same run: a bare Node process' RSS (`node -e` holding an http server). Goal: the web
// process at most 400 MB with the demo. BENCH_SECONDS (default 60) is the mixed load's length;
// BENCH_SERVER=path/to/main.js measures another build (a baseline made from an older commit).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/server/test/server-process';
import { load } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);

/** VmRSS of a process in MB (NaN once it is gone). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Math.round(Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN) / 1024);
}

/** The helper processes a server started, by name (process.title), with their RSS. */
async function helpersOf(pid: number): Promise<Record<string, number>> {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,args=']).toString();
  } catch {
    return {};
  }
  const found: Record<string, number> = {};
  for (const line of out.trim().split('\n').filter(Boolean)) {
    const [child, ...args] = line.trim().split(/\s+/);
    found[args.join(' ')] = await rssOf(Number(child));
  }
  return found;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-memory-'));
const bare = spawn(process.execPath, ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(0)"], { stdio: 'ignore' });
try {
  const t0 = Date.now();
  const server = await startServer(
    { DATA_DIR: dataDir, DEMO_SEED: 'true', NODE_ENV: 'development', LOG_LEVEL: 'info' },
    300_000,
    [],
    process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : undefined,
  );
  const pid = server.child.pid as number;
  let ready = false;
  server.child.stdout?.on('data', (d) => {
    if (String(d).includes('demo audio ready')) ready = true;
  });
  console.log(
    `bench/memory: the built server, embedded database, a fresh data dir with the demo (${os.loadavg()[0].toFixed(1)} load average at the start)`,
  );
  const stages: Record<string, { 'web process RSS MB': number; helpers: string }> = {};
  const note = async (stage: string) => {
    const helpers = await helpersOf(pid);
    stages[stage] = {
      'web process RSS MB': await rssOf(pid),
      helpers:
        Object.entries(helpers)
          .map(([name, mb]) => `${name} ${mb} MB`)
          .join(', ') || 'none',
    };
  };
  await note('ready (demo being made)');
  let peak = 0;
  let helperPeak = 0;
  while (!ready && Date.now() - t0 < 3_600_000) {
    peak = Math.max(peak, await rssOf(pid));
    helperPeak = Math.max(helperPeak, ...Object.values(await helpersOf(pid)), 0);
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.log(
    `demo made in ${((Date.now() - t0) / 1000).toFixed(0)} s; web process peak meanwhile ${peak} MB, the render helper's ${helperPeak} MB`,
  );
  await note('demo made');

  const list = (await (await fetch(`${server.url}/api/tracks`)).json()) as { id: number }[];
  const loads = [
    load(`${server.url}/api/tracks`, { connections: 20, duration: SECONDS }),
    load(`${server.url}/api/search?q=${encodeURIComponent('温泉旅行')}`, { connections: 10, duration: SECONDS }),
    load(`${server.url}/api/stream/${list[0].id}`, { connections: 20, duration: SECONDS, headers: { range: 'bytes=0-65535' } }),
  ];
  let loadPeak = 0;
  let done = false;
  const all = Promise.all(loads).finally(() => {
    done = true;
  });
  while (!done) {
    loadPeak = Math.max(loadPeak, await rssOf(pid));
    await new Promise((r) => setTimeout(r, 1000));
  }
  const [tracks, search, stream] = await all;
  console.log(
    `mixed load ${SECONDS} s: catalogue ${Math.round(tracks.requestsPerSec)} req/s, kanji search ${Math.round(search.requestsPerSec)} req/s, 64 KiB ranges ${Math.round(stream.requestsPerSec)} req/s; errors ${tracks.errors + search.errors + stream.errors}, non-2xx ${tracks.non2xx + search.non2xx + stream.non2xx}; web process peak ${loadPeak} MB`,
  );
  await note(`after ${SECONDS} s of mixed load`);
  await new Promise((r) => setTimeout(r, 65_000));
  await note('65 s idle after the load');
  stages['baseline: bare Node http server'] = { 'web process RSS MB': await rssOf(bare.pid as number), helpers: 'none' };
  console.table(stages);
  const worst = Math.max(peak, loadPeak);
  console.log(`web process: at most ${worst} MB RSS over the run (goal: at most 400 MB with the demo)`);
  await server.stop();
} finally {
  bare.kill();
  await fs.rm(dataDir, { recursive: true, force: true });
}
