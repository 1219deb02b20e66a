// bench/stream: bytes per second of GET /api/stream/{id} against a baseline that serves the same file
// with nothing but Node's fs and http, in the same run. Printed as a ratio (app / baseline).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tracks } from '../src/server/db/schema';
import { audioKey } from '../src/server/features/tracks/stream';
import { DURATION_S, load, mb, printTable, startApp } from './lib';

const SIZE = 1_500_000; // about a 3-minute track at 64 kbit/s
const audio = randomBytes(SIZE);
let trackId = 0;

const bench = await startApp(async ({ database, storage }) => {
  await storage.put(audioKey('bench.mp3'), audio);
  const [row] = await database.db
    .insert(tracks)
    .values({ title: 'bench', filename: 'bench.mp3', duration: 180, createdBy: 'mugen' })
    .returning();
  trackId = row.id;
});

const baselineFile = path.join(process.env.TMPDIR || '/tmp', `mugen-bench-${process.pid}.mp3`);
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

console.log(`bench/stream: ${SIZE} byte file, ${DURATION_S} s per case, same machine, same run`);
const appWhole = await load(`${bench.url}/api/stream/${trackId}`);
const baseWhole = await load(`${baseUrl}/bench.mp3`);
const range = { range: 'bytes=500000-755999' };
const appRange = await load(`${bench.url}/api/stream/${trackId}`, { headers: range });
const baseRange = await load(`${baseUrl}/bench.mp3`, { headers: range });
// 64 KiB ranges, as a player asks while it buffers: the cost per request, not the bytes, decides here.
const small = { range: 'bytes=65536-131071' };
const appSmall = await load(`${bench.url}/api/stream/${trackId}`, { headers: small, connections: 50 });
const baseSmall = await load(`${baseUrl}/bench.mp3`, { headers: small, connections: 50 });

printTable('GET whole file and a 256 KB range', {
  'app whole': appWhole,
  'baseline whole': baseWhole,
  'app range': appRange,
  'baseline range': baseRange,
  'app 64 KiB range': appSmall,
  'baseline 64 KiB range': baseSmall,
});
console.log(
  `ratio whole (app/baseline): ${(appWhole.bytesPerSec / baseWhole.bytesPerSec).toFixed(2)}  (${mb(appWhole.bytesPerSec)} vs ${mb(baseWhole.bytesPerSec)})`,
);
console.log(
  `ratio range (app/baseline): ${(appRange.bytesPerSec / baseRange.bytesPerSec).toFixed(2)}  (${mb(appRange.bytesPerSec)} vs ${mb(baseRange.bytesPerSec)})`,
);

console.log(
  `ratio 64 KiB ranges (app/baseline): ${(appSmall.requestsPerSec / baseSmall.requestsPerSec).toFixed(2)}  (${appSmall.requestsPerSec} vs ${baseSmall.requestsPerSec} req/s; goal 0.6)`,
);

baseline.close();
fs.rmSync(baselineFile, { force: true });
await bench.close();
