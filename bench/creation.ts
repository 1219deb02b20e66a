// bench/creation: seconds from a member's text to a published track, offline, for 500 and 2,000
// characters; the real-time factor of each stage (script, synthesis, trim + normalisation, encoding);
// and the p99 of GET /api/tracks while a generation runs against the same without one (issue 15).
import { randomUUID } from 'node:crypto';
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/features/auth/session';
import { writeScript } from '../src/server/features/creation/script-writer';
import { SESSION_COOKIE } from '../src/server/http/session';
import { startJobWorkers } from '../src/server/jobs/workers';
import { speakDialogue } from '../src/server/providers/audio/dialogue';
import { encodeMp3 } from '../src/server/providers/audio/mp3';
import { closeRenderProcess } from '../src/server/providers/audio/render-process';
import { createJapaneseEngine } from '../src/server/providers/japanese/helper';
import { offlineLlm } from '../src/server/providers/llm/offline';
import { espeakProvider } from '../src/server/providers/tts/espeak';
import type { TtsProvider } from '../src/server/providers/tts/types';
import { sampleInput } from '../src/server/test/data/sample-input';
import { type BenchApp, load, printTable, startApp } from './lib';

// A member's essay of several paragraphs, each sentence a new point (a repeated paragraph would be
// said once: the writer does not repeat a point).
const textOf = (chars: number) => sampleInput(chars);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const japanese = createJapaneseEngine();

/** The stages in this thread, timed one by one (the app runs synthesis to encoding in its worker). */
async function stages(chars: number) {
  const llm = offlineLlm();
  let t = performance.now();
  const draft = await writeScript(llm, japanese, { inputText: textOf(chars) });
  const scriptMs = performance.now() - t;
  const voice = espeakProvider();
  let synthMs = 0;
  const timed: TtsProvider = {
    name: 'timed',
    async synthesize(req) {
      const s = performance.now();
      try {
        return await voice.synthesize(req);
      } finally {
        synthMs += performance.now() - s;
      }
    },
  };
  t = performance.now();
  const { pcm } = await speakDialogue(draft.script, { tts: timed });
  const speakMs = performance.now() - t;
  t = performance.now();
  encodeMp3(pcm, { kbps: 64 });
  encodeMp3(pcm, { kbps: 128 });
  const encodeMs = performance.now() - t;
  const audioS = pcm.samples.length / pcm.sampleRate;
  const rtf = (ms: number) => (ms / 1000 / audioS).toFixed(3);
  return {
    chars,
    'script lines': draft.script.split('\n').length,
    'audio s': audioS.toFixed(1),
    'script s (rtf)': `${seconds(scriptMs)} (${rtf(scriptMs)})`,
    'synthesis s (rtf)': `${seconds(synthMs)} (${rtf(synthMs)})`,
    'trim+normalise s (rtf)': `${seconds(speakMs - synthMs)} (${rtf(speakMs - synthMs)})`,
    'encode 64+128k s (rtf)': `${seconds(encodeMs)} (${rtf(encodeMs)})`,
  };
}

async function member(bench: BenchApp) {
  const id = randomUUID();
  await bench.database.db.insert(users).values({ id, name: `ベンチ${id.slice(0, 4)}`, email: `${id}@bench.example` });
  const { token } = await createSession(bench.database.db, { userId: id, ttlDays: 1 });
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, origin: bench.url, 'content-type': 'application/json' };
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${bench.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Through the API as a member does it: script, preview, publish, then the task until the track exists. */
async function endToEnd(bench: BenchApp, chars: number) {
  const call = await member(bench);
  const t = performance.now();
  const draft = await call('POST', '/api/generate-script', { inputText: textOf(chars), title: `ベンチ ${chars}` });
  const preview = await call('POST', '/api/generate-audio-preview', { script: draft.script, title: draft.title, speakingRate: 1 });
  const { taskId } = await call('POST', '/api/publish-track', {
    previewFilename: preview.previewFilename,
    title: draft.title,
    script: draft.script,
    labels: draft.labels,
    agreedToTerms: true,
  });
  for (;;) {
    const task = await call('GET', `/api/audio-tasks/${taskId}`);
    if (task.status === 'completed') return { seconds: (performance.now() - t) / 1000, duration: preview.duration };
    if (task.status === 'failed') throw new Error(`task failed: ${task.errorMessage}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const bench = await startApp();
// As `npm start` does: the task workers in the app process.
const stopWorkers = await startJobWorkers(bench.database, bench.storage, { log: (err) => console.error(err) });
try {
  console.log('\nbench/creation: stages in one thread, offline providers');
  console.table([await stages(500), await stages(2000)]);

  console.log('\nbench/creation: input to published track through the API (script, preview, publish task)');
  const rows = [];
  for (const chars of [500, 2000]) {
    const r = await endToEnd(bench, chars);
    rows.push({ chars, 'seconds to published': r.seconds.toFixed(1), 'audio s': r.duration.toFixed(1) });
  }
  console.table(rows);

  // The API during a generation: the same load, first alone, then while tracks are being made.
  const idle = await load(`${bench.url}/api/tracks?limit=50`);
  let generating = true;
  const loop = (async () => {
    let made = 0;
    while (generating) {
      await endToEnd(bench, 2000);
      made += 1;
    }
    return made;
  })();
  const busy = await load(`${bench.url}/api/tracks?limit=50`);
  generating = false;
  const made = await loop;
  printTable(`GET /api/tracks?limit=50 alone and while ${made} track(s) of 2,000 characters were made`, {
    alone: idle,
    'during generation': busy,
  });
  console.log(`p99 ratio (during / alone): ${(busy.p99 / Math.max(1, idle.p99)).toFixed(2)}`);
} finally {
  await stopWorkers();
  await bench.close();
  await closeRenderProcess();
  await japanese.close();
}
