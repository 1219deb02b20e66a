import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { creationPreviews } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { previewKey } from './previews';
import type { CreationVoice } from './voice';

// Creation limits (creator spec §6, §9; issue 15): 3 a day free, 10 premium, per Asia/Tokyo day,
// spent when a preview is made, atomically, and given back when the voice fails.
let t: TestApp;
let failNext: 'quota' | 'error' | null = null;
const fakeVoice: CreationVoice = async (script) => {
  const mode = failNext;
  failNext = null;
  if (mode === 'quota') throw Object.assign(new Error('429 from the voice service'), { status: 429 });
  if (mode === 'error') throw new Error('voice down');
  return { mp3: Buffer.from(`ID3-fake-${script.length}`), duration: 12.345 };
};

beforeAll(async () => {
  t = await createTestApp({}, {}, { voice: fakeVoice });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const preview = (cookie: string, script = 'ハルカ：こんにちは\nケンタ：こんにちは') =>
  t.app.inject({
    method: 'POST',
    url: '/api/generate-audio-preview',
    headers: { cookie },
    payload: { script, title: '題', speakingRate: 1 },
  });
const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/posting-status', headers: { cookie } })).json();

describe('daily limits', () => {
  it('C-limits: 20 concurrent previews of a fresh free member give exactly 3 successes and 17 answers of 429', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const answers = await Promise.all(Array.from({ length: 20 }, () => preview(cookie)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(a.json()).toEqual({ message: '投稿制限に達しました', reason: 'posting_limit' });
    expect(
      answers
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json().currentCount)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(await status(cookie)).toEqual({ currentCount: 3, dailyLimit: 3, remaining: 0, isPremium: false });
  });

  it('a premium member has 10 a day', async () => {
    const user = await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) });
    const cookie = await sessionCookie(t.db, { userId: user.id });
    expect(await status(cookie)).toEqual({ currentCount: 0, dailyLimit: 10, remaining: 10, isPremium: true });
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await preview(cookie)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes[10]).toBe(429);
  });

  it('resets at midnight in Japan (15:00 UTC), not at midnight UTC', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T14:58:00Z')); // 23:58 in Tokyo
    for (let i = 0; i < 3; i++) expect((await preview(cookie)).statusCode).toBe(200);
    expect((await preview(cookie)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-11-24T14:59:59Z')); // still the same day in Tokyo
    expect((await preview(cookie)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-11-24T15:00:01Z')); // 00:00:01 the next day in Tokyo
    expect(await status(cookie)).toMatchObject({ currentCount: 0, remaining: 3 });
    expect((await preview(cookie)).statusCode).toBe(200);
  });

  it('gives the use back when the voice fails, and says when its quota is the reason', async () => {
    const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    failNext = 'quota';
    const quota = await preview(cookie);
    expect(quota.statusCode).toBe(429);
    expect(quota.json()).toEqual({
      message: 'AI音声生成サービスの制限に達しました。しばらくしてからもう一度お試しください',
      reason: 'ai_service_limit',
    });
    failNext = 'error';
    const down = await preview(cookie);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('エラー');
    expect(await status(cookie)).toMatchObject({ currentCount: 0, remaining: 3 });
  });
});

describe('previews', () => {
  it('are played only by their owner and deleted only by their owner; other names change nothing', async () => {
    const owner = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const made = (await preview(cookie)).json();
    expect(made).toMatchObject({ duration: 12.35, title: '題', dailyLimit: 3, currentCount: 1 });
    expect(made.previewFilename).toMatch(/^p-[0-9a-f]{24}\.mp3$/);
    expect(made.previewUrl).toBe(`/api/previews/${made.previewFilename}`);
    const own = await t.app.inject({ method: 'GET', url: made.previewUrl, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/mpeg');

    const stranger = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    expect((await t.app.inject({ method: 'GET', url: made.previewUrl, headers: { cookie: stranger } })).statusCode).toBe(404);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/cleanup-preview/${made.previewFilename}`,
      headers: { cookie: stranger },
    });
    expect(theirs.statusCode).toBe(404);
    for (const name of ['..%2F..%2Faudio%2Fdemo-01.mp3', '..', 'p-zz.mp3', '%2E%2E', 'x.mp3']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/cleanup-preview/${name}`, headers: { cookie } });
      expect(res.statusCode, name).toBe(404);
    }
    expect((await t.storage.stat(previewKey(made.previewFilename)))?.size).toBe(own.rawPayload.length);

    const mine = await t.app.inject({ method: 'DELETE', url: `/api/cleanup-preview/${made.previewFilename}`, headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(await t.storage.stat(previewKey(made.previewFilename))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: made.previewUrl, headers: { cookie } })).statusCode).toBe(404);
  });

  it('validates the input: empty script, out-of-range rate', async () => {
    const user = await insertUser(t.db);
    const cookie = await sessionCookie(t.db, { userId: user.id });
    for (const payload of [
      { script: '   ', title: '', speakingRate: 1 },
      { script: 'a', title: '', speakingRate: 0.4 },
      { script: 'a', title: '', speakingRate: 2.1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/generate-audio-preview', headers: { cookie }, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await status(cookie)).toMatchObject({ currentCount: 0 });
    expect(await t.db.select().from(creationPreviews).where(eq(creationPreviews.userId, user.id))).toHaveLength(0);
  });
});
