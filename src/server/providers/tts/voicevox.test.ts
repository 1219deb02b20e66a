import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, insertTrack, insertUser, sessionCookie } from '../../test/app';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { renderDialogueToMp3 } from '../audio/render';
import { wavFile } from '../audio/wav';
import { espeakProvider } from './espeak';
import { voicevoxTts } from './voicevox';

// Issue 15: the VOICEVOX voice against a local stand-in of the engine that speaks its wire format
// (POST /audio_query?text&speaker -> AudioQuery JSON; POST /synthesis?speaker with it -> WAVE).
// #29.5: written from VOICEVOX ENGINE's API (github:VOICEVOX/voicevox_engine, voicevox_engine/app/routers
// and the OpenAPI document at /docs): `GET /speakers` answers each character with its styles, e.g. the
// recorded answer (trimmed to two characters)
//   [{"name":"四国めたん","speaker_uuid":"7ffcb7ce-00ec-4bdc-82cd-45a8889e43ff","styles":[{"name":"ノーマル","id":2,"type":"talk"}],"version":"0.15.0"},
//    {"name":"青山龍星","speaker_uuid":"4f51116a-d9ee-4516-925d-21f183e2afad","styles":[{"name":"ノーマル","id":13,"type":"talk"}],"version":"0.15.0"}]
// and the text travels in the query string of /audio_query: the stand-in refuses a request carrying
// more than one sentence, so the adapter must send one sentence a request.
type Mode = 'ok' | 'quota' | 'malformed' | 'hang';
let mode: Mode = 'ok';
let speakersDown = false;
let engine: StandIn;
let url: string;
/** What the engine was asked: path, speaker, text and the AudioQuery sent back. */
const calls = () =>
  engine.requests.map((r) => ({
    path: r.url.pathname,
    speaker: r.url.searchParams.get('speaker'),
    text: r.url.searchParams.get('text'),
    body: r.json,
  }));

beforeAll(async () => {
  engine = await startStandIn((req, res) => {
    if (mode === 'hang') return; // never answers
    if (mode === 'quota') return sendJson(res, 429, { detail: 'Too Many Requests' });
    if (req.method === 'GET' && req.url.pathname === '/speakers') {
      if (speakersDown) return sendJson(res, 500, { detail: 'Internal Server Error' });
      return sendJson(res, 200, [
        {
          name: '四国めたん',
          speaker_uuid: '7ffcb7ce-00ec-4bdc-82cd-45a8889e43ff',
          styles: [
            { name: 'ノーマル', id: 2, type: 'talk' },
            { name: 'あまあま', id: 0, type: 'talk' },
          ],
          version: '0.15.0',
        },
        {
          name: '青山龍星',
          speaker_uuid: '4f51116a-d9ee-4516-925d-21f183e2afad',
          styles: [{ name: 'ノーマル', id: 13, type: 'talk' }],
          version: '0.15.0',
        },
      ]);
    }
    if (req.method === 'POST' && req.url.pathname === '/audio_query') {
      const text = req.url.searchParams.get('text') ?? '';
      if ((text.match(/[。！？!?]/g) ?? []).length > 1 || /[。！？!?]./.test(text))
        return sendJson(res, 422, {
          detail: [{ loc: ['query', 'text'], msg: 'the stand-in takes one sentence a request', type: 'value_error' }],
        });
      const query = {
        accent_phrases: [],
        speedScale: 1,
        pitchScale: 0,
        intonationScale: 1,
        volumeScale: 1,
        prePhonemeLength: 0.1,
        postPhonemeLength: 0.1,
        outputSamplingRate: 24000,
        outputStereo: false,
        kana: '',
      };
      return sendJson(res, 200, mode === 'malformed' ? { oops: true } : query);
    }
    if (req.method === 'POST' && req.url.pathname === '/synthesis') {
      // Half a second of a tone, longer for ケンタ's speaker so the test can tell the two apart.
      const n = req.url.searchParams.get('speaker') === '13' ? 18_000 : 12_000;
      const samples = Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24000)));
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wavFile(samples, 24000));
      return;
    }
    res.writeHead(404).end();
  });
  url = engine.url;
});
afterAll(() => engine.close());

const settings = (timeoutMs = 5000) => ({ provider: 'voicevox' as const, url, speakers: { ハルカ: 2, ケンタ: 13 }, timeoutMs });

describe('VOICEVOX voice', () => {
  it('asks audio_query then synthesis with the host speaker and the speaking rate as speedScale, and reads the WAVE', async () => {
    mode = 'ok';
    engine.requests.length = 0;
    const tts = voicevoxTts(settings());
    const haruka = await tts.synthesize({ text: 'こんにちは、ハルカです。', speakingRate: 1.3, host: 'ハルカ' });
    const kenta = await tts.synthesize({ text: 'ケンタです。', speakingRate: 0.8, host: 'ケンタ' });
    expect(haruka.sampleRate).toBe(24000);
    expect(haruka.samples.length).toBe(12_000);
    expect(kenta.samples.length).toBe(18_000);
    expect(calls().map((c) => [c.path, c.speaker])).toEqual([
      ['/audio_query', '2'],
      ['/synthesis', '2'],
      ['/audio_query', '13'],
      ['/synthesis', '13'],
    ]);
    expect(calls()[0].text).toBe('こんにちは、ハルカです。');
    expect(calls()[1].body).toMatchObject({ speedScale: 1.3, outputSamplingRate: 24000, outputStereo: false, accent_phrases: [] });
    expect(calls()[3].body).toMatchObject({ speedScale: 0.8 });
  });

  it('#29.5 sends one sentence a request (the text travels in the query string) and joins their audio', async () => {
    mode = 'ok';
    engine.requests.length = 0;
    const pcm = await voicevoxTts(settings()).synthesize({ text: 'こんにちは。ハルカです！今日はいい天気ですね？', host: 'ハルカ' });
    expect(
      calls()
        .filter((c) => c.path === '/audio_query')
        .map((c) => c.text),
    ).toEqual(['こんにちは。', 'ハルカです！', '今日はいい天気ですね？']);
    expect(pcm.samples.length).toBe(3 * 12_000);
  });

  it('#29.5 credits the configured speakers’ characters as VOICEVOX’s terms require, from /speakers or the bundled names', async () => {
    mode = 'ok';
    expect(await voicevoxTts(settings()).credit?.()).toBe('VOICEVOX:四国めたん、VOICEVOX:青山龍星');
    expect(await voicevoxTts({ ...settings(), speakers: { ハルカ: 2, ケンタ: 0 } }).credit?.()).toBe('VOICEVOX:四国めたん');
    speakersDown = true;
    try {
      expect(await voicevoxTts({ ...settings(), speakers: { ハルカ: 3, ケンタ: 13 } }).credit?.()).toBe(
        'VOICEVOX:ずんだもん、VOICEVOX:青山龍星',
      );
    } finally {
      speakersDown = false;
    }
  });

  it('#29.5 a VOICEVOX-voiced dialogue carries its provider and credit; the transcript answers the credit', async () => {
    mode = 'ok';
    const rendered = await renderDialogueToMp3('ハルカ：こんにちは。\nケンタ：ケンタです。', { tts: voicevoxTts(settings()) });
    expect([rendered.voicedBy, rendered.voiceCredit]).toEqual(['voicevox', 'VOICEVOX:四国めたん、VOICEVOX:青山龍星']);
    // eSpeak NG, the fallback offline voice, asks for no credit (Open JTalk's: tts/openjtalk.test.ts).
    const offline = await renderDialogueToMp3('ハルカ：こんにちは。', { tts: espeakProvider() });
    expect([offline.voicedBy, offline.voiceCredit]).toEqual(['offline', null]);
    const t = await createTestApp();
    try {
      const voiced = await insertTrack(t, {
        title: 'VOICEVOXの声',
        script: 'ハルカ：こんにちは。',
        voicedBy: 'voicevox',
        voiceCredit: rendered.voiceCredit,
      });
      const plain = await insertTrack(t, { title: '内蔵の声', script: 'ハルカ：こんにちは。' });
      expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${voiced.id}/transcript` })).json().credit).toBe(
        'VOICEVOX:四国めたん、VOICEVOX:青山龍星',
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${plain.id}/transcript` })).json().credit).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('reports 429 as the quota, an answer of the wrong shape as malformed, and silence past the deadline as a timeout', async () => {
    await expectProviderFailures(
      'voicevox',
      (m: Mode) => {
        mode = m;
      },
      () => voicevoxTts(settings(300)).synthesize({ text: 'テスト', host: 'ハルカ' }),
      [
        ['quota', 'quota'],
        ['malformed', 'malformed'],
        ['hang', 'timeout'],
      ],
    );
    mode = 'ok';
  });

  it('is chosen by TTS_PROVIDER=voicevox, which needs VOICEVOX_URL', () => {
    expect(loadConfig({ TTS_PROVIDER: 'voicevox', VOICEVOX_URL: url, VOICEVOX_SPEAKERS: '3, 11' }).tts).toEqual({
      provider: 'voicevox',
      url,
      speakers: { ハルカ: 3, ケンタ: 11 },
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ TTS_PROVIDER: 'voicevox' })).toThrow(/VOICEVOX_URL/);
    expect(() => loadConfig({ TTS_PROVIDER: 'voicevox', VOICEVOX_URL: url, VOICEVOX_SPEAKERS: '2' })).toThrow(/VOICEVOX_SPEAKERS/);
    expect(loadConfig({}).tts).toEqual({ provider: 'offline' });
  });

  it("through the API: a preview in the engine's voice plays the two hosts; its quota is told as such and the use given back", async () => {
    const t = await createTestApp({ TTS_PROVIDER: 'voicevox', VOICEVOX_URL: url, AI_TIMEOUT_MS: '2000' });
    try {
      const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      // Each preview says something new: a line spoken before is not asked of the engine again (issue 37.4).
      let round = 0;
      const preview = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/generate-audio-preview',
          headers: { cookie },
          payload: { script: `ハルカ：こんにちは、${++round}回目のハルカです。\nケンタ：ケンタです。`, title: 'VOICEVOX', speakingRate: 1 },
        });
      mode = 'ok';
      engine.requests.length = 0;
      const ok = await preview();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ currentCount: 1, dailyLimit: 3 });
      // Half a second of each host plus the pauses around and between them.
      expect(ok.json().duration).toBeGreaterThan(1);
      expect(
        calls()
          .filter((c) => c.path === '/synthesis')
          .map((c) => c.speaker),
      ).toEqual(['2', '13']);

      mode = 'quota';
      const limited = await preview();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: 'AI音声生成サービスの制限に達しました。しばらくしてからもう一度お試しください',
        reason: 'ai_service_limit',
      });
      mode = 'malformed';
      const broken = await preview();
      expect(broken.statusCode).toBe(503);
      const status = (await t.app.inject({ method: 'GET', url: '/api/posting-status', headers: { cookie } })).json();
      expect(status).toMatchObject({ currentCount: 1, remaining: 2 });
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
