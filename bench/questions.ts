// bench/questions: how long a member waits for the hosts' answer (issue 39.1: at most 15 s on this machine
// on the default, no keys), p50 and p95 over the HTTP API of the real app: POST /api/tracks/{id}/questions
// (the offline answer from the track's lines, spoken by the offline voice at -16 LUFS and stored), half
// of the questions answered by the track and half not, against GET /api/tracks/{id}/transcript measured in
// the same run. The first question (the voice's and the dictionary's helper processes starting) is shown
// on its own and is not in the figures.
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/features/auth/session';
import { DEMO_TRACKS } from '../src/server/features/demo-content/seed-content';
import { SESSION_COOKIE } from '../src/server/http/session';
import { closeRenderProcess } from '../src/server/providers/audio/render-process';
import { createJapaneseEngine } from '../src/server/providers/japanese/helper';
import { QUESTIONS_PER_MINUTE } from '../src/shared/constants';
import { seedBenchTracks, startApp } from './lib';

const RUNS = Number(process.env.BENCH_RUNS || 12);
const BUDGET_S = 15;
const QUESTIONS = [
  'お風呂は寝る前のいつ入るのがいいですか？',
  'ケンタさんの好きな食べ物は何ですか？',
  '昼寝は何分以内がいいですか？',
  'おすすめの枕の値段はいくらですか？',
];

const demo = DEMO_TRACKS[0];
const japanese = createJapaneseEngine();
const script = await japanese.dialogue(demo.text, demo.title);
// Not waited for: the app starts a helper of its own.
japanese.close().catch(() => {});

// Three questions a minute per member: each member asks at most that many.
const members = Array.from({ length: Math.ceil((RUNS + 1) / QUESTIONS_PER_MINUTE) }, (_, k) => `bench-asker-${k}`);
const cookies: string[] = [];
const bench = await startApp(async ({ database }) => {
  await database.db.insert(users).values(members.map((id) => ({ id, name: 'ベンチの聴き手' })));
  await seedBenchTracks(database.db, 1, () => ({ title: demo.title, script }));
  for (const userId of members) cookies.push(`${SESSION_COOKIE}=${(await createSession(database.db, { userId, ttlDays: 1 })).token}`);
});

const timed = async (work: () => Promise<Response>) => {
  const t = performance.now();
  const res = await work();
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, body };
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const row = (what: string, xs: number[]) => ({
  what,
  runs: xs.length,
  'p50 s': (quantile(xs, 0.5) / 1000).toFixed(2),
  'p95 s': (quantile(xs, 0.95) / 1000).toFixed(2),
  'max s': (Math.max(...xs) / 1000).toFixed(2),
});

try {
  const origin = bench.url;
  const ask = (k: number) =>
    timed(() =>
      fetch(`${bench.url}/api/tracks/1/questions`, {
        method: 'POST',
        headers: { cookie: cookies[Math.floor(k / QUESTIONS_PER_MINUTE)], origin, 'content-type': 'application/json' },
        body: JSON.stringify({ question: QUESTIONS[k % QUESTIONS.length] }),
      }),
    );
  // Both helper processes cold, as after an idle spell: the voice's (if seeding started it) is ended first.
  await closeRenderProcess();
  const first = await ask(0);
  const asking: number[] = [];
  const transcript: number[] = [];
  const audio: number[] = [];
  let covered = 0;
  for (let k = 1; k <= RUNS; k++) {
    const answer = await ask(k);
    asking.push(answer.ms);
    audio.push(answer.body.answer.seconds);
    if (answer.body.answer.covered) covered++;
    transcript.push((await timed(() => fetch(`${bench.url}/api/tracks/1/transcript`, { headers: { cookie: cookies[0] } }))).ms);
  }
  console.log(
    `\nbench/questions: ${RUNS} questions (${covered} answered from the track), answers of ${Math.min(...audio).toFixed(1)}–${Math.max(...audio).toFixed(1)} s of audio`,
  );
  console.log(`first question (helpers starting): ${(first.ms / 1000).toFixed(2)} s`);
  console.table([row('POST /api/tracks/{id}/questions', asking), row('GET /api/tracks/{id}/transcript (baseline)', transcript)]);
  const worst = Math.max(...asking, first.ms) / 1000;
  console.log(`slowest answer ${worst.toFixed(2)} s: ${worst <= BUDGET_S ? 'within' : 'OVER'} the ${BUDGET_S} s budget`);
} finally {
  await bench.close();
  // The helper processes end with this one.
  process.exit(0);
}
