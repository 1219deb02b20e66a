// bench/stats: p50/p99 and requests per second of GET /api/my-tracks/{id}/stats (issue 40.3) for a track
// with 100,000 listening-history rows (2,000 listeners over 60 days, beside 50,000 rows of other tracks),
// against a baseline measured on the same server in the same run: a plain
// `select count(*) from listening_history where track_id = $1` of the same rows behind a bare route.
// The route reads the track's listens (one per member and Japan day, kept with each history row), not
// its 100,000 rows (decision 0047). PGlite (embedded).
//
// BENCH_ROWS (default 100000), BENCH_SECONDS as in bench/lib.ts, BENCH_CONNECTIONS (default 1 here: one
// creator at a time, so the figures are the route's own time, not a queue).
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/client';
import { listeningHistory, tracks, users } from '../src/server/db/schema';
import { sessionCookie } from '../src/server/test/app';
import { DAY_MS } from '../src/shared/constants';
import { DURATION_S, type Figures, load, printTable, seedBenchTracks, startApp } from './lib';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const OTHER_ROWS = Math.round(ROWS / 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 1);
const LISTENERS = 2_000;
const OTHER_TRACKS = 10;
const OWNER = 'bench-creator';
const BATCH = 1_000;

const t0 = Date.now();
/** The database, for the baseline route (set as the app is prepared). */
let baselineDb: typeof bench.database.db | undefined;
const bench = await startApp(
  async ({ database }) => {
    const db = database.db;
    baselineDb = db;
    await db.insert(users).values({ id: OWNER, name: 'ベンチの作り手' });
    for (let i = 0; i < LISTENERS; i += BATCH) {
      await db.insert(users).values(Array.from({ length: BATCH }, (_, j) => ({ id: `bench-listener-${i + j}`, name: `聴き手${i + j}` })));
    }
    await seedBenchTracks(db, 1 + OTHER_TRACKS, (n) => (n === 0 ? { userId: OWNER, createdBy: OWNER } : {}));
    const ids = (await db.select({ id: tracks.id }).from(tracks).orderBy(tracks.id)).map((r) => r.id);
    const now = Date.now();
    // Deterministic spread: listeners, days (60), times of day, how far each stretch got, one in five to the end.
    const row = (k: number, trackId: number) => {
      const completed = k % 5 === 0;
      const progressPercent = completed ? 100 : ((k * 37) % 1000) / 10;
      return {
        userId: `bench-listener-${(k * 7) % LISTENERS}`,
        trackId,
        duration: Math.round(progressPercent * 1.8 * 10) / 10,
        progressPercent,
        completed,
        createdAt: new Date(now - (k % 60) * DAY_MS - ((k * 7919) % 86_400) * 1000),
      };
    };
    for (let i = 0; i < ROWS; i += BATCH) {
      await db.insert(listeningHistory).values(Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, j) => row(i + j, ids[0])));
    }
    for (let i = 0; i < OTHER_ROWS; i += BATCH) {
      await db
        .insert(listeningHistory)
        .values(Array.from({ length: Math.min(BATCH, OTHER_ROWS - i) }, (_, j) => row(i + j, ids[1 + ((i + j) % OTHER_TRACKS)])));
    }
    // Their listens, as migration 0021 makes them from the history (the app keeps them row by row).
    await db.execute(sql`insert into listens (track_id, day, user_id, reached, completed, seconds)
      select track_id, to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD'), user_id, max(progress_percent), bool_or(completed), sum(duration)
      from listening_history group by 1, 2, 3`);
  },
  (app) => {
    // The baseline: the same rows, counted, behind a route with nothing else to do.
    app.get<{ Params: { id: string } }>('/bench/history-count/:id', async (request) => {
      const id = Number(request.params.id);
      const result = await baselineDb?.execute(
        sql`select count(*)::int as n from ${listeningHistory} where ${listeningHistory.trackId} = ${id}`,
      );
      return { n: rowsOf<{ n: number }>(result)[0].n };
    });
  },
);
const db = bench.database.db;
const [{ id: trackId }] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.userId, OWNER));
const cookie = await sessionCookie(db, { userId: OWNER });
const [{ n: rows }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from listening_history`));
console.log(
  `\nbench/stats on PGlite (embedded): track ${trackId} with ${ROWS} history rows (${rows} in the table), ready in ${Math.round((Date.now() - t0) / 1000)} s`,
);

const statsPath = `/api/my-tracks/${trackId}/stats`;
const first = await fetch(bench.url + statsPath, { headers: { cookie } });
const answer = (await first.json()) as { plays: number; completions: number; completionRate: number; stops: number[] };
console.log(
  `first answer: ${first.status}, completions ${answer.completions}, rate ${answer.completionRate}, listens ${answer.stops.reduce((a, b) => a + b, 0)}`,
);

async function round(label = ''): Promise<Record<string, Figures>> {
  const opts = { connections: CONNECTIONS };
  return {
    [`baseline count(*) of the track's history rows${label}`]: await load(`${bench.url}/bench/history-count/${trackId}`, opts),
    [`GET /api/my-tracks/{id}/stats${label}`]: await load(bench.url + statsPath, { ...opts, headers: { cookie } }),
  };
}

const all = await round();
printTable(`${ROWS} history rows of one track, ${DURATION_S} s per case, ${CONNECTIONS} connection(s)`, all);
for (const [name, f] of Object.entries(all)) console.log(`${name.padEnd(44)} p50 ${f.p50} ms  p99 ${f.p99} ms  non2xx ${f.non2xx}`);
await bench.close();
