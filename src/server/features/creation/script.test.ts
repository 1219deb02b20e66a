import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationUsage } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('POST /api/generate-script and /api/regenerate-script', () => {
  it('answers the script, title, fact check, the input and labels', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const res = await post('/api/generate-script', cookie, {
      inputText: '  AIの技術は毎年2倍のペースで進歩しています。便利なアプリも増えました。  ',
      title: '',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inputText).toBe('AIの技術は毎年2倍のペースで進歩しています。便利なアプリも増えました。');
    expect(body.title).toBe('AIの技術は毎年2倍のペースで進歩しています');
    expect(body.script.split('\n')[0]).toBe('ハルカ：こんにちは、ハルカです。今日はAIのお話です。');
    expect(body.factCheck.status).toBe('issues_found');
    expect(body.labels).toEqual(['テクノロジー']);
    const again = await post('/api/regenerate-script', cookie, {
      inputText: body.inputText,
      originalScript: body.script,
      issues: body.factCheck.issues,
    });
    expect(again.statusCode).toBe(200);
    expect(Object.keys(again.json()).sort()).toEqual(['factCheck', 'script']);
    expect(again.json().factCheck.status).toBe('verified');
  });

  it('refuses empty or over-long text with the spec wording, and counts after trimming', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const empty = await post('/api/generate-script', cookie, { inputText: '   \n ', title: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('テキストを入力してください');
    const long = await post('/api/generate-script', cookie, { inputText: 'あ'.repeat(2001), title: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('テキストは2,000文字以内で入力してください');
    expect((await post('/api/generate-script', cookie, { inputText: ` ${'あ'.repeat(2000)} `, title: '' })).statusCode).toBe(200);
  });

  it('says the daily limit is reached when no use is left today', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const day = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    await t.db.insert(creationUsage).values({ userId: user.id, day, count: 3 });
    const res = await post('/api/generate-script', cookie, { inputText: 'こんにちは', title: '' });
    expect(res.statusCode).toBe(429);
    // The page decides by the reason, not by the wording (issue 15 gap 5).
    expect(res.json()).toEqual({ message: '本日の利用上限に達しました', reason: 'daily_limit' });
  });
});
