import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { wavFile } from '../audio/wav';
import { googleTts } from './google';
import { openAiTts } from './openai';

// Issue 15: Cloud Text-to-Speech (POST /v1/text:synthesize?key -> {audioContent: base64 WAVE}) and the
// OpenAI-compatible audio/speech (raw 24 kHz PCM) against local stand-ins of their wire formats.
type Mode = 'ok' | 'quota' | 'malformed' | 'hang';
let mode: Mode = 'ok';
let api: StandIn;
let base: string;
const seen = () => api.requests;
const tone = (n: number) => Int16Array.from({ length: n }, (_, i) => Math.round(6000 * Math.sin(i / 7)));

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (mode === 'hang') return;
    // Google answers RESOURCE_EXHAUSTED with 429; OpenAI answers 429 rate_limit_exceeded.
    if (mode === 'quota') return sendJson(res, 429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    if (req.url.pathname === '/v1/text:synthesize') {
      const wave = mode === 'malformed' ? Buffer.from('not a wave') : wavFile(tone(4800), 24000);
      return sendJson(res, 200, { audioContent: wave.toString('base64') });
    }
    if (req.url.pathname === '/v1/audio/speech') {
      if (mode === 'malformed') return sendJson(res, 200, { oops: 1 });
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(tone(7200).buffer));
      return;
    }
    res.writeHead(404).end();
  });
  base = api.url;
});
afterAll(() => api.close());

const google = (timeoutMs = 5000) =>
  googleTts({
    provider: 'google',
    apiKey: 'g-key',
    baseUrl: base,
    voices: { ハルカ: 'ja-JP-Neural2-B', ケンタ: 'ja-JP-Neural2-D' },
    timeoutMs,
  });
const openai = (timeoutMs = 5000) =>
  openAiTts({
    provider: 'openai',
    apiKey: 'sk-test',
    baseUrl: `${base}/v1`,
    model: 'gpt-4o-mini-tts',
    voices: { ハルカ: 'nova', ケンタ: 'onyx' },
    timeoutMs,
  });

describe('Cloud Text-to-Speech voice', () => {
  it('asks text:synthesize with the key, the host voice, LINEAR16 at 24 kHz and the rate, and reads the WAVE', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const pcm = await google().synthesize({ text: 'ケンタです。', speakingRate: 1.2, host: 'ケンタ' });
    expect(pcm).toMatchObject({ sampleRate: 24000 });
    expect(pcm.samples.length).toBe(4800);
    expect(seen()[0].url.searchParams.get('key')).toBe('g-key');
    expect(seen()[0].json).toEqual({
      input: { text: 'ケンタです。' },
      voice: { languageCode: 'ja-JP', name: 'ja-JP-Neural2-D' },
      audioConfig: { audioEncoding: 'LINEAR16', speakingRate: 1.2, sampleRateHertz: 24000 },
    });
  });
});

describe('OpenAI-compatible audio/speech voice', () => {
  it('asks for raw PCM with the host voice and speed, with the key', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const pcm = await openai().synthesize({ text: 'こんにちは', speakingRate: 0.9, host: 'ハルカ' });
    expect(pcm).toMatchObject({ sampleRate: 24000 });
    expect(pcm.samples.length).toBe(7200);
    expect(seen()[0].headers.authorization).toBe('Bearer sk-test');
    expect(seen()[0].json).toEqual({ model: 'gpt-4o-mini-tts', voice: 'nova', input: 'こんにちは', response_format: 'pcm', speed: 0.9 });
  });
});

describe('both cloud voices', () => {
  it('report 429 as quota, a wrong answer as malformed, and silence as a timeout', async () => {
    for (const [name, tts] of [
      ['google', google(300)],
      ['openai', openai(300)],
    ] as const) {
      await expectProviderFailures(
        name,
        (m: Mode) => {
          mode = m;
        },
        () => tts.synthesize({ text: 'テスト', host: 'ハルカ' }),
        [
          ['quota', 'quota'],
          ['malformed', 'malformed'],
          ['hang', 'timeout'],
        ],
      );
    }
    mode = 'ok';
  });

  it('are chosen by TTS_PROVIDER, which needs their key', () => {
    expect(loadConfig({ TTS_PROVIDER: 'google', GOOGLE_TTS_API_KEY: 'g' }).tts).toEqual({
      provider: 'google',
      apiKey: 'g',
      baseUrl: 'https://texttospeech.googleapis.com',
      voices: { ハルカ: 'ja-JP-Neural2-B', ケンタ: 'ja-JP-Neural2-D' },
      timeoutMs: 60_000,
    });
    expect(loadConfig({ TTS_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_TTS_VOICES: 'shimmer, echo' }).tts).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini-tts',
      voices: { ハルカ: 'shimmer', ケンタ: 'echo' },
    });
    expect(() => loadConfig({ TTS_PROVIDER: 'google' })).toThrow(/GOOGLE_TTS_API_KEY/);
    expect(() => loadConfig({ TTS_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });
});
