// bench/respeak: seconds to render a 30-line script in the offline voice (Open JTalk where installed)
// in full, against the same script with one line changed, and unchanged, when the spoken lines are kept
// (issue 37.4, providers/audio/line-cache.ts): the speech alone (speakDialogue in this process, -16 LUFS
// included), and the whole render through the render helper (both MP3 encodings included). The median
// of three runs, the helper warm.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeScript } from '../src/server/features/creation/script-writer';
import { speakDialogue } from '../src/server/providers/audio/dialogue';
import { diskSpeechCache, voiceIdentity } from '../src/server/providers/audio/line-cache';
import { closeRenderProcess, renderDialogueInWorker } from '../src/server/providers/audio/render-process';
import { createJapaneseEngine } from '../src/server/providers/japanese/helper';
import { offlineLlm } from '../src/server/providers/llm/offline';
import { offlineTts, offlineVoice } from '../src/server/providers/tts/index';
import { sampleInput } from '../src/server/test/data/sample-input';

const LINES = 30;
const RUNS = 3;

const japanese = createJapaneseEngine();
const draft = await writeScript(offlineLlm(), japanese, { inputText: sampleInput(2000) });
await japanese.close();
const lines = draft.script.split('\n').slice(0, LINES);
if (lines.length < LINES) throw new Error(`the offline writer gave ${lines.length} lines, not ${LINES}`);
const script = lines.join('\n');
// A member's edit of one line in the middle.
const edited = lines.map((l, i) => (i === 15 ? `${l.split('：')[0]}：ここは書き直して、少しだけ言い方を変えてみました。` : l)).join('\n');

const timed = async (work: () => Promise<unknown>) => {
  const t = performance.now();
  await work();
  return (performance.now() - t) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const dirs: string[] = [];
try {
  // The helper's start (and the voice's first process) is not part of any figure.
  await renderDialogueInWorker('ハルカ：準備です。');
  // The speech alone, in this process.
  const speech = { full: [] as number[], oneChanged: [] as number[], unchanged: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-bench-respeak-'));
    dirs.push(dir);
    const cache = { store: diskSpeechCache(dir), voice: voiceIdentity(undefined) };
    speech.full.push(await timed(() => speakDialogue(script, { tts: offlineTts(), cache })));
    speech.oneChanged.push(await timed(() => speakDialogue(edited, { tts: offlineTts(), cache })));
    speech.unchanged.push(await timed(() => speakDialogue(edited, { tts: offlineTts(), cache })));
  }
  const full: number[] = [];
  const oneChanged: number[] = [];
  const unchanged: number[] = [];
  const uncached: number[] = [];
  let audioS = 0;
  for (let run = 0; run < RUNS; run++) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-bench-respeak-'));
    dirs.push(dir);
    uncached.push(await timed(() => renderDialogueInWorker(script)));
    full.push(
      await timed(async () => {
        audioS = (await renderDialogueInWorker(script, { lineCache: dir })).duration;
      }),
    );
    oneChanged.push(await timed(() => renderDialogueInWorker(edited, { lineCache: dir })));
    unchanged.push(await timed(() => renderDialogueInWorker(edited, { lineCache: dir })));
  }
  console.log(`\nbench/respeak: a ${LINES}-line script (${audioS.toFixed(1)} s of audio), voice ${offlineVoice().name}, median of ${RUNS}`);
  const row = (what: string, speaking: number[] | null, rendering: number[]) => ({
    what,
    'speech s (this process)': speaking ? median(speaking).toFixed(2) : '',
    'render s (helper, MP3s)': median(rendering).toFixed(2),
  });
  console.table([
    row('whole script, no cache', null, uncached),
    row('whole script, cache empty', speech.full, full),
    row('one line changed', speech.oneChanged, oneChanged),
    row('nothing changed', speech.unchanged, unchanged),
  ]);
  const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(3);
  console.log(`one line changed / whole script: speech ${ratio(speech.oneChanged, speech.full)}, render ${ratio(oneChanged, full)}`);
} finally {
  await closeRenderProcess();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
}
