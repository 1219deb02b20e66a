import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { GEMINI_KEY, type GeminiStandIn, startGeminiStandIn } from '../../test/gemini-stand-in';
import { startGeminiTtsStandIn, type TtsStandIn } from '../../test/gemini-tts-stand-in';
import { clearSettingProblem, isSameModel, servedModels } from '../problems';
import { geminiTts } from '../tts/gemini';
import { geminiLlm } from './gemini';

// #41.3 / #41.4: Gemini answers with the model that answered (`modelVersion`); a retired id may be
// routed to another model instead of failing (gemini-2.5-flash → gemini-3.5-flash-lite since
// 2026-12-01). The stand-in (test/gemini-stand-in.ts) answers as Google's deprecations page has it.
let api: GeminiStandIn;
let tts: TtsStandIn;
let t: TestApp;

beforeAll(async () => {
  api = await startGeminiStandIn();
  tts = await startGeminiTtsStandIn();
  t = await createTestApp();
});
afterAll(async () => {
  clearSettingProblem('GEMINI_MODEL');
  await t.close();
  await tts.close();
  await api.close();
});
beforeEach(() => clearSettingProblem('GEMINI_MODEL'));

const gemini = (model: string) => geminiLlm({ provider: 'gemini', apiKey: GEMINI_KEY, model, baseUrl: api.url, timeoutMs: 5000 });
const health = async () => (await t.app.inject({ method: 'GET', url: '/health' })).json();
const ask = async (model: string) => {
  const res = await fetch(`${api.url}/v1beta/models/${model}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': GEMINI_KEY },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'こんにちは' }] }] }),
  });
  return { status: res.status, body: await res.json() };
};

describe('#41.4 the Gemini stand-in answers as Google’s deprecations page has the models', () => {
  it('#41.4 an unknown or shut-down model is 404 NOT_FOUND in Google’s error shape', async () => {
    for (const model of ['gemini-9-ultra', 'gemini-2.0-flash', 'gemini-1.5-flash', 'gemini-3-pro-preview'])
      expect(await ask(model), model).toEqual({
        status: 404,
        body: {
          error: {
            code: 404,
            message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
            status: 'NOT_FOUND',
          },
        },
      });
  });

  it('#41.4 a current model answers as itself; a routed retired id answers as its replacement (modelVersion)', async () => {
    const versions = [];
    for (const model of ['gemini-3.8-flash', 'gemini-3.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-flash', 'gemini-2.5-pro']) {
      const { status, body } = await ask(model);
      expect(status, model).toBe(200);
      versions.push(body.modelVersion);
    }
    expect(versions).toEqual([
      'gemini-3.8-flash',
      'gemini-3.5-flash',
      'gemini-2.5-flash-lite',
      'gemini-3.5-flash-lite',
      'gemini-3.8-flash',
    ]);
  });
});

describe('#41.3 the model that answered, logged and on /health', () => {
  it('#41.3 a routed GEMINI_MODEL is logged, shown on /health and named as a problem; a current one clears it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await gemini('gemini-2.5-flash').answer({ instructions: 'サポートとして答えてください', question: '解約は？' });
      expect(warn.mock.calls).toEqual([['[mugen] GEMINI_MODEL=gemini-2.5-flash is answered by gemini-3.5-flash-lite']]);
    } finally {
      warn.mockRestore();
    }
    const body = await health();
    expect(body.models.filter((m: { setting: string }) => m.setting === 'GEMINI_MODEL')).toEqual([
      {
        setting: 'GEMINI_MODEL',
        provider: 'gemini',
        asked: 'gemini-2.5-flash',
        served: 'gemini-3.5-flash-lite',
        since: expect.any(String),
      },
    ]);
    expect(body.problems.filter((p: { setting: string }) => p.setting === 'GEMINI_MODEL')).toEqual([
      {
        setting: 'GEMINI_MODEL',
        provider: 'gemini',
        message:
          'GEMINI_MODEL「gemini-2.5-flash」には別のモデル gemini-3.5-flash-lite が答えています（提供終了したモデル名が別のモデルに回されています）。現行のモデルを GEMINI_MODEL に設定してください',
        since: expect.any(String),
      },
    ]);

    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await gemini('gemini-3.5-flash').answer({ instructions: 'サポートとして答えてください', question: '解約は？' });
    } finally {
      info.mockRestore();
    }
    const after = await health();
    expect(after.models.find((m: { setting: string }) => m.setting === 'GEMINI_MODEL')).toMatchObject({
      asked: 'gemini-3.5-flash',
      served: 'gemini-3.5-flash',
    });
    expect(after.problems.filter((p: { setting: string }) => p.setting === 'GEMINI_MODEL')).toEqual([]);
  });

  it('#41.3 the voice’s model (GEMINI_TTS_MODEL) is noted the same way', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await geminiTts({
        provider: 'gemini',
        apiKey: GEMINI_KEY,
        baseUrl: tts.url,
        model: 'gemini-3.8-flash-tts',
        voices: { ハルカ: 'Zephyr', ケンタ: 'Charon' },
        timeoutMs: 5000,
      }).synthesize({ text: 'こんにちは。', host: 'ハルカ' });
    } finally {
      info.mockRestore();
    }
    expect(servedModels().find((m) => m.setting === 'GEMINI_TTS_MODEL')).toMatchObject({
      asked: 'gemini-3.8-flash-tts',
      served: 'gemini-3.8-flash-tts',
    });
  });

  it('#41.3 the same model is its own id, a version of it, or anything behind -latest', () => {
    expect(
      [
        ['gemini-3.5-flash', 'gemini-3.5-flash'],
        ['gemini-3.5-flash', 'models/gemini-3.5-flash-001'],
        ['gemini-flash-latest', 'gemini-3.8-flash'],
        ['gemini-2.5-flash', 'gemini-3.5-flash-lite'],
        ['gemini-2.5-pro', 'gemini-3.8-flash'],
      ].map(([asked, served]) => isSameModel(asked, served)),
    ).toEqual([true, true, true, false, false]);
  });
});
