import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReadingEntry } from '../japanese/dictionary';
import { parseDialogue } from '../tts/hosts';
import type { PcmAudio, SpeechRequest, SpokenTurns, TtsProvider } from '../tts/types';
import { type LineTiming, speakDialogue, speakLines } from './dialogue';
import { diskSpeechCache, type LineCache, voiceIdentity } from './line-cache';

// Issue 37.4: a script is spoken again only where it changed.
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-line-cache-'));
  dirs.push(dir);
  return dir;
}

/**
 * A voice that counts its calls and never says a line the same way twice (its samples come from a
 * running counter), so a line reused from the cache is told from one spoken again by its bytes. At
 * 1,000 samples a second, a line's milliseconds are its sample offsets.
 */
function countingVoice(name = 'counting') {
  let calls = 0;
  let seed = 0;
  const spoken: string[] = [];
  const tts: TtsProvider = {
    name,
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      calls++;
      spoken.push(req.text);
      const samples = new Int16Array(20 * req.text.length);
      for (let i = 0; i < samples.length; i++) samples[i] = 2000 + ((seed++ * 7919) % 20_000);
      return { samples, sampleRate: 1000, reading: `ヨミ${calls}` };
    },
  };
  return { tts, calls: () => calls, spoken, reset: () => spoken.splice(0) };
}

const scriptOf = (lines: string[]) => lines.map((text, i) => `${i % 2 ? 'ケンタ' : 'ハルカ'}：${text}`).join('\n');
const THIRTY = Array.from({ length: 30 }, (_, i) => `これは${i + 1}番目の話です。${i % 10 === 4 ? '無限の話題です。' : '続けます。'}`);

async function speak(
  lines: string[],
  voice: ReturnType<typeof countingVoice>,
  cache: LineCache,
  opts: { rate?: number; readings?: ReadingEntry[] } = {},
) {
  return speakLines(parseDialogue(scriptOf(lines)), { tts: voice.tts, rate: opts.rate ?? 1, readings: opts.readings ?? [], cache });
}

const lineSamples = (pcm: PcmAudio, l: LineTiming) => Buffer.from(pcm.samples.slice(l.startMs, l.endMs).buffer);

describe('#37.4 re-speaking only what changed', () => {
  it('#37.4 a 30-line script with one line changed is spoken again for that line only, the others byte-identical', async () => {
    const cache: LineCache = { store: diskSpeechCache(await tempDir()), voice: voiceIdentity(undefined) };
    const voice = countingVoice();
    const first = await speak(THIRTY, voice, cache);
    expect(voice.calls()).toBe(30);
    const edited = THIRTY.map((t, i) => (i === 16 ? 'ここだけ書き直しました。' : t));
    const second = await speak(edited, voice, cache);
    expect(voice.calls()).toBe(31);
    expect(voice.spoken.at(-1)).toBe('ここだけ書き直しました。');
    expect(second.lines).toHaveLength(30);
    for (let i = 0; i < 30; i++) {
      if (i === 16) continue;
      expect(lineSamples(second.pcm, second.lines[i]).equals(lineSamples(first.pcm, first.lines[i]))).toBe(true);
      // The voice's reading comes back with the line.
      expect(second.lines[i].reading).toBe(first.lines[i].reading);
    }
    expect(second.lines[16]).toMatchObject({ text: 'ここだけ書き直しました。', reading: 'ヨミ31' });
    // The same script again: nothing is spoken, and the track before its level is set is the same, byte for byte.
    const again = await speak(edited, voice, cache);
    expect(voice.calls()).toBe(31);
    expect(Buffer.from(again.pcm.samples.buffer).equals(Buffer.from(second.pcm.samples.buffer))).toBe(true);
    expect(again.lines).toEqual(second.lines);
  });

  it('#37.4 the whole track is brought to its level after the reused lines are joined', async () => {
    const cache: LineCache = { store: diskSpeechCache(await tempDir()), voice: voiceIdentity(undefined) };
    const voice = countingVoice();
    const script = scriptOf(THIRTY.slice(0, 4));
    const first = await speakDialogue(script, { tts: voice.tts, cache });
    const second = await speakDialogue(script, { tts: voice.tts, cache });
    expect(voice.calls()).toBe(4);
    expect(Buffer.from(second.pcm.samples.buffer).equals(Buffer.from(first.pcm.samples.buffer))).toBe(true);
    expect(second.lines).toEqual(first.lines);
  });

  it('#37.4 a reading fixed in the dictionary re-speaks only the lines with that word', async () => {
    const cache: LineCache = { store: diskSpeechCache(await tempDir()), voice: voiceIdentity(undefined) };
    const voice = countingVoice();
    const readings = [
      { surface: '無限', reading: 'ムゲン' },
      { surface: '話題', reading: 'ワダイ' },
    ];
    await speak(THIRTY, voice, cache, { readings });
    expect(voice.calls()).toBe(30);
    voice.reset();
    // 無限 is in lines 5, 15 and 25.
    await speak(THIRTY, voice, cache, { readings: [{ surface: '無限', reading: 'ムゲンダイ' }, readings[1]] });
    expect(voice.spoken).toEqual([THIRTY[4], THIRTY[14], THIRTY[24]]);
    // A word in no line, added or removed, and the entries' order, change nothing.
    voice.reset();
    await speak(THIRTY, voice, cache, {
      readings: [readings[1], { surface: '無限', reading: 'ムゲンダイ' }, { surface: '宇宙', reading: 'ウチュウ' }],
    });
    expect(voice.spoken).toEqual([]);
    // The word as a member may type it (full-width letters) is the same word (NFKC).
    voice.reset();
    const latin = ['ＡＩの話です。', 'AIではない話です。', '別の話です。'];
    await speak(latin, voice, cache, { readings: [{ surface: 'AI', reading: 'エーアイ' }] });
    await speak(latin, voice, cache, { readings: [{ surface: 'AI', reading: 'エイアイ' }] });
    expect(voice.spoken).toEqual([...latin, latin[0], latin[1]]);
  });

  it('#37.4 a change of speaking rate, voice settings or voice re-speaks every line', async () => {
    const dir = await tempDir();
    const store = diskSpeechCache(dir);
    const voice = countingVoice();
    const google = {
      provider: 'google',
      apiKey: 'zzzz-key-1',
      baseUrl: 'https://tts.invalid',
      voices: { ハルカ: 'ja-JP-A', ケンタ: 'ja-JP-C' },
      timeoutMs: 1000,
    } as const;
    await speak(THIRTY, voice, { store, voice: voiceIdentity(google) });
    expect(voice.calls()).toBe(30);
    await speak(THIRTY, voice, { store, voice: voiceIdentity(google) }, { rate: 1.2 });
    expect(voice.calls()).toBe(60);
    await speak(THIRTY, voice, { store, voice: voiceIdentity({ ...google, voices: { ハルカ: 'ja-JP-B', ケンタ: 'ja-JP-C' } }) });
    expect(voice.calls()).toBe(90);
    const other = countingVoice('another');
    await speak(THIRTY, other, { store, voice: voiceIdentity(google) });
    expect(other.calls()).toBe(30);
    // Its key and deadline do not change how it sounds: nothing is spoken again for them.
    await speak(THIRTY, voice, { store, voice: voiceIdentity({ ...google, apiKey: 'zzzz-key-2', timeoutMs: 5000 }) });
    expect(voice.calls()).toBe(90);
    // Nothing of the key is written to the disk ('zz' cannot be in the samples, whose high bytes are below 'V').
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(120);
    for (const f of files) expect((await fs.readFile(path.join(dir, f))).includes('zzzz')).toBe(false);
  });

  it('#37.4 a damaged kept line is spoken again', async () => {
    const dir = await tempDir();
    const cache: LineCache = { store: diskSpeechCache(dir), voice: voiceIdentity(undefined) };
    const voice = countingVoice();
    const lines = THIRTY.slice(0, 3);
    await speak(lines, voice, cache);
    const [victim] = await fs.readdir(dir);
    const bytes = await fs.readFile(path.join(dir, victim));
    await fs.writeFile(path.join(dir, victim), bytes.subarray(0, bytes.length - 3));
    voice.reset();
    await speak(lines, voice, cache);
    expect(voice.spoken).toHaveLength(1);
    expect(await fs.readdir(dir)).toHaveLength(3);
  });

  it('#37.4 a voice that takes the turns itself is reused per dialogue: the same one is not spoken again, a changed one whole', async () => {
    const cache: LineCache = { store: diskSpeechCache(await tempDir()), voice: voiceIdentity(undefined) };
    let calls = 0;
    const tts: TtsProvider = {
      name: 'turns',
      synthesize: async () => {
        throw new Error('not line by line');
      },
      async speakTurns({ turns }): Promise<SpokenTurns> {
        calls++;
        const samples = new Int16Array(turns.length * 500).fill(3000 + calls);
        return { pcm: { samples, sampleRate: 1000 }, turns: turns.map((_, i) => ({ start: i * 500, end: i * 500 + 400 })) };
      },
    };
    const script = scriptOf(['はじめまして。', 'どうも。', 'では始めます。']);
    const first = await speakDialogue(script, { tts, cache, readings: [{ surface: '始', reading: 'ハジ' }] });
    const second = await speakDialogue(script, { tts, cache, readings: [{ surface: '始', reading: 'ハジ' }] });
    expect(calls).toBe(1);
    expect(Buffer.from(second.pcm.samples.buffer).equals(Buffer.from(first.pcm.samples.buffer))).toBe(true);
    expect(second.lines.map((l) => [l.startMs, l.endMs])).toEqual(first.lines.map((l) => [l.startMs, l.endMs]));
    await speakDialogue(script.replace('どうも。', 'どうもどうも。'), { tts, cache, readings: [{ surface: '始', reading: 'ハジ' }] });
    expect(calls).toBe(2);
    await speakDialogue(script, { tts, cache, readings: [{ surface: '始', reading: 'ハジメ' }] });
    expect(calls).toBe(3);
  });
});

describe('#37.4 the cache bound', () => {
  const speech = (n: number) => ({ samples: new Int16Array(n).fill(n), sampleRate: 1000, meta: {} });
  const sizeOf = async (dir: string) => {
    let total = 0;
    for (const f of await fs.readdir(dir)) total += (await fs.stat(path.join(dir, f))).size;
    return total;
  };

  it('#37.4 keeps within its bound, removing the least recently used first', async () => {
    const dir = await tempDir();
    // Each entry is 8 bytes of head, its header and 2,000 bytes of samples: three fit in 7,000, not four.
    const store = diskSpeechCache(dir, 7000);
    const key = (c: string) => c.repeat(64);
    await store.put(key('a'), speech(1000));
    await store.put(key('b'), speech(1000));
    await store.put(key('c'), speech(1000));
    expect((await store.get(key('a')))?.samples.length).toBe(1000);
    await store.put(key('d'), speech(1000));
    expect((await fs.readdir(dir)).sort()).toEqual([`${key('a')}.pcm`, `${key('c')}.pcm`, `${key('d')}.pcm`]);
    expect(await store.get(key('b'))).toBe(undefined);
    expect(await sizeOf(dir)).toBeLessThanOrEqual(7000);
    // Speech larger than the whole bound is not kept, and removes nothing.
    await store.put(key('e'), speech(4000));
    expect(await fs.readdir(dir)).toHaveLength(3);
  });

  it('#37.4 a process that finds more than its bound on the disk removes the oldest first', async () => {
    const dir = await tempDir();
    const big = diskSpeechCache(dir, 100_000);
    const key = (c: string) => c.repeat(64);
    for (const [i, c] of ['a', 'b', 'c', 'd'].entries()) {
      await big.put(key(c), speech(1000));
      const at = new Date(Date.now() - (10 - i) * 60_000);
      await fs.utimes(path.join(dir, `${key(c)}.pcm`), at, at);
    }
    // A read renews a line: 'a' is now the most recently used.
    await big.get(key('a'));
    const small = diskSpeechCache(dir, 4500);
    expect((await small.get(key('d')))?.sampleRate).toBe(1000);
    expect((await fs.readdir(dir)).sort()).toEqual([`${key('a')}.pcm`, `${key('d')}.pcm`]);
    expect(await sizeOf(dir)).toBeLessThanOrEqual(4500);
  });
});
