import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themesFromVideo } from '../../features/admin/themes/theme-prompt';
import { createTestApp, sessionCookie } from '../../test/app';
import { type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { geminiLlm } from './gemini';
import { offlineLlm } from './offline';
import { openAiLlm } from './openai';
import { VideoUnavailable } from './types';

// Issue 18, テーマ管理: themes from a YouTube video through the script writer (creator-operator spec §2.4,
// §7; C-7.4-14). Gemini is given the URL itself as file data; a stand-in of the Gemini API answers in its
// wire format. The offline writer and OpenAI-compatible models cannot watch a video and say so.
type Mode = 'ok' | 'quota' | 'malformed' | 'empty';
let mode: Mode = 'ok';
let api: StandIn;

const THEMES = {
  videoTitle: '睡眠の科学 入門',
  themes: [
    { title: '眠りのリズム', perspective: '体内時計から考える', content: '朝の光で体内時計が整うことが紹介されていました。' },
    { title: '昼寝の効用', perspective: '仕事の合間に', content: '短い昼寝が午後の集中に役立つという話でした。' },
  ],
};

beforeAll(async () => {
  api = await startStandIn((_req, res) => {
    if (mode === 'quota') {
      return sendJson(res, 429, {
        error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
      });
    }
    const text =
      mode === 'malformed' ? '動画を見られませんでした' : JSON.stringify(mode === 'empty' ? { videoTitle: 'x', themes: [] } : THEMES);
    sendJson(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }] });
  });
});
afterAll(() => api.close());

const URL_IN = 'https://youtu.be/dQw4w9WgXcQ?si=share';
const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('Gemini: themes from a YouTube video', () => {
  it('sends the video as file data (fileUri, mimeType video/*) with a response schema, and reads the themes', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const gemini = geminiLlm({ provider: 'gemini', apiKey: 'g-key', model: 'gemini-2.5-flash', baseUrl: api.url, timeoutMs: 5000 });
    const out = await themesFromVideo(gemini, { url: WATCH });
    expect(out).toEqual(THEMES);
    expect(api.requests).toHaveLength(1);
    const sent = api.requests[0].json as {
      contents: { role: string; parts: Record<string, unknown>[] }[];
      generationConfig: Record<string, unknown>;
      tools?: unknown;
    };
    expect(api.requests[0].url.pathname).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.contents[0].parts[0]).toEqual({
      fileData: { fileUri: WATCH, mimeType: 'video/*' },
      videoMetadata: { startOffset: '0s', endOffset: '2400s' },
    });
    expect(sent.contents[0].parts[1].text).toMatch(/テーマ/);
    expect(sent.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { type: 'OBJECT' } });
    // #26.5: made from the feature's zod schema, every field asked for (a nullable one as its type).
    expect(sent.generationConfig.responseSchema).toEqual({
      type: 'OBJECT',
      properties: {
        videoTitle: { type: 'STRING' },
        themes: {
          type: 'ARRAY',
          items: {
            type: 'OBJECT',
            properties: { title: { type: 'STRING' }, perspective: { type: 'STRING' }, content: { type: 'STRING' } },
            required: ['title', 'perspective', 'content'],
          },
        },
      },
      required: ['videoTitle', 'themes'],
    });
    expect(sent.tools).toBeUndefined();
  });

  it('C-7.4-14: through the API, the themes are stored as pending with the video, and listed with youtubeExtraction.title', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'g-key', GEMINI_BASE_URL: api.url, AI_TIMEOUT_MS: '3000' });
    try {
      const cookie = await sessionCookie(t.db, { isAdmin: true });
      const extract = () =>
        t.app.inject({ method: 'POST', url: '/api/admin/youtube/extract', headers: { cookie }, payload: { url: URL_IN } });
      mode = 'ok';
      api.requests.length = 0;
      const res = await extract();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('2件のテーマを抽出しました');
      expect(res.json().themes).toHaveLength(2);
      // The address the model was given is the canonical watch URL, whatever form the operator pasted.
      expect(
        (api.requests[0].json as { contents: { parts: { fileData?: { fileUri: string } }[] }[] }).contents[0].parts[0].fileData?.fileUri,
      ).toBe(WATCH);
      const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/themes', headers: { cookie } })).json();
      expect(
        listed.map((x: { title: string; status: string; youtubeExtraction: unknown }) => [x.title, x.status, x.youtubeExtraction]),
      ).toEqual([
        ['昼寝の効用', 'pending', { title: '睡眠の科学 入門', url: WATCH }],
        ['眠りのリズム', 'pending', { title: '睡眠の科学 入門', url: WATCH }],
      ]);

      mode = 'quota';
      const limited = await extract();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('AIサービスの利用制限に達しました。しばらくしてからもう一度お試しください');
      mode = 'malformed';
      const malformed = await extract();
      expect(malformed.statusCode).toBe(503);
      expect(malformed.json().message).toBe('テーマの抽出に失敗しました。しばらくしてからもう一度お試しください');
      mode = 'empty';
      const empty = await extract();
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('この動画からテーマを抽出できませんでした');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/themes', headers: { cookie } })).json()).toHaveLength(2);
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});

describe('providers that cannot watch a video', () => {
  it('the offline writer and an OpenAI-compatible model say so without sending anything', async () => {
    api.requests.length = 0;
    const offline = await themesFromVideo(offlineLlm(), { url: WATCH }).catch((e) => e);
    expect(offline).toBeInstanceOf(VideoUnavailable);
    expect(offline).toMatchObject({ provider: 'offline', reason: 'offline' });
    const openai = await themesFromVideo(
      openAiLlm({ provider: 'openai', apiKey: 'k', baseUrl: api.url, model: 'gpt-4o-mini', timeoutMs: 2000 }),
      { url: WATCH },
    ).catch((e) => e);
    expect(openai).toMatchObject({ provider: 'openai', reason: 'no-video-input' });
    expect(api.requests).toEqual([]);
  });

  it('through the API with LLM_PROVIDER=openai: 503 with a plain Japanese message', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: api.url });
    try {
      const cookie = await sessionCookie(t.db, { isAdmin: true });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/youtube/extract', headers: { cookie }, payload: { url: WATCH } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'このAI（OpenAI互換のモデル）は動画を視聴できないため、YouTubeからテーマを抽出できません。LLM_PROVIDER=gemini を設定するか、テーマを手動で追加してください',
      );
    } finally {
      await t.close();
    }
  });
});
