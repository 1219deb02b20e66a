import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages/api';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../app';
import { testJapanese } from '../japanese';

// Issue 36: one member, or an attacker, must not slow everyone else. Limits at scale 0.1: GET
// /api/readings 3 a minute per member, GET /api/radio/programme 1.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
});
afterAll(async () => {
  await t.close();
  await testJapanese().close();
});

const member = async () => sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
const reading = (cookie: string, text: string) =>
  t.app.inject({ method: 'GET', url: `/api/readings?text=${encodeURIComponent(text)}`, headers: { cookie } });

describe('#36.5 the dictionary helper: costly reads limited per member, a member’s questions at once capped', () => {
  it('#36.5 a member has two readings in the helper at once: the third is refused (429), another member is answered', async () => {
    // A helper started afresh loads its dictionary (about a second): the member's three questions all
    // arrive before the first is answered.
    await testJapanese().close();
    const [a, b] = [await member(), await member()];
    const flood = await Promise.all(['温泉', '旅行', '東京'].map((text) => reading(a, text)));
    // Which of the three reaches the queue third depends on the database's answers to their session
    // lookups, not on the order they were sent: count, then check each answer by its own text.
    expect(flood.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    const readings: Record<string, string> = { 温泉: 'オンセン', 旅行: 'リョコー', 東京: 'トーキョー' };
    for (const [i, text] of ['温泉', '旅行', '東京'].entries()) {
      const r = flood[i];
      expect(r.json()).toEqual(r.statusCode === 429 ? { message: MESSAGES.dictionaryBusyMember } : { text, reading: readings[text] });
    }
    const other = await reading(b, '温泉');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ text: '温泉', reading: 'オンセン' });
  });

  it('#36.5 GET /api/readings is limited per member: the fourth in a minute is 429, another member’s is not', async () => {
    const [a, b] = [await member(), await member()];
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await reading(a, '温泉')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await reading(a, '温泉');
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect((await reading(b, '温泉')).statusCode).toBe(200);
  });
});

describe('#36.7 programmes are limited per member', () => {
  it('#36.7 the second programme in a minute is 429 with the Japanese message; another member’s is not refused', async () => {
    const [a, b] = [await member(), await member()];
    const programme = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/radio/programme?minutes=10', headers: { cookie } });
    const first = await programme(a);
    const second = await programme(a);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect((await programme(b)).statusCode).toBe(first.statusCode);
    expect(first.statusCode).not.toBe(429);
  });
});
