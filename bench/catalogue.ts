// bench/catalogue: requests per second and p99 of GET /api/tracks with 10,000 tracks, against a
// hello-world route of the same server in the same run, printed as a ratio.
import { tracks } from '../src/server/db/schema';
import { DURATION_S, load, printTable, startApp } from './lib';

const COUNT = Number(process.env.BENCH_TRACKS || 10_000);

const bench = await startApp(
  async ({ database }) => {
    const day = 86_400_000;
    for (let i = 0; i < COUNT; i += 1000) {
      await database.db.insert(tracks).values(
        Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
          const n = i + j;
          return {
            title: `ベンチマーク用の音声 ${n}`,
            filename: `bench-${n}.mp3`,
            duration: 180 + (n % 120),
            createdBy: 'mugen',
            category: n % 3 ? 'ニュース' : '科学',
            playCount: (n * 7919) % 5000,
            likeCount: (n * 104729) % 300,
            impressionCount: (n * 31) % 9000,
            uploadedAt: new Date(Date.now() - (n % 365) * day),
          };
        }),
      );
    }
  },
  (app) => app.get('/bench/hello', async () => ({ hello: 'world' })),
);

console.log(`bench/catalogue: ${COUNT} tracks, ${DURATION_S} s per case, same server, same run`);
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
