import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_MESSAGES } from '../../shared/rules/creation';
import { providerError } from '../providers/errors';
import type { LlmProvider } from '../providers/llm/types';
import { createTestApp, type TestApp } from './app';
import { scriptWriterMember } from './script-kit';

// #26.5: the language model is built once, in the app's dependencies (AppDeps.llm), and every feature
// that uses it (creation, support, the console's themes) is handed that one: a test swaps it once.

const SCRIPT = 'ハルカ：差し替えたモデルの台本です。\nケンタ：そうなんですね。';
const asked: { instructions: string; question: string }[] = [];
const prompts: string[] = [];
const standIn: LlmProvider = {
  name: 'stand-in',
  // The model's JSON, read with the feature's schema as a real provider reads it.
  async structured({ prompt, schema }) {
    prompts.push(prompt);
    if (prompt.includes('失敗')) throw providerError('stand-in', 'quota', 'over quota');
    return schema.parse({
      script: SCRIPT,
      title: '差し替え',
      labels: ['テクノロジー'],
      factCheck: { status: 'verified', confidence: 90, summary: '問題なし', issues: [], claims: [] },
    });
  },
  async answer(input) {
    asked.push(input);
    return '  差し替えたモデルの答え\r\n  ';
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { llm: standIn });
});
afterAll(() => t.close());

describe('#26.5 the language model of AppDeps', () => {
  it('#26.5 creation writes its script with the model the app was given', async () => {
    const generate = await scriptWriterMember(t);
    const res = await generate('AIの話');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ script: SCRIPT, title: '差し替え', labels: ['テクノロジー'], inputText: 'AIの話' });
    expect(prompts[0]).toContain('テキスト:\nAIの話');
    const quota = await generate('失敗');
    expect(quota.statusCode).toBe(429);
    expect(quota.json().message).toBe(CREATION_MESSAGES.ttsQuota);
  });

  it('#26.5 the support chat answers with the model the app was given', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ai-chat', payload: { message: '料金は？', context: 'customer_support' } });
    expect(res.statusCode).toBe(200);
    // The feature's own instructions (its FAQ and legal texts) and its cleaning of the answer.
    expect(res.json()).toEqual({ response: '差し替えたモデルの答え' });
    expect(asked.map((a) => a.question)).toEqual(['料金は？']);
    expect(asked[0].instructions).toContain('プレミアムの料金は**月額550円（税込）**です。');
  });
});
