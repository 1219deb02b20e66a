import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { geminiLlm } from './gemini';

// Issue 15: LLM_PROVIDER=gemini through the official SDK (@google/genai) against a local stand-in of
// the Gemini API (POST /v1beta/models/{model}:generateContent): structured output for the script, a
// Google Search grounded fact check whose sources are kept; 429, a malformed answer and a timeout.
type Mode = 'ok' | 'quota' | 'malformed' | 'hang';
let mode: Mode = 'ok';
let api: StandIn;
let base: string;
const seen = () => api.requests;

const candidate = (text: string, grounding?: unknown) => ({
  candidates: [
    {
      content: { role: 'model', parts: [{ text }] },
      finishReason: 'STOP',
      index: 0,
      ...(grounding ? { groundingMetadata: grounding } : {}),
    },
  ],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
});
const SCRIPT = {
  title: '朝の散歩',
  script: 'ハルカ：こんにちは、ハルカです。\nケンタ：ケンタです。朝の散歩の話です。',
  labels: ['健康・ウェルネス', '散歩'],
};
const CHECK = { status: 'issues_found', confidence: 65, summary: '一部は根拠が弱いです', issues: ['「必ず健康になる」は断定できません'] };
const GROUNDING = {
  webSearchQueries: ['朝の散歩 健康 効果'],
  groundingChunks: [
    { web: { uri: 'https://example.jp/walking', title: 'example.jp' } },
    { web: { uri: 'https://example.org/health', title: 'example.org' } },
  ],
};

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (mode === 'hang') return;
    if (mode === 'quota') {
      return sendJson(res, 429, {
        error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
      });
    }
    const grounded = Array.isArray(req.json.tools);
    const text =
      mode === 'malformed'
        ? 'すみません、台本は作れませんでした。'
        : grounded
          ? `\`\`\`json\n${JSON.stringify(CHECK)}\n\`\`\``
          : JSON.stringify(SCRIPT);
    sendJson(res, 200, candidate(text, grounded ? GROUNDING : undefined));
  });
  base = api.url;
});
afterAll(() => api.close());

const gemini = (timeoutMs = 5000) =>
  geminiLlm({ provider: 'gemini', apiKey: 'g-key', model: 'gemini-2.5-flash', baseUrl: base, timeoutMs });

describe('Gemini script writer', () => {
  it('writes the script with structured output, then checks it grounded in Google Search and keeps the sources', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const out = await gemini().writeScript({ inputText: '朝の散歩は体に良い習慣です。', title: '' });
    expect(seen().map((r) => r.url.pathname)).toEqual([
      '/v1beta/models/gemini-2.5-flash:generateContent',
      '/v1beta/models/gemini-2.5-flash:generateContent',
    ]);
    expect(seen()[0].headers['x-goog-api-key']).toBe('g-key');
    expect(seen()[0].json).toMatchObject({
      generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT' } },
    });
    expect(seen()[0].json.tools).toBeUndefined();
    expect(seen()[1].json.tools).toEqual([{ googleSearch: {} }]);
    expect(out).toEqual({
      title: '朝の散歩',
      script: SCRIPT.script,
      labels: ['健康・ウェルネス'],
      factCheck: {
        ...CHECK,
        claims: [],
        sources: [
          { uri: 'https://example.jp/walking', title: 'example.jp' },
          { uri: 'https://example.org/health', title: 'example.org' },
        ],
      },
    });
  });

  it('reports 429 as quota, prose as malformed and silence as a timeout', async () => {
    await expectProviderFailures(
      'gemini',
      (m: Mode) => {
        mode = m;
      },
      () => gemini(300).writeScript({ inputText: 'テスト', title: '' }),
      [
        ['quota', 'quota'],
        ['malformed', 'malformed'],
        ['hang', 'timeout'],
      ],
    );
    mode = 'ok';
  });

  it('is chosen by LLM_PROVIDER=gemini, which needs GEMINI_API_KEY', () => {
    expect(loadConfig({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).llm).toEqual({
      provider: 'gemini',
      apiKey: 'k',
      model: 'gemini-3.5-flash',
      baseUrl: undefined,
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ LLM_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
  });

  it('through the API: generate-script answers the grounded check with its sources', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: 'g-key', GEMINI_BASE_URL: base, AI_TIMEOUT_MS: '2000' });
    try {
      mode = 'ok';
      const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/generate-script',
        headers: { cookie },
        payload: { inputText: '朝の散歩', title: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().factCheck.sources).toHaveLength(2);
      mode = 'quota';
      const limited = await t.app.inject({
        method: 'POST',
        url: '/api/generate-script',
        headers: { cookie },
        payload: { inputText: '朝の散歩', title: '' },
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
