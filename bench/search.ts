// bench/search: p50/p99 and requests per second of GET /api/search on 100,000 tracks with Japanese
// titles and scripts (1-3 KB each), for a 1-character term, a 2-character term, a rare longer term, a
// category filter and a deep page, against GET /api/tracks/{id} of the same server in the same run
// (printed as a ratio). PostgreSQL when TEST_DATABASE_URL (default: the local server) answers, in a
// fresh database dropped afterwards; otherwise the embedded PGlite (slow to seed: lower BENCH_TRACKS).
//
// BENCH_TRACKS (default 100000), BENCH_SECONDS, BENCH_CONNECTIONS as in bench/lib.ts.
// BENCH_KEEP_DB=<name> keeps (or reuses, when already seeded) a named database between runs.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../src/server/db/client';
import { tracks, users } from '../src/server/db/schema';
import { searchReadingOf, warmReadings } from '../src/server/features/search/readings';
import { createJapaneseEngine } from '../src/server/providers/japanese/helper';
import { testDatabaseUrl, withDatabase } from '../src/server/test/template';
import { CREATE_PAGE_CATEGORIES } from '../src/shared/categories';
import { DAY_MS } from '../src/shared/constants';
import { DURATION_S, type Figures, load, printTable, startApp } from './lib';

const japanese = createJapaneseEngine();

const COUNT = Number(process.env.BENCH_TRACKS || 100_000);
const KEEP = process.env.BENCH_KEEP_DB || '';
const BATCH = 500;
const POSTERS = 2_000;

// ——— realistic Japanese text, deterministic ———

let seed = 20_261_123;
const rand = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

// The create page's 15, plus aliases and rarer names, so category filters meet the spec's alias rules.
const CATEGORIES = [...CREATE_PAGE_CATEGORIES, '社会・政治', 'ビジネス戦略', 'リラックス'];
const TOPICS = [
  '朝の習慣',
  '睡眠の質',
  '家計の見直し',
  '在宅勤務',
  '地域の防災',
  '選挙の仕組み',
  '温泉旅行',
  '出汁の取り方',
  '浮世絵の歴史',
  '太陽光発電',
  'パスワード管理',
  '学び直し',
  '小さなお店の工夫',
  '読書の楽しみ',
  '季節の野菜',
  '宇宙の不思議',
  '古い町並み',
  '子育ての悩み',
  '健康診断',
  '通勤時間の使い方',
  '梅雨の過ごし方',
  '日本茶の淹れ方',
  '将棋の戦法',
  '野球の歴史',
  '電気自動車',
  '人工知能と仕事',
  '物価と暮らし',
  '山歩きの準備',
  '俳句の世界',
  '和菓子の季節',
];
const OPENERS = ['今日は', 'さて、', 'ところで', 'まずは', 'ちなみに', '実は', 'そういえば', 'では'];
const MIDDLES = [
  'について少し考えてみましょう',
  'の話をしたいと思います',
  'はとても奥が深いですね',
  'を身近なところから見ていきます',
  'には意外な歴史があるんです',
  'で気をつけたいことがあります',
  'の基本を押さえておくと安心です',
  'は毎日の暮らしにも関係しています',
];
const FILLERS = [
  'なるほど、それは知りませんでした。',
  '私も最近、同じことを感じていました。',
  'たとえば、朝の時間を少し工夫するだけで、一日の過ごし方が変わります。',
  '専門家によると、続けることが何より大切だそうです。',
  '難しく考えずに、できることから始めてみるのが良いと思います。',
  'リスナーの皆さんからも、たくさんのお便りをいただきました。',
  '昔の人たちも、同じような悩みを抱えていたのかもしれません。',
  '数字で見ると、その変化はとてもはっきりしています。',
  'ここで一つ、身近な例を紹介しますね。',
  '次の週末にでも、ぜひ試してみてください。',
  '意外と見落としがちな点なので、覚えておきたいですね。',
  '地域によっても、考え方や習慣が少しずつ違います。',
];
/** Words that appear in about one script in a thousand: the "rare term" of the bench. */
const RARE = ['量子コンピュータ', '蒸気機関車', '伝統工芸品', '深海探査船'];
const HOSTS = ['ハルカ', 'ケンタ'];
const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田'];
const GIVEN = ['さくら', 'はると', 'ゆい', 'そうた', 'あおい', 'ひなた', 'みなと', 'りこ', 'けい', 'ななみ'];

function script(topic: string): string {
  const targetBytes = 1_000 + Math.floor(rand() * 2_000);
  const lines: string[] = [];
  let bytes = 0;
  let turn = 0;
  while (bytes < targetBytes) {
    const host = HOSTS[turn % 2];
    const body = turn % 3 === 0 ? `${pick(OPENERS)}${turn === 0 ? topic : pick(TOPICS)}${pick(MIDDLES)}。${pick(FILLERS)}` : pick(FILLERS);
    const line = `${host}：${body}`;
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
    turn += 1;
  }
  if (rand() < 0.001) lines.splice(1, 0, `${HOSTS[1]}：${pick(RARE)}の話も聞いてみたいですね。`);
  return lines.join('\n');
}

const TITLE_SHAPES = [
  (t: string) => `${t}のはなし`,
  (t: string) => `はじめての${t}`,
  (t: string) => `${t}を考える`,
  (t: string) => `今日から始める${t}`,
  (t: string) => `${t}、知っておきたい三つのこと`,
  (t: string) => `ゆるっと${t}`,
];

// The readings search by reading keeps (features/search/readings.ts), as the app's writers store them.
// Scripts are made of a few thousand distinct lines: each line is read once, and a script's reading is
// its lines' readings (the tokenizer does not join words across a line break).
const readings = new Map<string, string>();
async function cachedReading(text: string): Promise<string> {
  let r = readings.get(text);
  if (r === undefined) {
    r = await searchReadingOf(japanese, text);
    readings.set(text, r);
  }
  return r;
}
const scriptReading = async (text: string) => (await Promise.all(text.split('\n').map(cachedReading))).join('\n');

async function seedCatalogue(db: import('../src/server/db/client').Db) {
  const posterIds: string[] = [];
  for (let i = 0; i < POSTERS; i += BATCH) {
    const rows = await Promise.all(
      Array.from({ length: Math.min(BATCH, POSTERS - i) }, async (_, j) => {
        const n = i + j;
        const name = `${pick(FAMILY)}${pick(GIVEN)}`;
        return { id: `bench-user-${n}`, name, nameReading: await cachedReading(name), email: `bench-${n}@example.com` };
      }),
    );
    await db.insert(users).values(rows);
    posterIds.push(...rows.map((r) => r.id));
  }
  const started = Date.now();
  for (let i = 0; i < COUNT; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, COUNT - i) }, (_, j) => {
      const n = i + j;
      const topic = pick(TOPICS);
      const official = n % 5 === 0;
      const owner = official ? null : pick(posterIds);
      return {
        title: `${pick(TITLE_SHAPES)(topic)} 第${(n % 97) + 1}回`,
        filename: `bench-${n}.mp3`,
        duration: 180 + (n % 120),
        createdBy: official ? 'mugen' : owner,
        userId: owner,
        category: rand() < 0.15 ? `${pick(CATEGORIES)},${pick(CATEGORIES)}` : pick(CATEGORIES),
        script: script(topic),
        // One in fifty is hidden: search must never find those.
        isVisible: n % 50 !== 7,
        playCount: (n * 7919) % 5000,
        likeCount: (n * 104729) % 300,
        impressionCount: (n * 31) % 9000,
        uploadedAt: new Date(Date.now() - (n % 365) * DAY_MS),
      };
    });
    await db.insert(tracks).values(
      await Promise.all(
        batch.map(async (t) => ({
          ...t,
          titleReading: await cachedReading(t.title),
          categoryReading: await cachedReading(t.category),
          scriptReading: await scriptReading(t.script),
        })),
      ),
    );
    if ((i / BATCH) % 40 === 39) process.stdout.write(`  seeded ${i + BATCH} tracks (${Math.round((Date.now() - started) / 1000)} s)\n`);
  }
  await db.execute(sql`analyze`);
}

// ——— databases ———

async function postgresDatabase(): Promise<{ url: string; reuse: boolean; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = KEEP || `mugen_bench_search_${Date.now()}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  return {
    url: withDatabase(testDatabaseUrl(), name),
    reuse: exists,
    drop: async () => {
      if (!KEEP) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ——— the run ———

async function runOn(label: string, databaseUrl?: string, reuse = false) {
  const t0 = Date.now();
  const bench = await startApp(
    async ({ database }) => {
      const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from tracks`));
      if (reuse && n >= COUNT) return;
      await seedCatalogue(database.db);
    },
    undefined,
    { databaseUrl },
  );
  // As the server's boot does (main.ts): no kanji search waits for the reading dictionary.
  await warmReadings(japanese);
  console.log(`\nbench/search on ${label}: ${COUNT} tracks ready in ${Math.round((Date.now() - t0) / 1000)} s (seed and migrations)`);
  const stats = rowsOf<{ bytes: string; size: string }>(
    await bench.database.db.execute(
      sql`select avg(octet_length(script))::int::text as bytes, pg_size_pretty(pg_total_relation_size('tracks')) as size from tracks`,
    ),
  )[0];
  console.log(`scripts average ${stats.bytes} bytes; tracks table with indexes ${stats.size}`);
  const grams = rowsOf<{ name: string; size: string }>(
    await bench.database.db.execute(
      sql`select relname as name, pg_size_pretty(pg_relation_size(oid)) as size from pg_class where relname like 'tracks_search%grams_idx'`,
    ),
  );
  console.log(`grams index: ${grams.map((g) => `${g.name} ${g.size}`).join(', ')}`);

  const [{ id }] = rowsOf<{ id: number }>(await bench.database.db.execute(sql`select min(id)::int as id from tracks where is_visible`));
  const enc = encodeURIComponent;
  const cases: [string, string][] = [
    [`1 character 'の'`, `/api/search?q=${enc('の')}`],
    [`2 characters '温泉'`, `/api/search?q=${enc('温泉')}`],
    [`2 characters, rare '茶碗'`, `/api/search?q=${enc('茶碗')}`],
    [`reading 'おんせん' (温泉)`, `/api/search?q=${enc('おんせん')}`],
    [`2 kana 'ちゃ'`, `/api/search?q=${enc('ちゃ')}`],
    [`rare '量子コンピュータ'`, `/api/search?q=${enc('量子コンピュータ')}`],
    [`category 社会・政治`, `/api/search?category=${enc('社会・政治')}`],
    [`'習慣' offset 200`, `/api/search?q=${enc('習慣')}&offset=200`],
    [`no query (recommended)`, `/api/search`],
  ];

  // One request each first: the answer sizes, and a warm cache.
  for (const [name, path] of cases) {
    const started = performance.now();
    const res = await fetch(bench.url + path);
    const body = (await res.json()) as { tracks: unknown[]; total: number; totalCapped?: boolean };
    console.log(
      `  ${name}: ${res.status}, ${body.tracks?.length} tracks of total ${body.total}${body.totalCapped ? '+' : ''}, first answer ${Math.round(performance.now() - started)} ms`,
    );
  }

  const baseline = await load(`${bench.url}/api/tracks/${id}`);
  const rows: Record<string, Figures> = { [`baseline GET /api/tracks/${id}`]: baseline };
  for (const [name, path] of cases) rows[name] = await load(bench.url + path);
  printTable(`GET /api/search (${COUNT} tracks), ${DURATION_S} s per case, vs GET /api/tracks/{id}`, rows);
  for (const [name] of cases) {
    const f = rows[name];
    console.log(
      `${name.padEnd(32)} req/s ratio to baseline ${(f.requestsPerSec / baseline.requestsPerSec).toFixed(3)}   p50 ${f.p50} ms  p99 ${f.p99} ms  (baseline p99 ${baseline.p99} ms)`,
    );
  }
  await bench.close();
  await japanese.close();
}

const pgdb = await postgresDatabase();
if (pgdb) {
  try {
    await runOn('PostgreSQL', pgdb.url, pgdb.reuse);
  } finally {
    await pgdb.drop();
  }
} else {
  console.log('(PostgreSQL not reachable: measuring the embedded PGlite)');
  await runOn('PGlite (embedded)');
}
