import { DURATION_S, load, printTable, seedBenchTracks, startApp } from './lib';

const COUNT = Number(process.env.BENCH_TRACKS || 10_000);

import pg from 'pg';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL (default: the local server) answers. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `mugen_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(testDatabaseUrl(), name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

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
const pgdb = await postgresDatabase();
if (pgdb) {
  try {
    await runOn('PostgreSQL', pgdb.url);
  } finally {
    await pgdb.drop();
  }
} else console.log('(PostgreSQL not reachable: only the embedded database was measured)');
