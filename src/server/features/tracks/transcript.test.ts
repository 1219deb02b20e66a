import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAt, scriptLines } from '../../../shared/rules/transcript';
import { tracks } from '../../db/schema';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/tracks/{id}/transcript', () => {
  it('answers the lines with when each is spoken, or the script lines without times', async () => {
    const timed = await insertTrack(t, { script: 'ハルカ：こんにちは\nケンタ：どうも' });
    await t.db
      .update(tracks)
      .set({
        transcript: [
          { speaker: 'ハルカ', text: 'こんにちは', startMs: 300.4, endMs: 1500 },
          { speaker: 'ケンタ', text: 'どうも', startMs: 1900, endMs: 2600 },
        ],
      })
      .where(eq(tracks.id, timed.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/tracks/${timed.id}/transcript` });
    expect(res.json()).toEqual({
      lines: [
        { speaker: 'ハルカ', text: 'こんにちは', startMs: 300, endMs: 1500, reading: 'コンニチワ' },
        { speaker: 'ケンタ', text: 'どうも', startMs: 1900, endMs: 2600, reading: 'ドーモ' },
      ],
      claims: [],
      credit: null,
    });
    const plain = await insertTrack(t, { script: 'ハルカ：ひとつめ\n\nケンタ：ふたつめ' });
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${plain.id}/transcript` })).json().lines).toEqual([
      { speaker: 'ハルカ', text: 'ひとつめ', startMs: null, endMs: null, reading: 'ヒトツメ' },
      { speaker: 'ケンタ', text: 'ふたつめ', startMs: null, endMs: null, reading: 'フタツメ' },
    ]);
  });

  it('is not found for a hidden track of someone else', async () => {
    const owner = await insertUser(t.db);
    const hidden = await insertTrack(t, { userId: owner.id, createdBy: owner.id, isVisible: false, script: 'ハルカ：秘密' });
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${hidden.id}/transcript` })).statusCode).toBe(404);
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/tracks/${hidden.id}/transcript`, headers: { cookie } })).statusCode).toBe(200);
  });

  it('finds the line being spoken', () => {
    const lines = [
      { speaker: 'A', text: 'a', startMs: 300, endMs: 1000 },
      { speaker: 'B', text: 'b', startMs: 1400, endMs: 2000 },
    ];
    expect([0, 299, 300, 1399, 1400, 99_999].map((ms) => lineAt(lines, ms))).toEqual([-1, -1, 0, 0, 1, 1]);
    expect(lineAt(scriptLines('A：x'), 500)).toBe(-1);
  });
});
