import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { writeScript } from '../../features/creation/script-writer';
import { createTestApp } from '../../test/app';
import {
  GEMINI_CHECK,
  GEMINI_KEY,
  GEMINI_SCRIPT,
  type GeminiMode,
  type GeminiStandIn,
  startGeminiStandIn,
} from '../../test/gemini-stand-in';
import { testJapanese } from '../../test/japanese';
import { scriptWriterMember } from '../../test/script-kit';
import { expectProviderFailures } from '../../test/stand-in';
import { geminiLlm } from './gemini';

const J = testJapanese();

// Issue 15: LLM_PROVIDER=gemini through the official SDK (@google/genai) against the local stand-in of
// the Gemini API (test/gemini-stand-in.ts): structured output for the script, a Google Search grounded
// fact check whose sources are kept; 429, a malformed answer and a timeout.
let api: GeminiStandIn;
const seen = () => api.requests;

beforeAll(async () => {
  api = await startGeminiStandIn();
});
afterAll(() => api.close());

const gemini = (timeoutMs = 5000) =>
  geminiLlm({ provider: 'gemini', apiKey: GEMINI_KEY, model: 'gemini-2.5-flash', baseUrl: api.url, timeoutMs });

describe('Gemini script writer', () => {
  it('writes the script with structured output, then checks it grounded in Google Search and keeps the sources', async () => {
    api.requests.length = 0;
    const out = await writeScript(gemini(), J, { inputText: '朝の散歩は体に良い習慣です。', title: '' });
    expect(seen().map((r) => r.url.pathname)).toEqual([
      '/v1beta/models/gemini-2.5-flash:generateContent',
      '/v1beta/models/gemini-2.5-flash:generateContent',
    ]);
    expect(seen()[0].headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(seen()[0].json).toMatchObject({
      generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT' } },
    });
    // #26.5: the response schema made from the feature's zod schema is the one Gemini was always sent.
    expect((seen()[0].json.generationConfig as { responseSchema: unknown }).responseSchema).toEqual({
      type: 'OBJECT',
      properties: { title: { type: 'STRING' }, script: { type: 'STRING' }, labels: { type: 'ARRAY', items: { type: 'STRING' } } },
      required: ['title', 'script', 'labels'],
    });
    expect(seen()[0].json.tools).toBeUndefined();
    expect(seen()[1].json.tools).toEqual([{ googleSearch: {} }]);
    expect(out).toEqual({
      title: '朝の散歩',
      script: GEMINI_SCRIPT.script,
      labels: ['健康・ウェルネス'],
      factCheck: {
        ...GEMINI_CHECK,
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
      (m: GeminiMode) => {
        api.mode = m;
      },
      () => writeScript(gemini(300), J, { inputText: 'テスト', title: '' }),
      [
        ['quota', 'quota'],
        ['malformed', 'malformed'],
        ['hang', 'timeout'],
      ],
    );
    api.mode = 'ok';
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
    const t = await createTestApp({ LLM_PROVIDER: 'gemini', GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: api.url, AI_TIMEOUT_MS: '2000' });
    try {
      const generate = await scriptWriterMember(t);
      const res = await generate('朝の散歩');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().factCheck.sources).toHaveLength(2);
      api.mode = 'quota';
      const limited = await generate('朝の散歩');
      expect(limited.statusCode).toBe(429);
    } finally {
      api.mode = 'ok';
      await t.close();
    }
  });
});
