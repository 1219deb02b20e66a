// bench/stream: GET /api/stream/{id} against a baseline that serves the same file with nothing but Node's
// fs and http, in the same run, in two shapes (issue 41.6):
// - in process: the app built in this process (tsx), the baseline a server in this process too, the load
//   from autocannon (whole file, a 256 KB range, 64 KiB ranges at 50 connections), and the 64 KiB case
//   again under wrk. autocannon is a Node generator that becomes the bottleneck at 50 connections of
//   64 KiB answers (it got 150-560 req/s where wrk got 2,000-5,000 on the 2-core machine of issue 41),
//   and it is slow on an answer written in one piece: bare Node answering `res.end(buffer)` made
//   155-211 req/s under it against 370-406 for `createReadStream().pipe(res)`, and 4,900-5,200 against
//   2,300-3,800 under wrk. The goal (0.7) is read from wrk's figures;
// - outside: as an operator's check sees it. The built server (`dist/server/main.js`, the embedded
//   default, NODE_ENV=development as `npm start` runs) and a bare `fs.createReadStream(...).pipe(res)`
//   server each in their own process, loaded by wrk (one thread, 50 connections, 64 KiB ranges). Falls
//   back to autocannon when wrk is not installed (`apt-get install wrk`), which it then says.
// Printed as ratios (app / baseline) of req/s, and of each server's CPU time per request (read from /proc),
// which the machine's other load moves much less. The outside shape waits for the server to be idle
// after its start, and warms it up, before measuring. BENCH_SECONDS per case, BENCH_ROUNDS rounds of the outside shape,
// BENCH_SERVER_ENTRY another build's dist/server/main.js for the outside shape.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { appMeta, tracks } from '../src/server/db/schema';
import { audioKey } from '../src/server/features/tracks/stream';
import { createLocalStorage } from '../src/server/providers/storage/local';
import { freePort, startServer } from '../src/server/test/server-process';
import { cpuSeconds, DURATION_S, type Figures, load, loadWithWrk, mb, printTable, startApp } from './lib';

const SIZE = 1_500_000; // about a 3-minute track at 64 kbit/s, as the demo's
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SMALL = { range: 'bytes=65536-131071' }; // 64 KiB, as a player asks while it buffers
const audio = randomBytes(SIZE);

// ---- in process (autocannon) ----
let trackId = 0;
const bench = await startApp(async ({ database, storage }) => {
  await storage.put(audioKey('bench.mp3'), audio);
  const [row] = await database.db
    .insert(tracks)
    .values({ title: 'bench', filename: 'bench.mp3', duration: 180, createdBy: 'mugen' })
    .returning();
  trackId = row.id;
});

const baselineFile = path.join(os.tmpdir(), `mugen-bench-${process.pid}.mp3`);
fs.writeFileSync(baselineFile, audio);
const baseline = http.createServer((req, res) => {
  const stat = fs.statSync(baselineFile);
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
  if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : stat.size - 1;
    res.writeHead(206, {
      'Content-Type': 'audio/mpeg',
      'Content-Length': end - start + 1,
      'Content-Range': `bytes ${start}-${end}/${stat.size}`,
    });
    fs.createReadStream(baselineFile, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': stat.size });
  fs.createReadStream(baselineFile).pipe(res);
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const baseUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

type Measured = Figures & { generator?: string; perRequest: number; 'CPU µs/req': string };
/**
 * One case, with the server process' CPU time per request (Linux: /proc), which the machine's other load
 * moves much less than req/s. In process, that is this process (only the server under load is busy).
 */
async function measure(run: () => Promise<Figures & { generator?: string }>, pid: number | undefined): Promise<Measured> {
  const before = cpuSeconds(pid);
  const figures = await run();
  const after = cpuSeconds(pid);
  const requests = figures.requestsPerSec * DURATION_S;
  const perRequest = before === null || after === null || requests === 0 ? Number.NaN : ((after - before) * 1e6) / requests;
  return { ...figures, perRequest, 'CPU µs/req': perRequest.toFixed(0) };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const here = process.pid;

console.log(`bench/stream: ${SIZE} byte file, ${DURATION_S} s per case, same machine, same run`);
const appWhole = await measure(() => load(`${bench.url}/api/stream/${trackId}`), here);
const baseWhole = await measure(() => load(`${baseUrl}/bench.mp3`), here);
const range = { range: 'bytes=500000-755999' };
const appRange = await measure(() => load(`${bench.url}/api/stream/${trackId}`, { headers: range }), here);
const baseRange = await measure(() => load(`${baseUrl}/bench.mp3`, { headers: range }), here);
const appSmall = await measure(() => load(`${bench.url}/api/stream/${trackId}`, { headers: SMALL, connections: 50 }), here);
const baseSmall = await measure(() => load(`${baseUrl}/bench.mp3`, { headers: SMALL, connections: 50 }), here);
// The same servers under wrk: what the load generator alone changes.
const appSmallWrk = await measure(() => loadWithWrk(`${bench.url}/api/stream/${trackId}`, { headers: SMALL, connections: 50 }), here);
const baseSmallWrk = await measure(() => loadWithWrk(`${baseUrl}/bench.mp3`, { headers: SMALL, connections: 50 }), here);
baseline.close();
await bench.close();

printTable(
  'In process (app and baseline in this process, autocannon): whole file, a 256 KB range, 64 KiB ranges',
  {
    'app whole': appWhole,
    'baseline whole': baseWhole,
    'app range': appRange,
    'baseline range': baseRange,
    'app 64 KiB range': appSmall,
    'baseline 64 KiB range': baseSmall,
    [`app 64 KiB range, ${appSmallWrk.generator}`]: appSmallWrk,
    [`baseline 64 KiB range, ${baseSmallWrk.generator}`]: baseSmallWrk,
  },
  ['CPU µs/req'],
);
console.log(
  `ratio whole (app/baseline): ${(appWhole.bytesPerSec / baseWhole.bytesPerSec).toFixed(2)}  (${mb(appWhole.bytesPerSec)} vs ${mb(baseWhole.bytesPerSec)})`,
);
console.log(
  `ratio range (app/baseline): ${(appRange.bytesPerSec / baseRange.bytesPerSec).toFixed(2)}  (${mb(appRange.bytesPerSec)} vs ${mb(baseRange.bytesPerSec)})`,
);
const inProcess = appSmall.requestsPerSec / baseSmall.requestsPerSec;
const inProcessCpu = baseSmallWrk.perRequest / appSmallWrk.perRequest;
console.log(
  `ratio 64 KiB ranges, in process (app/baseline): ${inProcess.toFixed(2)}  (${Math.round(appSmall.requestsPerSec)} vs ${Math.round(baseSmall.requestsPerSec)} req/s; goal 0.7)`,
);
console.log(
  `ratio 64 KiB ranges, in process under ${appSmallWrk.generator}: ${(appSmallWrk.requestsPerSec / baseSmallWrk.requestsPerSec).toFixed(2)}  (${Math.round(appSmallWrk.requestsPerSec)} vs ${Math.round(baseSmallWrk.requestsPerSec)} req/s); CPU per request (baseline/app): ${inProcessCpu.toFixed(2)}`,
);

// ---- outside (separate processes, wrk) ----
// The bare server of an outside check: no stat, no validators, the file's bytes piped for each range.
const BARE = `
const fs = require('node:fs'), file = process.env.FILE, size = fs.statSync(file).size;
require('node:http').createServer((req, res) => {
  const m = /bytes=(\\d+)-(\\d*)/.exec(req.headers.range || '');
  const start = m ? Number(m[1]) : 0, end = m && m[2] ? Number(m[2]) : size - 1;
  res.writeHead(m ? 206 : 200, { 'Content-Type': 'audio/mpeg', 'Content-Length': end - start + 1,
    ...(m ? { 'Content-Range': 'bytes ' + start + '-' + end + '/' + size } : {}) });
  fs.createReadStream(file, { start, end }).pipe(res);
}).listen(Number(process.env.PORT), '127.0.0.1');`;

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE], { env: { ...process.env, FILE: baselineFile, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bare server exited');
    if (
      await fetch(url).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The embedded default's data dir: migrated, the demo marked as made (this bench measures the stream, not the seed).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mugen-stream-'));
const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
await database.migrate();
await database.db.insert(appMeta).values({ key: 'demo_seed', value: 'complete' });
await createLocalStorage(path.join(dataDir, 'media')).put(audioKey('bench.mp3'), audio);
const [outsideTrack] = await database.db
  .insert(tracks)
  .values({ title: 'bench', filename: 'bench.mp3', duration: 180, createdBy: 'mugen' })
  .returning();
await database.close();

// BENCH_SERVER_ENTRY: another build's main.js (an earlier version, to compare), this checkout's by default.
const server = await startServer(
  { NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: '' },
  60_000,
  [],
  process.env.BENCH_SERVER_ENTRY,
);
const bare = await startBare();
/** Waits until a process has been idle for a second (under 5 % of a core), at most 60 s: the server's start-up work (workers' first runs, sweeps) is not measured. */
async function settle(pid: number | undefined) {
  const deadline = Date.now() + 60_000;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 500));
    const after = cpuSeconds(pid);
    quiet = before !== null && after !== null && after - before < 0.025 ? quiet + 1 : 0;
  }
}

const rows: Record<string, Measured> = {};
const ratios: number[] = [];
const cpuRatios: number[] = [];
try {
  await settle(server.child.pid);
  // JIT warm-up of the app, not measured.
  await loadWithWrk(`${server.url}/api/stream/${outsideTrack.id}`, { headers: SMALL, connections: 50, duration: 3 });
  for (let round = 1; round <= ROUNDS; round++) {
    const app = await measure(
      () => loadWithWrk(`${server.url}/api/stream/${outsideTrack.id}`, { headers: SMALL, connections: 50 }),
      server.child.pid,
    );
    const base = await measure(() => loadWithWrk(`${bare.url}/bench.mp3`, { headers: SMALL, connections: 50 }), bare.child.pid);
    rows[`app, round ${round}`] = app;
    rows[`baseline, round ${round}`] = base;
    ratios.push(app.requestsPerSec / base.requestsPerSec);
    cpuRatios.push(base.perRequest / app.perRequest);
  }
} finally {
  await server.stop();
  bare.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(baselineFile, { force: true });
}
const generator = Object.values(rows)[0]?.generator;
printTable(`Outside (built server and bare Node each in their own process, ${generator} -t1 -c50, 64 KiB ranges)`, rows, ['CPU µs/req']);
console.log(
  `ratio 64 KiB ranges, outside (app/baseline req/s) per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}  (median ${median(ratios).toFixed(2)}, lowest ${Math.min(...ratios).toFixed(2)}; goal 0.7)`,
);
console.log(
  `ratio of CPU per request, outside (baseline/app) per round: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')}  (median ${median(cpuRatios).toFixed(2)})`,
);
console.log(
  `ratio 64 KiB ranges, in process: ${inProcess.toFixed(2)} (autocannon), ${(appSmallWrk.requestsPerSec / baseSmallWrk.requestsPerSec).toFixed(2)} (${appSmallWrk.generator}); CPU per request ${inProcessCpu.toFixed(2)}`,
);
