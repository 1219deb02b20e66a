import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isQuotaError } from '../../features/creation/voice';
import { tone } from '../../test/generation-kit';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { wavFile } from '../audio/wav';
import { googleTts } from './google';
import { OPENAI_TTS_MAX_CHARS, openAiTts, paceInstructions } from './openai';

// Issue 15 and #29.4: Cloud Text-to-Speech and the OpenAI-compatible audio/speech against local
// stand-ins written from their references:
// - Google: https://cloud.google.com/text-to-speech/docs/reference/rest/v1/text/synthesize and the
//   content limits at https://cloud.google.com/text-to-speech/quotas: the key in `x-goog-api-key` (403
//   PERMISSION_DENIED without one), `input.text` at most 5,000 bytes and no over-long sentence (400
//   INVALID_ARGUMENT with Google's own messages, recorded below), LINEAR16 answers a base64 WAVE.
//   Recorded answer (google-cloud-node#4074, wavenet-for-chrome#68):
//   {"error":{"code":400,"message":"Either `input.text` or `input.ssml` is longer than the limit of 5000 bytes. This limit is different from quotas. ...","status":"INVALID_ARGUMENT"}}
// - OpenAI: https://platform.openai.com/docs/api-reference/audio/createSpeech (raw 24 kHz PCM):
//   `instructions` "does not work with tts-1 or tts-1-hd" (the stand-in refuses it there), and
//   gpt-4o-mini-tts ignores `speed` (the same audio whatever the speed, as measured on the real service).
//   #41.4: strict where OpenAI is: the key (401 invalid_api_key), the model's voices (400 invalid_value;
//   tts-1 has nine, gpt-4o-mini-tts thirteen: the text-to-speech guide) and `input` of at most 4,096
//   characters (400 string_above_max_length), in OpenAI's error shape:
//   {"error":{"message":"Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length 5000 instead.","type":"invalid_request_error","param":"input","code":"string_above_max_length"}}
const TTS1_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];
const OPENAI_VOICES: Record<string, string[]> = {
  'tts-1': TTS1_VOICES,
  'tts-1-hd': TTS1_VOICES,
  'gpt-4o-mini-tts': [...TTS1_VOICES, 'ballad', 'verse', 'marin', 'cedar'],
};
const openAiError = (res: http.ServerResponse, status: number, param: string | null, code: string, message: string) =>
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param, code } });
type Mode = 'ok' | 'quota' | 'malformed' | 'hang';
const bytesOf = (s: string) => Buffer.byteLength(s, 'utf8');
/** The stand-in's sentence limit: refusals are reported from about 300 bytes of Latin text. */
const STAND_IN_SENTENCE_BYTES = 300;
let googleAmplitude = 6000;
let mode: Mode = 'ok';
let api: StandIn;
let base: string;
const seen = () => api.requests;

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (mode === 'hang') return;
    // Google answers RESOURCE_EXHAUSTED with 429; OpenAI answers 429 rate_limit_exceeded.
    if (mode === 'quota') return sendJson(res, 429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    if (req.url.pathname === '/v1/text:synthesize') {
      if (req.headers['x-goog-api-key'] !== 'g-key' && req.url.searchParams.get('key') !== 'g-key')
        return sendJson(res, 403, {
          error: { code: 403, message: "Method doesn't allow unregistered callers", status: 'PERMISSION_DENIED' },
        });
      const text = String((req.json.input as { text?: string })?.text ?? '');
      if (bytesOf(text) > 5000)
        return sendJson(res, 400, {
          error: {
            code: 400,
            message:
              'Either `input.text` or `input.ssml` is longer than the limit of 5000 bytes. This limit is different from quotas. To fix, reduce the byte length of the characters in this request, or consider using the Long Audio API: https://cloud.google.com/text-to-speech/docs/create-audio-text-long-audio-synthesis.',
            status: 'INVALID_ARGUMENT',
          },
        });
      if ((text.match(/[^。.!?！？]+[。.!?！？]*/g) ?? []).some((x) => bytesOf(x) > STAND_IN_SENTENCE_BYTES))
        return sendJson(res, 400, {
          error: {
            code: 400,
            message:
              'This request contains sentences that are too long. Consider splitting up long sentences with sentence ending punctuation e.g. periods.',
            status: 'INVALID_ARGUMENT',
          },
        });
      const amp = googleAmplitude;
      googleAmplitude = googleAmplitude === 6000 ? 1500 : 6000; // pieces come back at different levels
      const wave =
        mode === 'malformed'
          ? Buffer.from('not a wave')
          : wavFile(
              Int16Array.from({ length: 4800 }, (_, i) => Math.round(amp * Math.sin(i / 7))),
              24000,
            );
      return sendJson(res, 200, { audioContent: wave.toString('base64') });
    }
    if (req.url.pathname === '/v1/audio/speech') {
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (key !== 'sk-test')
        return openAiError(
          res,
          401,
          null,
          'invalid_api_key',
          `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        );
      const voices = OPENAI_VOICES[String(req.json.model)] ?? [];
      if (!voices.includes(String(req.json.voice)))
        return openAiError(
          res,
          400,
          'voice',
          'invalid_value',
          `Invalid value: '${req.json.voice}'. Supported values are: ${voices.map((v) => `'${v}'`).join(', ')}.`,
        );
      const chars = [...String(req.json.input ?? '')].length;
      if (chars > 4096)
        return openAiError(
          res,
          400,
          'input',
          'string_above_max_length',
          `Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length ${chars} instead.`,
        );
      if (mode === 'malformed') return sendJson(res, 200, { oops: 1 });
      const tts1 = /^tts-1/.test(String(req.json.model));
      if (tts1 && 'instructions' in req.json)
        return sendJson(res, 400, {
          error: {
            message: 'instructions is not supported for this model',
            type: 'invalid_request_error',
            param: 'instructions',
            code: null,
          },
        });
      const n = tts1 ? Math.round(7200 / Number(req.json.speed ?? 1)) : 7200;
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(tone(n / 22_050).samples.buffer));
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
const openai = (timeoutMs = 5000, model = 'gpt-4o-mini-tts', over: { apiKey?: string; voices?: { ハルカ: string; ケンタ: string } } = {}) =>
  openAiTts({
    provider: 'openai',
    apiKey: 'sk-test',
    baseUrl: `${base}/v1`,
    model,
    voices: { ハルカ: 'nova', ケンタ: 'onyx' },
    timeoutMs,
    ...over,
  });

describe('Cloud Text-to-Speech voice', () => {
  it('asks text:synthesize with the key, the host voice, LINEAR16 at 24 kHz and the rate, and reads the WAVE', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const pcm = await google().synthesize({ text: 'ケンタです。', speakingRate: 1.2, host: 'ケンタ' });
    expect(pcm).toMatchObject({ sampleRate: 24000 });
    expect(pcm.samples.length).toBe(4800);
    expect(seen()[0].headers['x-goog-api-key']).toBe('g-key');
    expect(seen()[0].url.search).toBe('');
    expect(seen()[0].json).toEqual({
      input: { text: 'ケンタです。' },
      voice: { languageCode: 'ja-JP', name: 'ja-JP-Neural2-D' },
      audioConfig: { audioEncoding: 'LINEAR16', speakingRate: 1.2, sampleRateHertz: 24000 },
    });
  });
});

describe('#29.4 Cloud Text-to-Speech: long lines in pieces under its limits', () => {
  it('#29.4 a 4,000-character line (12 KB) is asked in pieces of at most 5,000 bytes, each sentence under the limit, joined at matched loudness', async () => {
    mode = 'ok';
    api.requests.length = 0;
    googleAmplitude = 6000;
    const sentence = 'これは長い台本の一文で、句読点のところで区切れるように書かれています。'; // 35 characters, 105 bytes
    const line = sentence.repeat(115).slice(0, 4000);
    expect(bytesOf(line)).toBe(12_000);
    const pcm = await google().synthesize({ text: line, host: 'ハルカ' });
    const texts = seen().map((r) => String((r.json.input as { text: string }).text));
    expect(texts.every((t) => bytesOf(t) <= 5000)).toBe(true);
    expect(texts.join('')).toBe(line);
    expect(texts.length).toBe(3);
    expect(pcm.samples.length).toBe(4800 * 3);
    // Each piece at the loudest piece's level: 6000, 1500 and 6000 come back as one level.
    const peak = (from: number) => Math.max(...pcm.samples.subarray(from, from + 4800).map(Math.abs));
    expect([peak(0), peak(4800), peak(9600)]).toEqual([6000, 6000, 6000]);
  });

  it('#29.4 a sentence too long for the voice is cut at its commas, and one without punctuation at a character boundary', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const long = `${'あいうえおかきくけこ'.repeat(8)}、${'さしすせそたちつてと'.repeat(6)}、${'なにぬねの'.repeat(4)}。`;
    expect(bytesOf(long)).toBeGreaterThan(300);
    await google().synthesize({ text: `${long}${'ん'.repeat(150)}`, host: 'ハルカ' });
    const texts = seen().map((r) => String((r.json.input as { text: string }).text));
    expect(texts).toEqual([
      `${'あいうえおかきくけこ'.repeat(8)}、`,
      `${'さしすせそたちつてと'.repeat(6)}、${'なにぬねの'.repeat(4)}。`,
      'ん'.repeat(100),
      'ん'.repeat(50),
    ]);
  });

  it('#29.4 400 INVALID_ARGUMENT is a refusal of the input, not a rate limit; a wrong key is a setting', async () => {
    mode = 'ok';
    const stand = await startStandIn((_req, res) =>
      sendJson(res, 400, {
        error: {
          code: 400,
          message: 'Either `input.text` or `input.ssml` is longer than the limit of 5000 bytes. This limit is different from quotas.',
          status: 'INVALID_ARGUMENT',
        },
      }),
    );
    const refused = await googleTts({
      provider: 'google',
      apiKey: 'g-key',
      baseUrl: stand.url,
      voices: { ハルカ: 'a', ケンタ: 'b' },
      timeoutMs: 2000,
    })
      .synthesize({ text: 'テスト。', host: 'ハルカ' })
      .catch((e) => e);
    await stand.close();
    expect(refused).toMatchObject({ provider: 'google', kind: 'rejected' });
    expect(isQuotaError(refused)).toBe(false);
    const wrongKey = await googleTts({
      provider: 'google',
      apiKey: 'nope',
      baseUrl: base,
      voices: { ハルカ: 'a', ケンタ: 'b' },
      timeoutMs: 2000,
    })
      .synthesize({ text: 'テスト。', host: 'ハルカ' })
      .catch((e) => e);
    expect(wrongKey).toMatchObject({ provider: 'google', kind: 'config' });
  });
});

describe('OpenAI-compatible audio/speech voice', () => {
  it('#29.3 gpt-4o-mini-tts: the pace in instructions (no speed), and the rate applied by time-stretching the answer', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const pcm = await openai().synthesize({ text: 'こんにちは', speakingRate: 0.9, host: 'ハルカ' });
    expect(pcm).toMatchObject({ sampleRate: 24000 });
    expect(pcm.samples.length).toBe(8000);
    expect(seen()[0].headers.authorization).toBe('Bearer sk-test');
    expect(seen()[0].json).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'nova',
      input: 'こんにちは',
      response_format: 'pcm',
      instructions: paceInstructions(0.9),
    });
    expect(paceInstructions(0.9)).toContain('やや ゆっくりめに');
    // The member's rate changes the duration: 1.6 is 1/1.6 of 1.0's length.
    const normal = await openai().synthesize({ text: 'こんにちは', speakingRate: 1, host: 'ハルカ' });
    const fast = await openai().synthesize({ text: 'こんにちは', speakingRate: 1.6, host: 'ハルカ' });
    expect([normal.samples.length, fast.samples.length]).toEqual([7200, 4500]);
  });

  it('#29.3 tts-1 and tts-1-hd take the rate as speed, without instructions', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const pcm = await openai(5000, 'tts-1-hd').synthesize({ text: 'こんにちは', speakingRate: 1.6, host: 'ケンタ' });
    expect(pcm.samples.length).toBe(4500);
    expect(seen()[0].json).toEqual({ model: 'tts-1-hd', voice: 'onyx', input: 'こんにちは', response_format: 'pcm', speed: 1.6 });
  });

  it('#41.4 the stand-in refuses as OpenAI does: a wrong key (401), a voice the model lacks (400), input over 4,096 characters (400)', async () => {
    mode = 'ok';
    const speech = async (body: Record<string, unknown>, key = 'sk-test') => {
      const res = await fetch(`${base}/v1/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ model: 'gpt-4o-mini-tts', voice: 'marin', input: 'こんにちは', response_format: 'pcm', ...body }),
      });
      return { status: res.status, error: res.status === 200 ? null : (await res.json()).error };
    };
    expect(await speech({})).toEqual({ status: 200, error: null });
    expect(await speech({}, 'sk-wrong-key-1234')).toMatchObject({ status: 401, error: { code: 'invalid_api_key', param: null } });
    expect(await speech({ model: 'tts-1', voice: 'marin' })).toMatchObject({
      status: 400,
      error: { code: 'invalid_value', param: 'voice' },
    });
    expect(await speech({ voice: 'ハルカ' })).toMatchObject({ status: 400, error: { code: 'invalid_value', param: 'voice' } });
    expect(await speech({ input: 'あ'.repeat(4096) })).toEqual({ status: 200, error: null });
    expect(await speech({ input: 'あ'.repeat(4097) })).toEqual({
      status: 400,
      error: {
        message: "Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length 4097 instead.",
        type: 'invalid_request_error',
        param: 'input',
        code: 'string_above_max_length',
      },
    });
  });

  it('#41.4 a line over the input limit is asked in pieces within it; a wrong key is a setting, a wrong voice a refusal', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const sentence = `${'あ'.repeat(599)}。`;
    const pcm = await openai(5000, 'tts-1').synthesize({ text: sentence.repeat(8), host: 'ハルカ' });
    const inputs = seen().map((r) => [...String(r.json.input)].length);
    expect(inputs.every((n) => n <= OPENAI_TTS_MAX_CHARS)).toBe(true);
    expect(inputs.reduce((a, b) => a + b, 0)).toBe(4800);
    expect(inputs.length).toBe(4);
    expect(pcm.samples.length).toBe(4 * 7200);
    expect(
      await openai(5000, 'tts-1', { apiKey: 'sk-wrong' })
        .synthesize({ text: 'テスト', host: 'ハルカ' })
        .catch((e) => e),
    ).toMatchObject({
      provider: 'openai',
      kind: 'config',
    });
    expect(
      await openai(5000, 'tts-1', { voices: { ハルカ: 'marin', ケンタ: 'onyx' } })
        .synthesize({ text: 'テスト', host: 'ハルカ' })
        .catch((e) => e),
    ).toMatchObject({ provider: 'openai', kind: 'rejected' });
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
