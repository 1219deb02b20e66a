// bench/programme: how long building あと N 分 takes (issue 28.1: under 50 ms from 10,000 tracks), p50 and
// p99, in process, against the plain catalogue query (the default page of GET /api/tracks, built fresh)
// measured in the same run on the same database.
import { eq } from 'drizzle-orm';
import { follows, likes, listeningHistory, users } from '../src/server/db/schema';
import { buildProgramme } from '../src/server/features/radio/service';
import { trackChanged } from '../src/server/features/tracks/changes';
import { invalidateRanking, listVisibleTracks } from '../src/server/features/tracks/service';
import { seedBenchTracks, startApp } from './lib';

const COUNT = Number(process.env.BENCH_TRACKS || 10_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);

const bench = await startApp(async ({ database }) => {
  const db = database.db;
  await db.insert(users).values([
    { id: 'bench-listener', name: 'ベンチの聴き手' },
    { id: 'bench-creator', name: 'ベンチの作り手' },
  ]);
  await seedBenchTracks(db, COUNT, (n) => ({
    duration: 80 + (n % 220),
    createdBy: n % 10 ? 'mugen' : 'bench-creator',
    userId: n % 10 ? null : 'bench-creator',
    category: ['ニュース', '科学', '文化', 'グルメ'][n % 4],
    isPremiumOnly: n % 17 === 0,
  }));
  // A listener with a history: 300 tracks heard to the end, 50 likes, one followed creator.
  await db.insert(listeningHistory).values(
    Array.from({ length: 300 }, (_, k) => ({
      userId: 'bench-listener',
      trackId: k * 7 + 1,
      duration: 100,
      progressPercent: 100,
      completed: true,
    })),
  );
  await db.insert(likes).values(Array.from({ length: 50 }, (_, k) => ({ userId: 'bench-listener', trackId: k * 13 + 2 })));
  await db.insert(follows).values({ followerId: 'bench-listener', followingId: 'bench-creator' });
});
const db = bench.database.db;
const [member] = await db.select().from(users).where(eq(users.id, 'bench-listener'));

async function timed(label: string, fn: () => Promise<unknown>, before?: () => Promise<void> | void) {
  for (let i = 0; i < 5; i++) {
    await before?.();
    await fn();
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { label, p50: at(0.5), p99: at(0.99) };
}

console.log(`\nbench/programme on PGlite (embedded): ${COUNT} tracks, ${RUNS} runs per case, same database, same run`);
const rows = [
  await timed(
    'catalogue: default page, built fresh (baseline)',
    () => listVisibleTracks(db),
    () => invalidateRanking(db),
  ),
  await timed('programme 60 min, candidates cached', () => buildProgramme(db, member, 60)),
  await timed('programme 120 min, candidates cached', () => buildProgramme(db, member, 120)),
  await timed(
    'programme 60 min, after a track change (candidates read again)',
    () => buildProgramme(db, member, 60),
    () => trackChanged(db, null),
  ),
];
for (const r of rows) console.log(`${r.label.padEnd(68)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`);
const base = rows[0];
for (const r of rows.slice(1)) console.log(`ratio p50 ${r.label} / baseline: ${(r.p50 / base.p50).toFixed(2)}`);
await bench.close();
