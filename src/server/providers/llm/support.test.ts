import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import { SUPPORT_PASSAGES } from '../../features/support/knowledge';
import { createTestApp } from '../../test/app';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { geminiLlm } from './gemini';
import { offlineLlm } from './offline';
import { openAiLlm } from './openai';
import { rankPassages } from './retrieval';
import { cleanAnswer, SUPPORT_ANSWER_MAX, supportInstructions } from './support';

// Issue 19: the support chat's answers come from Mugen's own texts (the FAQ and the legal pages). The
// offline provider searches them (character bigrams, BM25); the real ones are given them all as their
// instruction, on the wire format of each API (local stand-ins).

const ask = (question: string) => offlineLlm().answerSupport({ question, passages: SUPPORT_PASSAGES });
const bestOf = (question: string) => rankPassages(question, SUPPORT_PASSAGES)[0]?.passage.id;

describe('offline support answers (search over the FAQ and the legal texts)', () => {
  it('C-2.7-02 finds the FAQ entry of each topic, however it is asked', () => {
    const cases: [string, string][] = [
      ['無限ってどんなサービス？', 'faq-about'],
      ['無限って何？', 'faq-about'],
      ['プレミアムの特典は？', 'faq-premium-benefits'],
      ['広告を消したい', 'faq-premium-benefits'],
      ['料金はいくらですか？', 'faq-price'],
      ['値段を教えて', 'faq-price'],
      ['いくら？', 'faq-price'],
      ['月額いくらかかりますか', 'faq-price'],
      ['解約したい', 'faq-cancel'],
      ['キャンセルの方法は？', 'faq-cancel'],
      ['退会するには', 'faq-cancel'],
      ['やめたいです', 'faq-cancel'],
      ['なぜGoogleでログインするの？', 'faq-google-sign-in'],
      ['パスワードは必要ですか', 'faq-google-sign-in'],
      ['オフラインで聴ける？', 'faq-offline'],
      ['機内モードでも再生できますか', 'faq-offline'],
      ['音が出ない', 'faq-troubleshooting'],
      ['再生されないです', 'faq-troubleshooting'],
      ['対応ブラウザは？', 'faq-browsers'],
      ['iPhoneで使えますか', 'faq-browsers'],
      ['Safariは対応してる？', 'faq-browsers'],
      ['招待コードがない', 'faq-invitation'],
      ['番組を作りたい', 'faq-creation'],
      ['問い合わせしたい', 'faq-contact'],
    ];
    for (const [question, id] of cases) expect(bestOf(question), question).toBe(id);
  });

  it('finds the legal articles: refunds, payment, cookies, analytics', () => {
    expect(bestOf('返金できますか')).toBe('law-refund');
    expect(bestOf('Cookieは使っていますか')).toBe('privacy-3');
    expect(bestOf('トラッキングしてる？')).toBe('privacy-4');
  });

  it('C-7.3-01 answers a question about the price with the 550円/月 passage, in Japanese', async () => {
    const answer = await ask('料金はいくらですか？');
    expect(answer.split('\n')[0]).toBe('**プレミアムの料金はいくらですか？**');
    expect(answer).toContain('プレミアムの料金は**月額550円（税込）**です。');
    expect(answer).toContain('毎月同じ日に自動で決済されます');
  });

  it('answers a question about cancelling with the cancel passage and its page /cancel', async () => {
    for (const question of ['解約したい', 'キャンセルするにはどうすればいいですか']) {
      const answer = await ask(question);
      expect(answer.split('\n')[0], question).toBe('**プレミアムを解約するには？**');
      expect(answer).toContain('解約・一時停止のページ（/cancel）');
      expect(answer).toContain('次回の更新日の24時間前までに解約すると');
    }
  });

  it('answers the supported browsers, Google sign-in and offline playback from their entries', async () => {
    expect(await ask('対応ブラウザは？')).toContain('最新版のChrome、Safari、Firefox、Edgeに対応しています。');
    expect(await ask('なぜGoogleアカウントでログインするの？')).toContain('無限にパスワードを預ける必要がなく');
    expect(await ask('オフラインでも聴けますか')).toContain('プレミアム会員の「オフライン保存」');
  });

  it('names the page of a legal article it answers from', async () => {
    const answer = await ask('返金できますか');
    expect(answer.split('\n')[0]).toBe('**特定商取引法に基づく表記 返品・返金**');
    expect(answer).toContain('お支払い後の返品・返金はお受けしておりません');
    expect(answer).toContain('詳しくは「特定商取引法に基づく表記」（/commercial-law）をご覧ください。');
  });

  it('greets and thanks back, and says so with the way to /contact when nothing matches', async () => {
    expect(await ask('こんにちは')).toBe(SUPPORT_API_MESSAGES.greetingReply);
    expect(await ask('ありがとうございます！')).toBe(SUPPORT_API_MESSAGES.thanksReply);
    for (const q of ['今日の天気は？', 'asdf', '？？？']) expect(await ask(q), q).toBe(SUPPORT_API_MESSAGES.noMatch);
    expect(SUPPORT_API_MESSAGES.noMatch).toContain('（/contact）');
  });

  it('answers from the same text the pages show (one source): every FAQ answer is a passage', () => {
    const faq = SUPPORT_PASSAGES.filter((p) => p.source.kind === 'faq');
    expect(faq.map((p) => p.title)).toContain('プレミアムの料金はいくらですか？');
    expect(SUPPORT_PASSAGES.find((p) => p.id === 'faq-cancel')?.text).toContain('（/cancel）');
    expect(SUPPORT_PASSAGES.filter((p) => p.source.path === '/commercial-law').length).toBeGreaterThan(10);
  });

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
    const answer = await openai().answerSupport({ question: '料金はいくら？', passages: SUPPORT_PASSAGES });
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
    expect(await openai().answerSupport({ question: 'x', passages: SUPPORT_PASSAGES })).toBe('');
    mode = 'empty';
    expect(await openai().answerSupport({ question: 'x', passages: SUPPORT_PASSAGES })).toBe('');
    await expectProviderFailures(
      'openai',
      (m: Mode) => {
        mode = m;
      },
      () => openai(300).answerSupport({ question: 'x', passages: SUPPORT_PASSAGES }),
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
    const answer = await gemini().answerSupport({ question: '解約したい', passages: SUPPORT_PASSAGES });
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
      () => gemini(300).answerSupport({ question: 'x', passages: SUPPORT_PASSAGES }),
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
