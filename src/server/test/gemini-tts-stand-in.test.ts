import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechRequest } from '../providers/tts/gemini-wire';
import { GEMINI_KEY } from './gemini-stand-in';
import { startGeminiTtsStandIn, type TtsStandIn } from './gemini-tts-stand-in';

// #37.3: the Gemini TTS stand-in refuses what Google's speech-generation documents refuse, so the voice's
// tests cannot pass on a request the real API would turn down.
let api: TtsStandIn;
beforeAll(async () => {
  api = await startGeminiTtsStandIn();
});
afterAll(() => api.close());

const VOICES = { ハルカ: 'Zephyr', ケンタ: 'Charon' };
const TURNS = [
  { host: 'ハルカ' as const, text: 'こんにちは。' },
  { host: 'ケンタ' as const, text: 'どうも。' },
];
const good = () => speechRequest({ model: 'gemini-3.8-flash-tts', turns: TURNS, voices: VOICES, style: '自然に' });
type Body = ReturnType<typeof good>;

async function ask(body: unknown, opts: { model?: string; key?: string } = {}) {
  const res = await fetch(`${api.url}/v1beta/models/${opts.model ?? 'gemini-3.8-flash-tts'}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': opts.key ?? GEMINI_KEY },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, word: json.error?.status as string | undefined, json };
}
const withSpeakers = (b: Body, speakers: unknown[]) => ({
  ...b,
  generationConfig: { ...b.generationConfig, speechConfig: { multiSpeakerVoiceConfig: { speakerVoiceConfigs: speakers } } },
});
const speaker = (name: string, voiceName = 'Kore') => ({ speaker: name, voiceConfig: { prebuiltVoiceConfig: { voiceName } } });

describe('#37.3 the Gemini TTS stand-in is strict where Google is', () => {
  it('#37.3 answers a good request with base64 16-bit PCM at 24 kHz', async () => {
    const { status, json } = await ask(good());
    expect(status).toBe(200);
    expect(json.candidates[0].finishReason).toBe('STOP');
    expect(json.candidates[0].content.parts[0].inlineData.mimeType).toBe('audio/L16;codec=pcm;rate=24000');
    expect(Buffer.from(json.candidates[0].content.parts[0].inlineData.data, 'base64').length % 2).toBe(0);
  });

  it('#37.3 the key in x-goog-api-key (403), a model on Google’s list (404 NOT_FOUND)', async () => {
    expect(await ask(good(), { key: 'wrong' })).toMatchObject({ status: 403, word: 'PERMISSION_DENIED' });
    expect(await ask(good(), { model: 'gemini-2.5-flash-preview-tts' })).toMatchObject({ status: 404, word: 'NOT_FOUND' });
    expect(await ask(good(), { model: 'gemini-3.5-flash' })).toMatchObject({ status: 404, word: 'NOT_FOUND' });
  });

  it('#37.3 refuses (400 INVALID_ARGUMENT) what Google documents it refuses', async () => {
    const b = good();
    const refusals: unknown[] = [
      { ...b, generationConfig: { ...b.generationConfig, responseModalities: ['TEXT'] } },
      { ...b, generationConfig: { ...b.generationConfig, temperature: 0.5 } },
      withSpeakers(b, [speaker('ハルカ'), speaker('ケンタ', 'Puck'), speaker('ゲスト', 'Leda')]),
      withSpeakers(b, [speaker('ハルカ')]),
      withSpeakers(b, [speaker('ハルカ'), speaker('司会', 'Puck')]),
      withSpeakers(b, [speaker('ハルカ'), speaker('ケンタ', 'Nobody')]),
      { ...b, contents: [{ role: 'user', parts: [{ text: 'あ'.repeat(8193) }] }] },
    ];
    for (const body of refusals)
      expect(await ask(body), JSON.stringify(body).slice(0, 160)).toMatchObject({ status: 400, word: 'INVALID_ARGUMENT' });
  });

  it('#37.3 a model before 3.8 needs each speaker named in the text', async () => {
    const legacy = speechRequest({ model: 'gemini-3.1-flash-tts-preview', turns: TURNS, voices: VOICES, style: '自然に' });
    expect((await ask(legacy, { model: 'gemini-3.1-flash-tts-preview' })).status).toBe(200);
    const unnamed = { ...legacy, contents: [{ role: 'user', parts: [{ text: '自然に\n\nこんにちは。\nどうも。' }] }] };
    expect(await ask(unnamed, { model: 'gemini-3.1-flash-tts-preview' })).toMatchObject({ status: 400, word: 'INVALID_ARGUMENT' });
  });
});
