import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_THEMES_MESSAGES } from '../../../shared/messages/admin-themes';
import { CREATION_MESSAGES } from '../../../shared/rules/creation';
import { loadConfig } from '../../config';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { clearSettingProblem, settingProblems } from '../problems';
import { geminiLlm, temperatureFor, VIDEO_CLIP_SECONDS } from './gemini';
import { VideoNotReadable } from './types';

// #29.2: Gemini on first contact, against a stand-in written from the Gemini API reference
// (https://ai.google.dev/api/generate-content, https://ai.google.dev/gemini-api/docs/troubleshooting,
// https://ai.google.dev/gemini-api/docs/video-understanding): the key in `x-goog-api-key` (403 without),
// only the models Google lists (a shut-down or misspelt one answers 404 NOT_FOUND), 503 UNAVAILABLE when
// overloaded, and 400 INVALID_ARGUMENT for a YouTube video it cannot open. Recorded answers:
//   404: {"error":{"code":404,"message":"models/gemini-1.5-flash is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.","status":"NOT_FOUND"}}
//   503: {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}
const LISTED = new Set(['gemini-3.5-flash', 'gemini-3.5-flash-lite', 'gemini-3.1-flash-lite', 'gemini-2.5-flash', 'gemini-2.5-flash-lite']);
const PRIVATE_VIDEO = 'https://www.youtube.com/watch?v=privateVid1';
const SCRIPT = {
  title: '朝の散歩',
  script: 'ハルカ：こんにちは、ハルカです。\nケンタ：ケンタです。朝の散歩の話です。',
  labels: ['健康・ウェルネス'],
};
const CHECK = { status: 'verified', confidence: 90, summary: '問題ありません', issues: [] };
const THEMES = {
  videoTitle: '睡眠の科学',
  themes: [{ title: '眠りのリズム', perspective: '体内時計から', content: '朝の光の話でした。' }],
};

let overloaded = 0;
let api: StandIn;

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (req.headers['x-goog-api-key'] !== 'g-key')
      return sendJson(res, 403, {
        error: { code: 403, message: "Method doesn't allow unregistered callers", status: 'PERMISSION_DENIED' },
      });
    const model = /^\/v1beta\/models\/([^:]+):generateContent$/.exec(req.url.pathname)?.[1] ?? '';
    if (!LISTED.has(model))
      return sendJson(res, 404, {
        error: {
          code: 404,
          message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
          status: 'NOT_FOUND',
        },
      });
    if (overloaded > 0) {
      overloaded--;
      return sendJson(res, 503, {
        error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
      });
    }
    const parts = (req.json.contents as { parts?: { fileData?: { fileUri: string } }[] }[] | undefined)?.[0]?.parts ?? [];
    const video = parts.find((p) => p.fileData)?.fileData?.fileUri;
    if (video === PRIVATE_VIDEO)
      return sendJson(res, 400, { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } });
    const text = video ? JSON.stringify(THEMES) : Array.isArray(req.json.tools) ? JSON.stringify(CHECK) : JSON.stringify(SCRIPT);
    sendJson(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }] });
  });
});
afterAll(() => api.close());
beforeEach(() => {
  overloaded = 0;
  api.requests.length = 0;
  clearSettingProblem('GEMINI_MODEL');
});

const gemini = (model = 'gemini-3.5-flash') =>
  geminiLlm({ provider: 'gemini', apiKey: 'g-key', model, baseUrl: api.url, timeoutMs: 5000, retryDelaysMs: [1, 1] });

describe('#29.2 Gemini on first contact', () => {
  it('#29.2 defaults GEMINI_MODEL to a current model from Google’s list', () => {
    expect(loadConfig({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).llm).toMatchObject({ model: 'gemini-3.5-flash' });
    expect(LISTED.has('gemini-3.5-flash')).toBe(true);
  });

  it('#29.2 a model that is not found is a configuration error naming GEMINI_MODEL (not the quota), cleared by a later success', async () => {
    const err = await gemini('gemini-1.5-flash')
      .writeScript({ inputText: '朝の散歩', title: '' })
      .catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'config' });
    expect(settingProblems()).toEqual([
      {
        setting: 'GEMINI_MODEL',
        provider: 'gemini',
        message:
          'GEMINI_MODEL「gemini-1.5-flash」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行のモデル（例: gemini-3.5-flash）を設定してください',
        since: expect.any(String),
      },
    ]);
    await gemini().writeScript({ inputText: '朝の散歩', title: '' });
    expect(settingProblems()).toEqual([]);
  });

  it('#29.2 through the API: members get the script failure (503), not the quota; /health names GEMINI_MODEL', async () => {
    const t = await createTestApp({
      LLM_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'g-key',
      GEMINI_MODEL: 'gemini-2.0-flash',
      GEMINI_BASE_URL: api.url,
    });
    try {
      const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/generate-script',
        headers: { cookie },
        payload: { inputText: '朝の散歩', title: '' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(CREATION_MESSAGES.scriptFailed);
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().problems.map((p: { setting: string }) => p.setting)).toEqual(['GEMINI_MODEL']);
      expect(health.json().problems[0].message).toContain('gemini-2.0-flash');
    } finally {
      await t.close();
    }
  });

  it('#29.2 503 UNAVAILABLE (overloaded) is retried with backoff; still overloaded after three tries it is unavailable', async () => {
    overloaded = 2;
    const out = await gemini().answerSupport({ question: '解約は？', passages: [] });
    expect(out.length).toBeGreaterThan(0);
    expect(api.requests).toHaveLength(3);
    overloaded = 5;
    api.requests.length = 0;
    const err = await gemini()
      .answerSupport({ question: '解約は？', passages: [] })
      .catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'unavailable' });
    expect(api.requests).toHaveLength(3);
  });

  it('#29.2 temperatures follow the model family: 1.0 for Gemini 3 and later, the task’s own for 2.x', async () => {
    await gemini('gemini-3.5-flash').writeScript({ inputText: '朝の散歩', title: '' });
    await gemini('gemini-2.5-flash').writeScript({ inputText: '朝の散歩', title: '' });
    const temps = api.requests.map((r) => (r.json.generationConfig as { temperature?: number }).temperature);
    expect(temps).toEqual([1, 1, 0.7, 0]);
    expect([temperatureFor('gemini-3.1-flash-lite', 0.2), temperatureFor('gemini-2.5-flash-lite', 0.2)]).toEqual([1, 0.2]);
  });

  it('#29.2 YouTube: the video is clipped (videoMetadata) at low media resolution; a private or unavailable video is VideoNotReadable', async () => {
    const out = await gemini().extractThemes({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(out).toEqual(THEMES);
    const sent = api.requests[0].json as { contents: { parts: Record<string, unknown>[] }[]; generationConfig: Record<string, unknown> };
    expect(sent.contents[0].parts[0]).toEqual({
      fileData: { fileUri: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mimeType: 'video/*' },
      videoMetadata: { startOffset: '0s', endOffset: `${VIDEO_CLIP_SECONDS}s` },
    });
    expect(sent.generationConfig).toMatchObject({ mediaResolution: 'MEDIA_RESOLUTION_LOW', temperature: 1 });
    const err = await gemini()
      .extractThemes({ url: PRIVATE_VIDEO })
      .catch((e) => e);
    expect(err).toBeInstanceOf(VideoNotReadable);
  });

  it('#29.2 through the API: a private video answers 422 抽出できません, not 503', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'g-key', GEMINI_BASE_URL: api.url });
    try {
      const cookie = await sessionCookie(t.db, { isAdmin: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/youtube/extract',
        headers: { cookie },
        payload: { url: PRIVATE_VIDEO },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(ADMIN_THEMES_MESSAGES.extractUnreadable);
    } finally {
      await t.close();
    }
  });
});
