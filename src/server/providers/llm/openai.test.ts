import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { writeScript } from '../../features/creation/script-writer';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { expectProviderFailures, type StandIn, sendJson, startStandIn } from '../../test/stand-in';
import { ProviderError } from '../errors';
import { openAiLlm, REASONING_ROOM_TOKENS, refusedParameter, samplingFields } from './openai';

const J = testJapanese();

const SUPPORT_INSTRUCTIONS = 'アプリのサポートとして、短く答えてください。';

// Issue 15: LLM_PROVIDER=openai against a local stand-in of an OpenAI-compatible endpoint
// (POST /v1/chat/completions, JSON mode), with success, 429, a malformed answer and a timeout.
// #29.3 / #41.3: the stand-in is written from https://platform.openai.com/docs/api-reference/chat/create
// and the reasoning guide (https://platform.openai.com/docs/guides/reasoning): each of its models takes
// or refuses `temperature` and `max_tokens` as OpenAI's does (REFUSALS, not a pattern of names: a new
// reasoning model such as gpt-6-luna is outside any pattern), with OpenAI's own 400 answers:
//   {"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}
//   {"error":{"message":"Unsupported parameter: 'temperature' is not supported with this model.","type":"invalid_request_error","param":"temperature","code":"unsupported_parameter"}}
//   {"error":{"message":"Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}
const REFUSALS: Record<string, { temperature: 'unsupported_parameter' | 'unsupported_value' }> = {
  'gpt-5': { temperature: 'unsupported_value' },
  'gpt-5-mini': { temperature: 'unsupported_value' },
  o3: { temperature: 'unsupported_value' },
  'o4-mini': { temperature: 'unsupported_value' },
  'gpt-6-luna': { temperature: 'unsupported_parameter' },
};
const refuse = (param: string, code: string, message: string) => ({ error: { message, type: 'invalid_request_error', param, code } });
type Mode = 'ok' | 'quota' | 'malformed' | 'one-host' | 'hang' | 'claims';
let mode: Mode = 'ok';
let api: StandIn;
let base: string;

const answer = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) },
    },
  ],
});
const draft = {
  title: '朝の散歩',
  script: 'ハルカ：こんにちは、ハルカです。\nケンタ: ケンタです。今日は朝の散歩の話です。\nハルカ：朝に歩く人は三割増えたそうですよ。',
  labels: ['健康・ウェルネス', '存在しない分類'],
  factCheck: { status: 'issues_found', confidence: 70, summary: '一部に確認が必要です', issues: ['「必ず健康になる」は言い過ぎです'] },
};

// The claims as a model may answer them: a line counted wrong, a link it wrote itself, one said nowhere
// in the script, one malformed.
const MODEL_CLAIMS = [
  {
    text: '朝に歩く人は三割増えたそうですよ',
    line: 1,
    status: 'verified',
    sources: [{ title: 'x', url: 'https://invented.example/study' }],
  },
  { text: '散歩で寿命が十年延びます', line: 2, status: 'disputed' },
  { line: 'two', status: 'maybe' },
];

beforeAll(async () => {
  api = await startStandIn((req, res) => {
    if (mode === 'hang') return;
    if (req.url.pathname !== '/v1/chat/completions') return void res.writeHead(404).end();
    if (mode === 'quota')
      return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } });
    const refuses = REFUSALS[String(req.json.model)];
    if (refuses) {
      if ('max_tokens' in req.json)
        return sendJson(
          res,
          400,
          refuse(
            'max_tokens',
            'unsupported_parameter',
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          ),
        );
      if ('temperature' in req.json && (refuses.temperature === 'unsupported_parameter' || req.json.temperature !== 1))
        return sendJson(
          res,
          400,
          refuses.temperature === 'unsupported_parameter'
            ? refuse('temperature', 'unsupported_parameter', "Unsupported parameter: 'temperature' is not supported with this model.")
            : refuse(
                'temperature',
                'unsupported_value',
                `Unsupported value: 'temperature' does not support ${req.json.temperature} with this model. Only the default (1) value is supported.`,
              ),
        );
    }
    const content =
      mode === 'malformed'
        ? 'ここに台本があります'
        : mode === 'one-host'
          ? { ...draft, script: 'ハルカ：ひとりで話します。' }
          : mode === 'claims'
            ? { ...draft, factCheck: { ...draft.factCheck, claims: MODEL_CLAIMS } }
            : draft;
    sendJson(res, 200, answer(content));
  });
  base = `${api.url}/v1`;
});
afterAll(() => api.close());
const seen = () => api.requests;

/** A structured answer of one field (the model's title), at the script's temperature. */
const titleOf = (provider: ReturnType<typeof openAiLlm>) =>
  provider.structured({
    instructions: '題を答えてください',
    prompt: '朝の散歩',
    schema: z.object({ title: z.string() }),
    temperature: 0.7,
  });
const llm = (timeoutMs = 5000) => openAiLlm({ provider: 'openai', apiKey: 'sk-test', baseUrl: base, model: 'gpt-4o-mini', timeoutMs });

describe('OpenAI-compatible script writer', () => {
  it('asks chat/completions in JSON mode with the key, and answers a two-host script, labels of the catalogue and the fact check', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const out = await writeScript(llm(), J, { inputText: '朝の散歩は体に良い習慣です。', title: '' });
    expect(seen()[0].headers.authorization).toBe('Bearer sk-test');
    expect(seen()[0].json).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    expect((seen()[0].json.messages as { content: string }[])[1].content).toContain('朝の散歩は体に良い習慣です。');
    expect(out.script.split('\n')).toEqual([
      'ハルカ：こんにちは、ハルカです。',
      'ケンタ：ケンタです。今日は朝の散歩の話です。',
      'ハルカ：朝に歩く人は三割増えたそうですよ。',
    ]);
    expect(out).toMatchObject({ title: '朝の散歩', labels: ['健康・ウェルネス'], factCheck: { status: 'issues_found', confidence: 70 } });
    const given = await writeScript(llm(), J, { inputText: '朝の散歩', title: '私の題' });
    expect(given.title).toBe('私の題');
  });

  it('#25.2 asks for the claims and validates them: placed on the line that says them, none verified without a grounded source, strays dropped', async () => {
    mode = 'claims';
    api.requests.length = 0;
    try {
      const out = await writeScript(llm(), J, { inputText: '朝の散歩は体に良い習慣です。', title: '' });
      expect((seen()[0].json.messages as { content: string }[])[0].content).toContain('factCheck.claims');
      expect(out.factCheck.claims).toEqual([{ text: '朝に歩く人は三割増えたそうですよ', line: 2, status: 'needs_source', sources: [] }]);
      expect(out.factCheck).toMatchObject({ status: 'issues_found', confidence: 70, issues: ['「必ず健康になる」は言い過ぎです'] });
      mode = 'ok';
      // A model that names no claims: the detector marks the line that states a number.
      const plain = await writeScript(llm(), J, { inputText: '朝の散歩は体に良い習慣です。', title: '' });
      expect(plain.factCheck.claims).toEqual([
        { text: '朝に歩く人は三割増えたそうですよ。', line: 2, status: 'needs_source', sources: [] },
      ]);
    } finally {
      mode = 'ok';
    }
  });

  it('#41.3 a model that refuses temperature or max_tokens is asked again once without them (max_completion_tokens as the error says), and remembered', async () => {
    mode = 'ok';
    api.requests.length = 0;
    const luna = () => openAiLlm({ provider: 'openai', apiKey: 'sk-test', baseUrl: base, model: 'gpt-6-luna', timeoutMs: 5000 });
    const first = await titleOf(luna());
    expect(first).toEqual({ title: '朝の散歩' });
    expect(seen().map((r) => 'temperature' in r.json)).toEqual([true, false]);
    // Remembered for the process: the next call, even from another provider of the same model, is sent right.
    api.requests.length = 0;
    await titleOf(luna());
    expect(seen().map((r) => 'temperature' in r.json)).toEqual([false]);

    api.requests.length = 0;
    await luna().answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' });
    expect(seen().map((r) => ({ max_tokens: r.json.max_tokens, max_completion_tokens: r.json.max_completion_tokens }))).toEqual([
      { max_tokens: 800, max_completion_tokens: undefined },
      { max_tokens: undefined, max_completion_tokens: 800 + REASONING_ROOM_TOKENS },
    ]);
    api.requests.length = 0;
    await luna().answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' });
    expect(seen().length).toBe(1);
    expect(seen()[0].json).toMatchObject({ model: 'gpt-6-luna', max_completion_tokens: 4000 });
    expect('temperature' in seen()[0].json || 'max_tokens' in seen()[0].json).toBe(false);
  });

  it('#41.3 the gpt-5 family and the o-series learn the same way; a model that takes both keeps temperature and max_tokens', async () => {
    mode = 'ok';
    for (const model of ['gpt-5-mini', 'o4-mini', 'o3']) {
      api.requests.length = 0;
      const reasoning = openAiLlm({ provider: 'openai', apiKey: 'sk-test', baseUrl: base, model, timeoutMs: 5000 });
      expect(await titleOf(reasoning)).toEqual({ title: '朝の散歩' });
      await reasoning.answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' });
      expect(seen().at(-1)?.json).toMatchObject({ model, max_completion_tokens: 4000 });
      expect(seen().filter((r) => r.json.temperature !== undefined).length).toBe(1);
    }
    api.requests.length = 0;
    await llm().answer({ instructions: SUPPORT_INSTRUCTIONS, question: '解約は？' });
    expect(seen().length).toBe(1);
    expect(seen()[0].json).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 800 });
  });

  it('#41.3 only a refused temperature or max_tokens is learnt from: another 400 is not retried', () => {
    const other = new ProviderError('openai', 'rejected', 'answered 400', {
      status: 400,
      body: JSON.stringify(refuse('messages', 'invalid_value', "Invalid value for 'messages'.")),
    });
    expect(refusedParameter(other)).toBeNull();
    const maxTokens = new ProviderError('openai', 'rejected', 'answered 400', {
      status: 400,
      body: JSON.stringify(
        refuse('max_tokens', 'unsupported_parameter', "Unsupported parameter: 'max_tokens' is not supported with this model."),
      ),
    });
    expect(refusedParameter(maxTokens)).toEqual({ max_tokens: 'drop' });
    expect(samplingFields({ max_tokens: 'drop', temperature: 'drop' }, { temperature: 0.2, maxTokens: 800 })).toEqual({});
  });

  it('#38.4 a 400 whose body is not JSON or not OpenAI’s error shape is no refused parameter (null)', () => {
    const refusal = (body: string) => new ProviderError('openai', 'rejected', 'answered 400', { status: 400, body });
    for (const body of ['<html>400</html>', 'null', '{"error":"bad"}', '{"error":{"param":3,"code":"unsupported_parameter"}}', '[]'])
      expect(refusedParameter(refusal(body))).toBeNull();
    const temperature = JSON.stringify({
      error: { param: 'temperature', code: 'unsupported_value', message: 'x', type: 'invalid_request_error' },
    });
    expect(refusedParameter(refusal(temperature))).toEqual({ temperature: 'drop' });
  });

  it('#29.3 the stand-in refuses what a reasoning model refuses, as a refusal of the input (not a quota)', async () => {
    mode = 'ok';
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5', temperature: 0.7, messages: [] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('unsupported_value');
  });

  it('reports 429 as quota, prose or a one-host script as malformed, and silence as a timeout', async () => {
    await expectProviderFailures(
      'openai',
      (m: Mode) => {
        mode = m;
      },
      () => writeScript(llm(300), J, { inputText: 'テスト', title: '' }),
      [
        ['quota', 'quota'],
        ['malformed', 'malformed'],
        ['one-host', 'malformed'],
        ['hang', 'timeout'],
      ],
    );
    mode = 'ok';
  });

  it('is chosen by LLM_PROVIDER=openai, which needs OPENAI_API_KEY', () => {
    expect(loadConfig({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: base }).llm).toEqual({
      provider: 'openai',
      apiKey: 'sk-x',
      baseUrl: base,
      model: 'gpt-6-luna',
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(loadConfig({}).llm).toEqual({ provider: 'offline' });
  });

  it('through the API: the script comes from the endpoint; its quota is told as the AI service limit', async () => {
    const t = await createTestApp({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: base, AI_TIMEOUT_MS: '2000' });
    try {
      const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/generate-script',
          headers: { cookie },
          payload: { inputText: '朝の散歩は体に良い習慣です。', title: '' },
        });
      mode = 'ok';
      const ok = await ask();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ title: '朝の散歩', labels: ['健康・ウェルネス'], inputText: '朝の散歩は体に良い習慣です。' });
      expect(ok.json().script).toMatch(/^ハルカ：こんにちは/);
      mode = 'quota';
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: 'AI音声生成サービスの制限に達しました。しばらくしてからもう一度お試しください',
        reason: 'ai_service_limit',
      });
      mode = 'malformed';
      const broken = await ask();
      expect(broken.statusCode).toBe(503);
      expect(broken.json().message).toBe('台本生成エラー');
    } finally {
      mode = 'ok';
      await t.close();
    }
  });
});
