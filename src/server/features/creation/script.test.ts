import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { creationUsage, scriptUsage } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

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

describe('#24.7 the script writer is bounded per member per minute and per Asia/Tokyo day', () => {
  const today = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  // The clock is held 10 s into a minute, so parallel calls all fall in the same minute (only Date is faked).
  const hold = () => {
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    return at;
  };
  const generate = (cookie: string) => post('/api/generate-script', cookie, { inputText: 'AIは進歩しています。', title: '' });
  const regenerate = (cookie: string) =>
    post('/api/regenerate-script', cookie, { inputText: 'AIは進歩しています。', originalScript: 'ハルカ：こんにちは', issues: ['x'] });

  it('60 parallel calls (30 of each) of a fresh member give exactly 5 answers and 55 refusals of 429 with the minute message', async () => {
    const at = hold();
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? generate(cookie) : regenerate(cookie))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(55);
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({
        message: '台本の作成・修正は1分間に5回までです。少し待ってからもう一度お試しください',
        reason: 'script_minute_limit',
      });
    }
    const [row] = await t.db.select().from(scriptUsage).where(eq(scriptUsage.userId, user.id));
    expect(row).toMatchObject({ day: today(at), dayCount: 5, minuteCount: 5 });
    // The next minute has its own 5.
    vi.setSystemTime(new Date(at.getTime() + 60_000));
    expect((await generate(cookie)).statusCode).toBe(200);
  });

  it('a free member has 30 a day: with 29 spent, 10 parallel calls give exactly 1 and 9 refusals with the day message', async () => {
    const at = hold();
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    await t.db.insert(scriptUsage).values({ userId: user.id, day: today(at), dayCount: 29, minute: 0, minuteCount: 0 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? generate(cookie) : regenerate(cookie))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      expect(a.json()).toEqual({
        message: '台本の作成・修正は1日30回までです。明日（日本時間の0時以降）またお試しください',
        reason: 'script_daily_limit',
      });
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    // A new Asia/Tokyo day (midnight in Japan is 15:00 UTC) starts again at 1.
    const nextTokyoDay = new Date(Date.parse(`${today(at)}T15:00:00Z`));
    vi.setSystemTime(nextTokyoDay);
    expect((await regenerate(cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(scriptUsage).where(eq(scriptUsage.userId, user.id));
    expect(row).toMatchObject({ day: today(nextTokyoDay), dayCount: 1, minuteCount: 1 });
  });

  it('a premium member has 100 a day', async () => {
    const at = hold();
    const user = await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(at.getTime() + 30 * DAY_MS) });
    const cookie = await sessionCookie(t.db, { userId: user.id });
    await t.db.insert(scriptUsage).values({ userId: user.id, day: today(at), dayCount: 98, minute: 0, minuteCount: 0 });
    expect((await generate(cookie)).statusCode).toBe(200);
    expect((await regenerate(cookie)).statusCode).toBe(200);
    const refused = await generate(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: '台本の作成・修正は1日100回までです。明日（日本時間の0時以降）またお試しください',
      reason: 'script_daily_limit',
    });
  });
});
