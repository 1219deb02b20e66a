import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import { geminiLlm } from '../../providers/llm/gemini';
import { openAiLlm } from '../../providers/llm/openai';
import { createTestApp } from '../../test/app';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { SUPPORT_PASSAGES } from './knowledge';
import { cleanAnswer, SUPPORT_ANSWER_MAX, supportInstructions } from './prompt';

// Issue 19: the support chat's answers come from Mugen's own texts (the FAQ and the legal pages). The
// real providers are given them all as their instruction, on the wire format of each API (local
// stand-ins); the offline search is the support feature's (features/support/retrieval.test.ts).

describe('answers of the real models', () => {
  it('cuts a rambling answer at a line, under the limit', () => {
    const long = Array.from({ length: 200 }, (_, i) => `${i}行目の説明です。`).join('\n');
    const cut = cleanAnswer(long);
    expect([...cut].length).toBeLessThanOrEqual(SUPPORT_ANSWER_MAX + 1);
    expect(cut.endsWith('…')).toBe(true);
    expect(cleanAnswer('  短い答え\r\n次の行  ')).toBe('短い答え\n次の行');
  });
});

// The real providers, each against a stand-in of its API.
type Mode = 'ok' | 'empty' | 'null' | 'quota' | 'down' | 'hang';
let mode: Mode = 'ok';
let api: StandIn;
const REPLY = '**月額550円（税込）**です。\n解約は /cancel からどうぞ。';

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (mode === 'hang') return;
    if (mode === 'quota') return sendJson(res, 429, { error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } });
    if (mode === 'down') return sendJson(res, 500, { error: { code: 500, message: 'internal', status: 'INTERNAL' } });
    if (req.url.pathname === '/v1/chat/completions') {
      const content = mode === 'empty' ? '' : mode === 'null' ? null : REPLY;
      return sendJson(res, 200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      });
    }
    if (req.url.pathname.endsWith(':generateContent')) {
      return sendJson(res, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text: mode === 'empty' ? '' : REPLY }] }, finishReason: 'STOP', index: 0 }],
      });
    }
    res.writeHead(404).end();
  });
});
afterAll(() => api.close());

const openai = (timeoutMs = 5000) =>
  openAiLlm({ provider: 'openai', apiKey: 'sk-test', baseUrl: `${api.url}/v1`, model: 'gpt-4o-mini', timeoutMs });
const gemini = (timeoutMs = 5000) =>
  geminiLlm({ provider: 'gemini', apiKey: 'g-key', model: 'gemini-2.5-flash', baseUrl: api.url, timeoutMs });

describe('the support chat of the real providers (grounded in the FAQ and legal texts)', () => {
  it('OpenAI-compatible: the texts as the system message, the question as the user’s, plain text back', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const answer = await openai().answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: '料金はいくら？' });
    expect(answer).toBe(REPLY);
    const [req] = api.requests;
    expect(req.url.pathname).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.json).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2 });
    expect(req.json.response_format).toBeUndefined();
    const messages = req.json.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0].content).toBe(supportInstructions(SUPPORT_PASSAGES));
    expect(messages[0].content).toContain('プレミアムの料金は**月額550円（税込）**です。');
    expect(messages[0].content).toContain('特定商取引法に基づく表記 返品・返金');
    expect(messages[1].content).toBe('料金はいくら？');
  });

  it('OpenAI-compatible: no content is no answer; 429 is the quota; silence a timeout', async () => {
    mode = 'null';
    expect(await openai().answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: 'x' })).toBe('');
    mode = 'empty';
    expect(await openai().answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: 'x' })).toBe('');
    await expectProviderFailures(
      'openai',
      (m: Mode) => {
        mode = m;
      },
      () => openai(300).answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: 'x' }),
      [
        ['quota', 'quota'],
        ['down', 'unavailable'],
        ['hang', 'timeout'],
      ],
    );
    mode = 'ok';
  });

  it('Gemini: the texts as the system instruction, no search tool, the question as the content', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const answer = await gemini().answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: '解約したい' });
    expect(answer).toBe(REPLY);
    const [req] = api.requests;
    expect(req.url.pathname).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('g-key');
    expect(req.json.tools).toBeUndefined();
    const system = req.json.systemInstruction as { parts: { text: string }[] };
    expect(system.parts[0].text).toBe(supportInstructions(SUPPORT_PASSAGES));
    expect(JSON.stringify(req.json.contents)).toContain('解約したい');
    expect(req.json.generationConfig).toMatchObject({ temperature: 0.2 });
    await expectProviderFailures(
      'gemini',
      (m: Mode) => {
        mode = m;
      },
      () => gemini(300).answer({ instructions: supportInstructions(SUPPORT_PASSAGES), question: 'x' }),
      [
        ['quota', 'quota'],
        ['down', 'unavailable'],
      ],
    );
    mode = 'ok';
  });

  it('C-8-32 through the API: a provider failure is 503 with a Japanese message; an empty answer is an empty response', async () => {
    const t = await createTestApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${api.url}/v1`,
      AI_TIMEOUT_MS: '2000',
    });
    try {
      const chat = () =>
        t.app.inject({ method: 'POST', url: '/api/ai-chat', payload: { message: '料金は？', context: 'customer_support' } });
      mode = 'ok';
      const ok = await chat();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ response: REPLY });
      mode = 'empty';
      expect((await chat()).json()).toEqual({ response: '' });
      for (const m of ['down', 'quota'] as const) {
        mode = m;
        const failed = await chat();
        expect(failed.statusCode, m).toBe(503);
        expect(failed.json()).toEqual({ message: SUPPORT_API_MESSAGES.chatUnavailable });
      }
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
