// bench/admin-login (issue 24.3, 36.11): while 150 wrong guesses at the operator's sign-in arrive at once
// from 30 addresses (five each: the lockout's writes as well as the checks), how fast does GET /api/tracks
// stay? Prints the catalogue's p50, p99 and max before,
// during and after the guesses, the event loop's longest delay, and how the guesses were answered.
// The app runs in this process on a fresh embedded database; TRUST_PROXY=1 lets each guess carry its
// own address (X-Forwarded-For), so the per-address lockout does not stop them before the check.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tracks } from '../src/server/db/schema';
import { startApp } from './lib';

const GUESSES = Number(process.env.BENCH_GUESSES || 150);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES || 30);

const bench = await startApp(
  async ({ database }) => {
    await database.db
      .insert(tracks)
      .values(Array.from({ length: 200 }, (_, i) => ({ title: `カタログ${i}`, filename: `cat-${i}.mp3`, createdBy: 'mugen' })));
  },
  undefined,
  { env: { TRUST_PROXY: '1', ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'correct horse battery staple' } },
);
const url = bench.url;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(28)} n=${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms  max ${Math.max(
      ...xs,
    )
      .toFixed(1)
      .padStart(7)} ms`,
  );

async function timedTracks(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/tracks`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /api/tracks ${res.status}`);
  return performance.now() - t0;
}

try {
  for (let i = 0; i < 10; i++) await timedTracks(); // warm up
  const before: number[] = [];
  for (let i = 0; i < 50; i++) before.push(await timedTracks());

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  let settled = false;
  const guesses = Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `198.18.0.${i % ADDRESSES}` },
        body: JSON.stringify({ username: 'operator', password: `wrong guess ${i}` }),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  ).finally(() => {
    settled = true;
  });
  const during: number[] = [];
  while (!settled) during.push(await timedTracks());
  const statuses = await guesses;
  const guessMs = performance.now() - t0;
  loop.disable();
  const after: number[] = [];
  for (let i = 0; i < 50; i++) after.push(await timedTracks());

  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  console.log(
    `admin-login: ${GUESSES} parallel wrong guesses from ${ADDRESSES} addresses, answered in ${(guessMs / 1000).toFixed(2)} s:`,
    counts,
  );
  line('GET /api/tracks before', before);
  line('GET /api/tracks during', during);
  line('GET /api/tracks after', after);
  console.log(`event-loop delay during: max ${(loop.max / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`);
} finally {
  await bench.close();
}
