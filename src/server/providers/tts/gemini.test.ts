import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp } from '../../test/app';
import { GEMINI_KEY } from '../../test/gemini-stand-in';
import { STAND_IN_RATE, startGeminiTtsStandIn, type TtsStandIn } from '../../test/gemini-tts-stand-in';
import { speakDialogue } from '../audio/dialogue';
import { integratedLoudness } from '../audio/lufs';
import { renderDialogueToMp3 } from '../audio/render';
import { closeRenderProcess, renderDialogueInWorker } from '../audio/render-process';
import { clearSettingProblem, settingProblems } from '../problems';
import { GEMINI_TTS_MAX_CHARS, type GeminiTtsSettings, geminiTts } from './gemini';
import { paceInstructions } from './openai';

// #37.3: Gemini's two-speaker voice against the stand-in written from Google's speech-generation
// documents (test/gemini-tts-stand-in.ts): several turns a call, the two hosts named as in the text,
// each line timed from the one stream, the rate asked and stretched, long scripts split, retries, /health.
let api: TtsStandIn;
const waits: number[] = [];

beforeAll(async () => {
  api = await startGeminiTtsStandIn();
});
afterAll(async () => {
  await api.close();
  await closeRenderProcess();
  clearSettingProblem('GEMINI_TTS_MODEL');
});
beforeEach(() => {
  Object.assign(api, { mode: 'ok', quota: 0, overloaded: 0, retryAfter: null, retryDelaySeconds: 0, format: 'l16' });
  api.requests.length = 0;
  api.layouts.length = 0;
  waits.length = 0;
  clearSettingProblem('GEMINI_TTS_MODEL');
});

const settings = (over: Partial<GeminiTtsSettings> = {}): GeminiTtsSettings => ({
  provider: 'gemini',
  apiKey: GEMINI_KEY,
  baseUrl: api.url,
  model: 'gemini-3.8-flash-tts',
  voices: { ハルカ: 'Zephyr', ケンタ: 'Charon' },
  timeoutMs: 5000,
  retryDelaysMs: [1, 1, 1],
  ...over,
});
const tts = (over: Partial<GeminiTtsSettings> = {}) =>
  geminiTts(settings(over), {
    sleep: async (ms) => {
      waits.push(ms);
    },
  });

const SCRIPT = [
  'ハルカ：こんにちは、ハルカです。今日は朝の散歩の話です。',
  'ケンタ：ケンタです。朝に歩くと気持ちがいいですよね。',
  'ハルカ：そうなんです。少し早起きするだけで変わります。',
  'ケンタ：なるほど。',
  'ハルカ：十五分から始めましょう。続けるのが大事です。最初は近所で十分です。',
  'ケンタ：それなら続けられそうです。',
].join('\n');
const LEAD_MS = 300;

type Parts = { text: string; speechMetadata?: { speaker?: string; style?: string } }[];
const partsOf = (i: number) => (api.requests[i].json.contents as { parts: Parts }[])[0].parts;
const configOf = (i: number) => api.requests[i].json.generationConfig as Record<string, unknown>;
/** Where the stand-in put each turn, in ms from the start of the track (lead silence added, its first turn at the lead). */
const expectedMs = (layout: { start: number; end: number }[], offsetMs: number, rate = 1) =>
  layout.map((t) => [
    offsetMs + ((t.start - layout[0].start) / STAND_IN_RATE / rate) * 1000,
    offsetMs + ((t.end - layout[0].start) / STAND_IN_RATE / rate) * 1000,
  ]);
const within = (actual: number[][], expected: number[][], ms: number) => {
  for (const [i, pair] of actual.entries())
    for (const [j, v] of pair.entries()) expect(Math.abs(v - expected[i][j]), `line ${i} ${j ? 'end' : 'start'}`).toBeLessThanOrEqual(ms);
};

describe('#37.3 Gemini speaks the dialogue', () => {
  it('#37.3 in one call of several turns, both hosts named in multiSpeakerVoiceConfig exactly as in the text', async () => {
    const { lines } = await speakDialogue(SCRIPT, { tts: tts() });
    expect(api.requests).toHaveLength(1);
    const req = api.requests[0];
    expect(req.url.pathname).toBe('/v1beta/models/gemini-3.8-flash-tts:generateContent');
    expect(req.headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(req.url.search).toBe('');
    expect(configOf(0)).toEqual({
      responseModalities: ['AUDIO'],
      speechConfig: {
        multiSpeakerVoiceConfig: {
          speakerVoiceConfigs: [
            { speaker: 'ハルカ', voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Zephyr' } } },
            { speaker: 'ケンタ', voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Charon' } } },
          ],
        },
      },
    });
    expect(partsOf(0).map((p) => [p.speechMetadata?.speaker, p.text])).toEqual(lines.map((l) => [l.speaker, l.text]));
    expect(partsOf(0)[0].speechMetadata?.style).toBe(paceInstructions(1));
  });

  it('#37.3 each line is timed from the audio itself: the turns found at their pauses in the one stream', async () => {
    const { pcm, lines } = await speakDialogue(SCRIPT, { tts: tts() });
    expect(pcm.sampleRate).toBe(24_000);
    // ケンタ speaks slower than ハルカ: where the text lengths alone put the turns is up to 0.3 s off.
    within(
      lines.map((l) => [l.startMs, l.endMs]),
      expectedMs(api.layouts[0], LEAD_MS),
      10,
    );
    expect(integratedLoudness(pcm)).toBeGreaterThan(-17);
    expect(integratedLoudness(pcm)).toBeLessThan(-15);
  });

  it('#37.3 through the same MP3 pipeline, voiced by gemini', async () => {
    const out = await renderDialogueToMp3(SCRIPT, { tts: tts() });
    expect(out.voicedBy).toBe('gemini');
    expect(out.lines.map((l) => l.speaker)).toEqual(['ハルカ', 'ケンタ', 'ハルカ', 'ケンタ', 'ハルカ', 'ケンタ']);
    const last = api.layouts[0];
    const spokenSeconds = (last[last.length - 1].end - last[0].start) / STAND_IN_RATE;
    expect(Math.abs(out.duration - (spokenSeconds + 0.3 + 0.6))).toBeLessThan(0.1);
  });

  it('#37.3 guests speak in the hosts’ voices, named as the hosts; one host alone is a single voice', async () => {
    const { lines } = await speakDialogue('司会：はじめまして。\nゲスト：どうも、よろしくお願いします。', { tts: tts() });
    expect(lines.map((l) => l.speaker)).toEqual(['司会', 'ゲスト']);
    expect(partsOf(0).map((p) => p.speechMetadata?.speaker)).toEqual(['ハルカ', 'ケンタ']);
    await speakDialogue('ケンタ：ひとりで話します。\nケンタ：続けます。', { tts: tts() });
    expect((configOf(1).speechConfig as Record<string, unknown>).voiceConfig).toEqual({ prebuiltVoiceConfig: { voiceName: 'Charon' } });
  });

  it('#37.3 the member’s rate is asked in words, then time-stretched as the OpenAI voice is', async () => {
    const normal = await speakDialogue(SCRIPT, { tts: tts() });
    const fast = await speakDialogue(SCRIPT, { tts: tts(), speakingRate: 1.5 });
    expect(partsOf(1)[0].speechMetadata?.style).toBe(paceInstructions(1.5));
    expect(paceInstructions(1.5)).toContain('テンポよく速めに');
    const spoken = (r: typeof normal) => r.pcm.samples.length / r.pcm.sampleRate - (0.3 + 0.6) / (r === fast ? 1.5 : 1);
    expect(spoken(fast) / spoken(normal)).toBeCloseTo(1 / 1.5, 2);
    within(
      fast.lines.map((l) => [l.startMs, l.endMs]),
      expectedMs(api.layouts[1], LEAD_MS / 1.5, 1.5),
      15,
    );
  });

  it('#37.3 reads an answer given as a WAVE file too', async () => {
    api.format = 'wav';
    const { lines } = await speakDialogue(SCRIPT, { tts: tts() });
    within(
      lines.map((l) => [l.startMs, l.endMs]),
      expectedMs(api.layouts[0], LEAD_MS),
      10,
    );
  });

  it('#37.3 a model before 3.8 gets the dialogue as one text, each turn opened by its speaker’s name', async () => {
    await speakDialogue(SCRIPT, { tts: tts({ model: 'gemini-3.1-flash-tts-preview' }) });
    const [part] = partsOf(0);
    expect(partsOf(0)).toHaveLength(1);
    expect(part.text.split('\n').slice(2)).toEqual(SCRIPT.split('\n').map((l) => l.replace('：', ': ')));
    expect(part.text.split('\n')[0]).toBe(paceInstructions(1));
  });
});

describe('#37.3 long scripts', () => {
  const turn = (i: number) => `${i % 2 ? 'ケンタ' : 'ハルカ'}：${`${i}番目の話です。`.padEnd(95, 'あ')}。`;
  const LONG = Array.from({ length: 40 }, (_, i) => turn(i)).join('\n');

  it('#37.3 are split at turn boundaries, each call within the model’s limits, the lines in order', async () => {
    const { lines } = await speakDialogue(LONG, { tts: tts() });
    expect(lines).toHaveLength(40);
    const calls = api.requests.map((_, i) => partsOf(i));
    expect(calls.length).toBe(4);
    for (const parts of calls) expect(parts.reduce((n, p) => n + [...p.text].length, 0)).toBeLessThanOrEqual(GEMINI_TTS_MAX_CHARS);
    expect(calls.flat().map((p) => p.text)).toEqual(lines.map((l) => l.text));
    for (let i = 1; i < lines.length; i++) expect(lines[i].startMs).toBeGreaterThan(lines[i - 1].endMs);
    // The whole script in one call would be cut at the output limit.
    const one = await fetch(`${api.url}/v1beta/models/gemini-3.8-flash-tts:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': GEMINI_KEY },
      body: JSON.stringify({ ...api.requests[0].json, contents: [{ role: 'user', parts: calls.flat() }] }),
    });
    expect((await one.json()).candidates[0].finishReason).toBe('MAX_TOKENS');
  });
});

describe('#37.3 failures', () => {
  it('#37.3 429 and 503 are retried as Google asks (RetryInfo, Retry-After), a bounded number of times', async () => {
    api.quota = 1;
    api.retryDelaySeconds = 7;
    await speakDialogue(SCRIPT, { tts: tts() });
    api.overloaded = 1;
    api.retryAfter = '3';
    await speakDialogue(SCRIPT, { tts: tts() });
    expect(waits).toEqual([7000, 3000]);
    expect(api.requests).toHaveLength(4);
    api.requests.length = 0;
    api.retryAfter = null;
    api.overloaded = 9;
    const err = await speakDialogue(SCRIPT, { tts: tts() }).catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'unavailable' });
    expect(api.requests).toHaveLength(4);
  });

  it('#37.3 a quota that asks for longer than a minute is not waited out', async () => {
    api.quota = 1;
    api.retryDelaySeconds = 3600;
    const err = await speakDialogue(SCRIPT, { tts: tts() }).catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'quota' });
    expect(api.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('#37.3 an answer that never comes is the deadline', async () => {
    api.mode = 'hang';
    const err = await speakDialogue('ハルカ：はい。', { tts: tts({ timeoutMs: 200 }) }).catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'timeout' });
  });

  it('#37.3 a retired or unknown model is a configuration error naming GEMINI_TTS_MODEL, cleared by a later success', async () => {
    const err = await speakDialogue(SCRIPT, { tts: tts({ model: 'gemini-2.5-flash-preview-tts' }) }).catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'config' });
    expect(settingProblems()).toEqual([
      {
        setting: 'GEMINI_TTS_MODEL',
        provider: 'gemini',
        message:
          'GEMINI_TTS_MODEL「gemini-2.5-flash-preview-tts」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行の音声モデル（例: gemini-3.8-flash-tts）を設定してください',
        since: expect.any(String),
      },
    ]);
    await speakDialogue(SCRIPT, { tts: tts() });
    expect(settingProblems()).toEqual([]);
  });

  // The voice speaks in the render helper process: its finding reaches this process's /health with the reply.
  it('#37.3 /health names GEMINI_TTS_MODEL found wrong in the render helper', { timeout: 120_000 }, async () => {
    const err = await renderDialogueInWorker(SCRIPT, { tts: settings({ model: 'gemini-2.0-flash-tts' }) }).catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'config' });
    const t = await createTestApp();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().problems.map((p: { setting: string; message: string }) => [p.setting, p.message])).toEqual([
        [
          'GEMINI_TTS_MODEL',
          'GEMINI_TTS_MODEL「gemini-2.0-flash-tts」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行の音声モデル（例: gemini-3.8-flash-tts）を設定してください',
        ],
      ]);
      const done = await renderDialogueInWorker(SCRIPT, { tts: settings() });
      expect(done.voicedBy).toBe('gemini');
      expect((await t.app.inject({ method: 'GET', url: '/health' })).json().problems).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('#37.3 settings', () => {
  it('#37.3 TTS_PROVIDER=gemini needs GEMINI_API_KEY; GEMINI_TTS_MODEL and GEMINI_TTS_VOICES have defaults, GEMINI_BASE_URL a stand-in', () => {
    expect(loadConfig({ TTS_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).tts).toEqual({
      provider: 'gemini',
      apiKey: 'k',
      baseUrl: 'https://generativelanguage.googleapis.com',
      model: 'gemini-3.8-flash-tts',
      voices: { ハルカ: 'Zephyr', ケンタ: 'Charon' },
      timeoutMs: 60_000,
    });
    expect(
      loadConfig({ TTS_PROVIDER: 'gemini', GEMINI_API_KEY: 'k', GEMINI_BASE_URL: api.url, GEMINI_TTS_VOICES: 'Kore, Puck' }).tts,
    ).toMatchObject({ baseUrl: api.url, voices: { ハルカ: 'Kore', ケンタ: 'Puck' } });
    expect(() => loadConfig({ TTS_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => loadConfig({ TTS_PROVIDER: 'gemini', GEMINI_API_KEY: 'k', GEMINI_TTS_VOICES: 'Kore' })).toThrow(/GEMINI_TTS_VOICES/);
  });
});
