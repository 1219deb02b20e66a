import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_MESSAGES } from '../../shared/rules/creation';
import { providerError } from '../providers/errors';
import { offlineLlm } from '../providers/llm/offline';
import type { LlmProvider } from '../providers/llm/types';
import { createTestApp, insertUser, sessionCookie, type TestApp } from './app';

// #26.5: the language model is built once, in the app's dependencies (AppDeps.llm), and every feature
// that uses it (creation, support, the console's themes) is handed that one: a test swaps it once.

const SCRIPT = 'ハルカ：差し替えたモデルの台本です。\nユウキ：そうなんですね。';
const questions: string[] = [];
const standIn: LlmProvider = {
  ...offlineLlm(),
  name: 'stand-in',
  async writeScript({ inputText }) {
    if (inputText === '失敗') throw providerError('stand-in', 'quota', 'over quota');
    return {
      script: SCRIPT,
      title: '差し替え',
      labels: ['テクノロジー'],
      factCheck: { status: 'verified', confidence: 90, summary: '問題なし', issues: [], claims: [] },
    };
  },
  async answerSupport({ question, passages }) {
    questions.push(question);
    return `差し替えたモデルの答え（資料${passages.length}件）`;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { llm: standIn });
});
afterAll(() => t.close());

describe('#26.5 the language model of AppDeps', () => {
  it('#26.5 creation writes its script with the model the app was given', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-script',
      headers: { cookie },
      payload: { inputText: 'AIの話', title: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ script: SCRIPT, title: '差し替え', labels: ['テクノロジー'], inputText: 'AIの話' });
    const quota = await t.app.inject({
      method: 'POST',
      url: '/api/generate-script',
      headers: { cookie },
      payload: { inputText: '失敗', title: '' },
    });
    expect(quota.statusCode).toBe(429);
    expect(quota.json().message).toBe(CREATION_MESSAGES.ttsQuota);
  });

  it('#26.5 the support chat answers with the model the app was given', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ai-chat', payload: { message: '料金は？', context: 'customer_support' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatch(/^差し替えたモデルの答え（資料\d+件）$/);
    expect(questions).toEqual(['料金は？']);
  });
});
