import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_THEMES_MESSAGES } from '../../../shared/messages/admin-themes';
import { CREATION_MESSAGES } from '../../../shared/rules/creation';
import { loadConfig } from '../../config';
import { themesFromVideo } from '../../features/admin/themes/theme-prompt';
import { writeScript } from '../../features/creation/script-writer';
import { createTestApp, sessionCookie } from '../../test/app';
import {
  GEMINI_KEY,
  GEMINI_THEMES,
  type GeminiStandIn,
  LISTED_MODELS,
  PRIVATE_VIDEO,
  startGeminiStandIn,
} from '../../test/gemini-stand-in';
import { testJapanese } from '../../test/japanese';
import { scriptWriterMember } from '../../test/script-kit';
import { clearSettingProblem, settingProblems } from '../problems';
import { geminiLlm, temperatureFor, VIDEO_CLIP_SECONDS } from './gemini';
import { VideoNotReadable } from './types';

const J = testJapanese();

const SUPPORT_INSTRUCTIONS = 'アプリのサポートとして、短く答えてください。';

// #29.2: Gemini on first contact, against the stand-in written from the Gemini API reference
// (test/gemini-stand-in.ts): the key, the listed models, overload and an unreadable video.
let api: GeminiStandIn;

beforeAll(async () => {
  api = await startGeminiStandIn();
});
afterAll(() => api.close());
beforeEach(() => {
  api.overloaded = 0;
  api.requests.length = 0;
  clearSettingProblem('GEMINI_MODEL');
});

const gemini = (model = 'gemini-3.5-flash') =>
  geminiLlm({ provider: 'gemini', apiKey: GEMINI_KEY, model, baseUrl: api.url, timeoutMs: 5000, retryDelaysMs: [1, 1] });

describe('#29.2 Gemini on first contact', () => {
  it('#29.2 defaults GEMINI_MODEL to a current model from Google’s list', () => {
    expect(loadConfig({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).llm).toMatchObject({ model: 'gemini-3.5-flash' });
    expect(LISTED_MODELS.has('gemini-3.5-flash')).toBe(true);
  });

  it('#29.2 a model that is not found is a configuration error naming GEMINI_MODEL (not the quota), cleared by a later success', async () => {
    const err = await writeScript(gemini('gemini-1.5-flash'), J, { inputText: '朝の散歩', title: '' }).catch((e) => e);
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
    await writeScript(gemini(), J, { inputText: '朝の散歩', title: '' });
    expect(settingProblems()).toEqual([]);
  });

  it('#29.2 through the API: members get the script failure (503), not the quota; /health names GEMINI_MODEL', async () => {
    const t = await createTestApp({
      LLM_PROVIDER: 'gemini',
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_MODEL: 'gemini-2.0-flash',
      GEMINI_BASE_URL: api.url,
    });
    try {
      const generate = await scriptWriterMember(t);
      const res = await generate('朝の散歩');
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
    api.overloaded = 2;
    const out = await gemini().answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' });
    expect(out.length).toBeGreaterThan(0);
    expect(api.requests).toHaveLength(3);
    api.overloaded = 5;
    api.requests.length = 0;
    const err = await gemini()
      .answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' })
      .catch((e) => e);
    expect(err).toMatchObject({ provider: 'gemini', kind: 'unavailable' });
    expect(api.requests).toHaveLength(3);
  });

  it('#29.2 temperatures follow the model family: 1.0 for Gemini 3 and later, the task’s own for 2.x', async () => {
    await writeScript(gemini('gemini-3.5-flash'), J, { inputText: '朝の散歩', title: '' });
    await writeScript(gemini('gemini-2.5-flash'), J, { inputText: '朝の散歩', title: '' });
    const temps = api.requests.map((r) => (r.json.generationConfig as { temperature?: number }).temperature);
    expect(temps).toEqual([1, 1, 0.7, 0]);
    expect([temperatureFor('gemini-3.1-flash-lite', 0.2), temperatureFor('gemini-2.5-flash-lite', 0.2)]).toEqual([1, 0.2]);
  });

  it('#29.2 YouTube: the video is clipped (videoMetadata) at low media resolution; a private or unavailable video is VideoNotReadable', async () => {
    const out = await themesFromVideo(gemini(), { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(out).toEqual(GEMINI_THEMES);
    const sent = api.requests[0].json as { contents: { parts: Record<string, unknown>[] }[]; generationConfig: Record<string, unknown> };
    expect(sent.contents[0].parts[0]).toEqual({
      fileData: { fileUri: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mimeType: 'video/*' },
      videoMetadata: { startOffset: '0s', endOffset: `${VIDEO_CLIP_SECONDS}s` },
    });
    expect(sent.generationConfig).toMatchObject({ mediaResolution: 'MEDIA_RESOLUTION_LOW', temperature: 1 });
    const err = await themesFromVideo(gemini(), { url: PRIVATE_VIDEO }).catch((e) => e);
    expect(err).toBeInstanceOf(VideoNotReadable);
  });

  it('#29.2 through the API: a private video answers 422 抽出できません, not 503', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: api.url });
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
