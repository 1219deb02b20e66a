import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_FORMATS } from '../../../shared/rules/creation';
import { offlineLlm } from '../../providers/llm/offline';
import type { LlmProvider, StructuredAsk } from '../../providers/llm/types';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testJapanese } from '../../test/japanese';
import { MonologueText, ScriptText } from './script-prompt';
import { rewriteScript, writeScript } from './script-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const member = async () => sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
const TEXT =
  '図書館は、本を借りるだけの場所ではなくなりました。多くの図書館で、学習スペースや子ども向けの読み聞かせが開かれています。しかし、利用者の数は地域によって大きく違います。つまり、図書館は町の居場所として見直されているのです。';

describe('#39.2 POST /api/generate-script and /api/regenerate-script take a format and a length', () => {
  it('refuses an unknown format or length with 400 and a Japanese message, on both calls', async () => {
    const cookie = await member();
    const FORMAT = '番組の形式を選んでください（対談・インタビュー・討論・ニュース・ひとり語り）';
    const LENGTH = '番組の長さを選んでください（標準・ショート）';
    const script = { originalScript: 'ハルカ：こんにちは。' };
    const cases: [string, object, string][] = [
      ['/api/generate-script', { format: 'podcast' }, FORMAT],
      ['/api/generate-script', { length: 'long' }, LENGTH],
      ['/api/regenerate-script', { ...script, format: 'quiz' }, FORMAT],
      ['/api/regenerate-script', { ...script, length: 'medium' }, LENGTH],
    ];
    for (const [url, body, message] of cases) {
      const res = await post(url, cookie, { inputText: TEXT, ...body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it.each(SCRIPT_FORMATS)('accepts the %s format, standard and short, and writes it in that shape', async (format) => {
    const cookie = await member();
    const standard = await post('/api/generate-script', cookie, { inputText: TEXT, title: '図書館の今', format, length: 'standard' });
    expect(standard.statusCode).toBe(200);
    const short = await post('/api/generate-script', cookie, { inputText: TEXT, title: '図書館の今', format, length: 'short' });
    expect(short.statusCode).toBe(200);
    const script: string = standard.json().script;
    const hosts = new Set(script.split('\n').map((l) => l.split('：')[0]));
    expect(hosts).toEqual(new Set(format === 'monologue' ? ['ハルカ'] : ['ハルカ', 'ケンタ']));
    expect(short.json().script.length).toBeLessThan(script.length);
    const first = {
      dialogue: 'ハルカ：こんにちは、ハルカです。今日は図書館のお話です。',
      interview: 'ケンタ：こんにちは、ケンタです。今日はハルカさんに、図書館のお話を伺います。',
      debate: 'ハルカ：ハルカです。今日は図書館を討論します。私は賛成の立場です。',
      news: 'ハルカ：ハルカです。図書館のニュースです。「図書館の今」。',
      monologue: 'ハルカ：こんにちは、ハルカです。今日は図書館のお話を、ひとりでお届けします。',
    }[format];
    expect(script.split('\n')[0]).toBe(first);
    const again = await post('/api/regenerate-script', cookie, {
      inputText: TEXT,
      originalScript: script,
      issues: [],
      format,
      length: 'standard',
    });
    expect(again.statusCode).toBe(200);
  });

  it('without a format or length writes the two-host talk of today', async () => {
    const cookie = await member();
    const plain = await post('/api/generate-script', cookie, { inputText: TEXT, title: '図書館の今' });
    const dialogue = await post('/api/generate-script', cookie, {
      inputText: TEXT,
      title: '図書館の今',
      format: 'dialogue',
      length: 'standard',
    });
    expect(plain.json().script).toBe(dialogue.json().script);
  });
});

describe('#39.2 with a model, the shape goes into the prompt', () => {
  const recording = (script: string) => {
    const asked: StructuredAsk<unknown>[] = [];
    const llm: LlmProvider = {
      ...offlineLlm(),
      name: 'openai',
      structured: async <T>(ask: StructuredAsk<T>) => {
        asked.push(ask as StructuredAsk<unknown>);
        const answer = {
          title: '図書館の今',
          script,
          labels: [],
          factCheck: { status: 'verified', confidence: 90, summary: '', issues: [], claims: [] },
        };
        return ask.schema.parse(answer);
      },
    };
    return { llm, asked };
  };

  it('a short monologue is asked for as one host of about a minute, and read as one host only', async () => {
    const { llm, asked } = recording('ハルカ：こんにちは、ハルカです。\nハルカ：図書館のお話です。');
    const draft = await writeScript(llm, testJapanese(), { inputText: TEXT, format: 'monologue', length: 'short' });
    expect(draft.script).toBe('ハルカ：こんにちは、ハルカです。\nハルカ：図書館のお話です。');
    expect(asked[0].prompt).toContain('形式: ひとり語り。すべての行を「ハルカ：」で始め、ケンタは登場しません');
    expect(asked[0].prompt).toContain('長さ: ショート。全体で約1分');
    const rewrite = await rewriteScript(llm, testJapanese(), {
      inputText: TEXT,
      originalScript: draft.script,
      issues: ['x'],
      format: 'monologue',
      length: 'short',
    });
    expect(rewrite.script).toBe(draft.script);
    expect(asked[1].prompt).toContain('形式: ひとり語り');
  });

  it('a debate, an interview and news are each named in the prompt; the default adds nothing', async () => {
    const { llm, asked } = recording('ハルカ：賛成です。\nケンタ：でも、反対です。');
    for (const format of ['debate', 'interview', 'news', 'dialogue'] as const)
      await writeScript(llm, testJapanese(), { inputText: TEXT, format });
    expect(asked[0].prompt).toContain('形式: 討論。ハルカは賛成、ケンタは反対');
    expect(asked[1].prompt).toContain('形式: インタビュー。ケンタが聞き手として質問し、ハルカが専門家として答えて説明します');
    expect(asked[2].prompt).toContain('形式: ニュース。ハルカが見出しを読み');
    expect(asked[3].prompt).not.toContain('形式:');
    expect(asked[3].prompt).not.toContain('長さ:');
  });

  it('a monologue answer with ケンタ in it is malformed; a two-host answer needs ケンタ', () => {
    expect(MonologueText.safeParse('ハルカ：こんにちは。\nケンタ：どうも。').success).toBe(false);
    expect(MonologueText.safeParse('ハルカ：こんにちは。\nハルカ：今日は図書館です。').success).toBe(true);
    expect(ScriptText.safeParse('ハルカ：こんにちは。\nハルカ：今日は図書館です。').success).toBe(false);
  });
});
