import { DURATION_S, freshPostgresDatabase, load, printTable, seedBenchTracks, startApp } from './lib';

const COUNT = Number(process.env.BENCH_TRACKS || 10_000);

async function runOn(label: string, databaseUrl?: string) {
  const bench = await startApp(
    async ({ database }) => {
      await seedBenchTracks(database.db, COUNT);
    },
    (app) => app.get('/bench/hello', async () => ({ hello: 'world' })),
    { databaseUrl },
  );

  console.log(`\nbench/catalogue on ${label}: ${COUNT} tracks, ${DURATION_S} s per case, same server, same run`);
  const hello = await load(`${bench.url}/bench/hello`);
  const list = await load(`${bench.url}/api/tracks`, { headers: { 'accept-encoding': 'gzip' } });
  const page = await load(`${bench.url}/api/tracks?limit=50`);
  printTable(`GET /api/tracks (${COUNT} tracks) vs hello world`, {
    hello: hello,
    'tracks (default page of 200, gzip)': list,
    'tracks ?limit=50': page,
  });
  console.log(
    `ratio req/s default page / hello: ${(list.requestsPerSec / hello.requestsPerSec).toFixed(4)}  p99 ${list.p99} ms vs ${hello.p99} ms`,
  );
  console.log(
    `ratio req/s limit=50 / hello:   ${(page.requestsPerSec / hello.requestsPerSec).toFixed(4)}  p99 ${page.p99} ms vs ${hello.p99} ms`,
  );
  await bench.close();
}

await runOn('PGlite (embedded)');
const pgdb = await freshPostgresDatabase('mugen_bench');
if (pgdb) {
  try {
    await runOn('PostgreSQL', pgdb.url);
  } finally {
    await pgdb.drop();
  }
} else console.log('(PostgreSQL not reachable: only the embedded database was measured)');
