// bench/memory (issues 27.2 and 37.6): the embedded default as a newcomer's first `npm start` runs it, on
// a fresh data dir (PGlite, the demo seeded and spoken). Every second it reads the RSS of every process of
// the instance (npm, its shell, the server, the dictionary and render helpers, the voice's open_jtalk
// processes) and sums them: the instance's peak is that sum's highest value, which is what a small server's
// memory must hold. Then a minute of mixed load (the catalogue, kanji searches that need the dictionary's
// helper, 64 KiB stream ranges) and a minute idle. Prints each kind of process' peak beside the total, and
// the baseline of the same run: a bare Node process' RSS (`node -e` holding an http server).
// Goal: the whole instance at most 600 MB at peak, the first start included (issue 37.6).
// BENCH_SECONDS (default 60) is the mixed load's length; BENCH_NPM=0 starts dist/server/main.js without npm.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/server-process';
import { load } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const GOAL_MB = 600;

/** VmRSS of a process in MB (NaN once it is gone). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN) / 1024;
}

/** Which part of the instance a process is, from its command line (helpers set their process.title). */
function kindOf(cmdline: string): string {
  if (/mugen-render/.test(cmdline)) return 'render helper';
  if (/mugen-dictionary/.test(cmdline)) return 'dictionary helper';
  if (/open_jtalk/.test(cmdline)) return 'open_jtalk';
  // Without its template (db/pglite-template.ts), PGlite's initdb makes it in a process of its own.
  if (/PGlite\.create/.test(cmdline)) return 'database initdb';
  if (/esbuild/.test(cmdline)) return 'esbuild';
  if (/npm/.test(cmdline)) return 'npm';
  if (/^(sh|\/bin\/sh)\b/.test(cmdline)) return 'shell';
  return 'server';
}

/** The process and all its descendants' ids. */
async function descendants(root: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** The process and all its descendants, with their kind and RSS (MB). */
async function instance(root: number): Promise<{ kind: string; mb: number }[]> {
  const found: { kind: string; mb: number }[] = [];
  for (const pid of [root, ...(await descendants(root))]) {
    const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ').trim();
    const mb = await rssOf(pid);
    if (cmdline && Number.isFinite(mb)) found.push({ kind: kindOf(cmdline), mb });
  }
  return found;
}

/** Samples the instance every second until `stop` says so: the total's peak and each kind's. */
async function sample(root: number, stop: () => boolean) {
  const peaks: Record<string, number> = {};
  let total = 0;
  while (!stop()) {
    const procs = await instance(root);
    const byKind: Record<string, number> = {};
    for (const p of procs) byKind[p.kind] = (byKind[p.kind] ?? 0) + p.mb;
    for (const [kind, mb] of Object.entries(byKind)) peaks[kind] = Math.max(peaks[kind] ?? 0, mb);
    total = Math.max(
      total,
      procs.reduce((n, p) => n + p.mb, 0),
    );
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { total: Math.round(total), peaks: Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, Math.round(v)])) };
}

// Built first, and the embedded database's template made (as `npm ci`'s prepare leaves them): the build
// and the template are not part of the instance's memory.
for (const args of [['scripts/build-web-if-needed.mjs'], ['scripts/build-server.mjs'], ['scripts/start.mjs', 'pglite-template-cli']])
  if (spawnSync(process.execPath, args, { stdio: 'inherit' }).status !== 0) throw new Error(`${args.join(' ')} failed`);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-memory-'));
const bare = spawn(process.execPath, ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(0)"], { stdio: 'ignore' });
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const viaNpm = process.env.BENCH_NPM !== '0';
const server = spawn(viaNpm ? 'npm' : process.execPath, viaNpm ? ['start'] : ['dist/server/main.js'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', DEMO_SEED: 'true' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
server.stdout?.on('data', (d) => {
  out += d;
  for (const line of String(d).split('\n')) if (line.startsWith('[mugen]')) console.log(`  ${line}`);
});
try {
  const t0 = Date.now();
  console.log(
    `bench/memory: ${viaNpm ? '`npm start`' : 'the built server'}, embedded database, a fresh data dir with the demo (${os.loadavg()[0].toFixed(1)} load average at the start)`,
  );
  const rows: Record<string, Record<string, number | string>> = {};
  const start = await sample(
    server.pid as number,
    () => out.includes('demo audio ready') || server.exitCode !== null || Date.now() - t0 > 3_600_000,
  );
  if (server.exitCode !== null) throw new Error(`the server ended: ${out}`);
  const voice = out.match(/offline voice: ([^\n;]+)/)?.[1] ?? 'unknown';
  console.log(`first start: the demo spoken (${voice}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  rows['first start (the demo being spoken)'] = { 'instance peak MB': start.total, ...start.peaks };

  const list = (await (await fetch(`${url}/api/tracks`)).json()) as { id: number }[];
  let done = false;
  const all = Promise.all([
    load(`${url}/api/tracks`, { connections: 20, duration: SECONDS }),
    load(`${url}/api/search?q=${encodeURIComponent('温泉旅行')}`, { connections: 10, duration: SECONDS }),
    load(`${url}/api/stream/${list[0].id}`, { connections: 20, duration: SECONDS, headers: { range: 'bytes=0-65535' } }),
  ]).finally(() => {
    done = true;
  });
  const loaded = await sample(server.pid as number, () => done);
  const [tracks, search, stream] = await all;
  console.log(
    `mixed load ${SECONDS} s: catalogue ${Math.round(tracks.requestsPerSec)} req/s, kanji search ${Math.round(search.requestsPerSec)} req/s, 64 KiB ranges ${Math.round(stream.requestsPerSec)} req/s; errors ${tracks.errors + search.errors + stream.errors}, non-2xx ${tracks.non2xx + search.non2xx + stream.non2xx}`,
  );
  rows[`${SECONDS} s of mixed load`] = { 'instance peak MB': loaded.total, ...loaded.peaks };
  const idleFrom = Date.now();
  const idle = await sample(server.pid as number, () => Date.now() - idleFrom > 65_000);
  rows['65 s idle after the load'] = { 'instance peak MB': idle.total, ...idle.peaks };
  rows['baseline: bare Node http server'] = { 'instance peak MB': Math.round(await rssOf(bare.pid as number)) };
  console.table(rows);
  const worst = Math.max(start.total, loaded.total, idle.total);
  console.log(`instance: at most ${worst} MB RSS in all over the run, the first start included (goal: at most ${GOAL_MB} MB)`);
} finally {
  // npm does not pass SIGTERM on to the script it runs: the server (and through it its helpers) is told itself.
  for (const pid of await descendants(server.pid as number)) process.kill(pid, 'SIGTERM');
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
  bare.kill();
  await fs.rm(dataDir, { recursive: true, force: true });
}
