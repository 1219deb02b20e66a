import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_MESSAGES } from '../../../shared/messages/admin';
import { MESSAGES } from '../../../shared/messages/api';
import { READING_MESSAGES } from '../../../shared/rules/readings';
import { readingReports, tasks, tracks } from '../../db/schema';
import type { RenderedDialogue } from '../../providers/audio/render';
import { adminSuite } from '../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../test/app';
import { whileWorkersRun } from '../../test/workers';
import { audioKey, hqAudioKey } from '../tracks/queries';
import { expectReported, reportLine } from './readings-kit';

// Issue 25.3: the reading dictionary. Members ask how a text is read and report misread lines; the
// operator keeps the entries, sees the reports and has the track spoken again.

const suite = adminSuite();
const { call } = suite;
let member: string;
let memberId: string;

beforeAll(async () => {
  const user = await insertUser(suite.t.db);
  memberId = user.id;
  member = await sessionCookie(suite.t.db, { userId: user.id });
});

const get = (url: string, cookie?: string) => suite.t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (payload: object, cookie = suite.admin) =>
  suite.t.app.inject({ method: 'PUT', url: '/api/admin/readings', headers: { cookie }, payload });
const spokenReadingOf = async (text: string) => {
  const res = await get(`/api/readings?text=${encodeURIComponent(text)}`, member);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reading as string;
};

describe('#25.3 GET /api/readings', () => {
  it('#25.3 answers {text, reading}: the kana the voice reads, and the dictionary changes it', async () => {
    const res = await get(`/api/readings?text=${encodeURIComponent('無限を聴く')}`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: '無限を聴く', reading: 'ムゲンヲキク' });
    expect(await spokenReadingOf('御朱印帳を集める')).toBe('ゴシュインチョーヲアツメル');
    expect((await put({ surface: '御朱印帳', reading: 'ごしゅいんちょう' })).statusCode).toBe(201);
    expect(await spokenReadingOf('御朱印帳を集める')).toBe('ゴシュインチョウヲアツメル');
  });

  it('#25.3 is members only (401 before validation), and a missing or overlong text is a Japanese 400', async () => {
    const visitor = await get('/api/readings?text=a');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: MESSAGES.loginRequired });
    const missing = await get('/api/readings', member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: READING_MESSAGES.textRequired });
    const long = await get(`/api/readings?text=${'あ'.repeat(2001)}`, member);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: '読みを調べる文は2,000文字以内で入力してください' });
  });
});

describe('#25.3 the operator’s entries', () => {
  it('#25.3 PUT adds (201) and changes (200) by surface; GET lists; DELETE removes', async () => {
    const added = await put({ surface: '生粋', reading: 'キッスイ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ created: true, entry: { surface: '生粋', reading: 'キッスイ' } });
    const changed = await put({ surface: ' 生粋 ', reading: 'きっすい' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ created: false, entry: { id: added.json().entry.id, surface: '生粋', reading: 'キッスイ' } });
    const list = (await get('/api/admin/readings', suite.admin)).json();
    expect(list.entries.map((e: { surface: string }) => e.surface)).toEqual(['御朱印帳', '生粋']);
    const gone = await call('DELETE', `/api/admin/readings/${added.json().entry.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true });
    const again = await call('DELETE', `/api/admin/readings/${added.json().entry.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: READING_MESSAGES.entryNotFound });
  });

  it('#25.3 refuses a bad entry with a Japanese message', async () => {
    const cases: [object, string][] = [
      [{ surface: '', reading: 'ア' }, READING_MESSAGES.surfaceRequired],
      [{ reading: 'ア' }, READING_MESSAGES.surfaceRequired],
      [{ surface: '漢字', reading: '' }, READING_MESSAGES.readingRequired],
      [{ surface: '漢字', reading: 'kanji' }, READING_MESSAGES.readingKana],
      [{ surface: '漢字', reading: 'ッカンジ' }, READING_MESSAGES.readingStart],
      [{ surface: 'かな', reading: 'カナ' }, READING_MESSAGES.surfaceKanaOnly],
      [{ surface: '二つ の語', reading: 'フタツノゴ' }, READING_MESSAGES.surfaceOneLine],
      [{ surface: '字'.repeat(51), reading: 'ジ' }, READING_MESSAGES.surfaceTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('#25.3 every operator route answers 401 to a visitor and to a member', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/readings'],
      ['PUT', '/api/admin/readings', { surface: '漢字', reading: 'カンジ' }],
      ['DELETE', '/api/admin/readings/1'],
      ['GET', '/api/admin/reading-reports'],
      ['POST', '/api/admin/tracks/1/regenerate-audio'],
    ];
    for (const cookie of [undefined, member]) {
      for (const [method, url, payload] of routes) {
        const res = await suite.t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: ADMIN_API_MESSAGES.authRequired });
      }
    }
  });
});

const SCRIPT = 'ハルカ：今日は御朱印帳の話です。\nケンタ：生粋の集め好きですね。\nハルカ：またどうぞ。';
const LINES = [
  { speaker: 'ハルカ', text: '今日は御朱印帳の話です。', startMs: 300, endMs: 2000 },
  { speaker: 'ケンタ', text: '生粋の集め好きですね。', startMs: 2400, endMs: 4000 },
  { speaker: 'ハルカ', text: 'またどうぞ。', startMs: 4300, endMs: 5000 },
];

describe('#25.3 reports of misread lines and the regeneration', () => {
  it('#25.3 a member reports a line; the operator sees it with today’s reading, regenerates, and it is resolved', async () => {
    const track = await insertTrack(suite.t, { script: SCRIPT, transcript: LINES, filename: 'c-999999.mp3', hqFilename: 'c-999999.mp3' });
    await suite.t.storage.put(hqAudioKey('c-999999.mp3'), Buffer.from('old hq'));
    const report = (line: number, cookie = member, note?: string) => reportLine(suite.t, track.id, cookie, line, note);
    const made = await report(1, member, '「なまいき」と読まれました');
    expectReported(made, { trackId: track.id, line: 1, text: '生粋の集め好きですね。', reading: 'キッスイノアツメスキデスネ。' });
    expect((await report(1)).statusCode).toBe(201); // the same member again: still one report
    const outOfRange = await report(3);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual({ message: READING_MESSAGES.lineNotFound });
    const visitor = await suite.t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/reading-reports`, payload: { line: 0 } });
    expect(visitor.statusCode).toBe(401);
    const missing = await suite.t.app.inject({
      method: 'POST',
      url: '/api/tracks/987654/reading-reports',
      headers: { cookie: member },
      payload: { line: 0 },
    });
    expect(missing.statusCode).toBe(404);

    const before = (await get('/api/admin/reading-reports', suite.admin)).json().reports;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      trackId: track.id,
      trackTitle: 'テスト音声',
      line: 1,
      text: '生粋の集め好きですね。',
      note: null,
      task: null,
    });
    expect(before[0].reading).toBe('キッスイノアツメスキデスネ。');
    // The transcript was kept without readings and never read since: how it was spoken is the analyser's.
    expect(before[0].spokenReading).toBe('キッスイノアツメスキデスネ。');

    const regen = await call('POST', `/api/admin/tracks/${track.id}/regenerate-audio`);
    expect(regen.statusCode).toBe(202);
    const { taskId } = regen.json();
    const twice = await call('POST', `/api/admin/tracks/${track.id}/regenerate-audio`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: READING_MESSAGES.alreadyRegenerating });
    expect((await get('/api/admin/reading-reports', suite.admin)).json().reports[0].task).toEqual({ id: taskId, status: 'queued' });

    const spoken: string[] = [];
    const render = async (script: string, rate: number): Promise<RenderedDialogue> => {
      spoken.push(`${rate}:${script}`);
      const mp3 = Buffer.from('new audio');
      return { mp3, mp3Hq: Buffer.from('new hq audio'), duration: 5.5, lines: LINES.map((l) => ({ ...l, startMs: l.startMs + 10 })) };
    };
    await whileWorkersRun(suite.t, { render }, () =>
      expect
        .poll(async () => (await suite.t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)))[0].status, {
          timeout: 15_000,
        })
        .toBe('completed'),
    );
    expect(spoken).toEqual([`1:${SCRIPT}`]);
    const [row] = await suite.t.db.select().from(tracks).where(eq(tracks.id, track.id));
    expect(row).toMatchObject({ filename: `c-999999-r${taskId}.mp3`, hqFilename: `c-999999-r${taskId}.mp3`, duration: 5.5, fileSize: 9 });
    expect(row.transcript?.[0].startMs).toBe(310);
    expect((await suite.t.storage.stat(audioKey(`c-999999-r${taskId}.mp3`)))?.size).toBe(9);
    expect(await suite.t.storage.stat(audioKey('c-999999.mp3')).catch(() => null)).toBe(null);
    expect((await get('/api/admin/reading-reports', suite.admin)).json().reports).toEqual([]);
    const [kept] = await suite.t.db.select().from(readingReports).where(eq(readingReports.trackId, track.id));
    expect(kept.resolvedAt).not.toBe(null);
    expect(kept.userId).toBe(memberId);
  });

  it('#25.3 a track without a script cannot be regenerated (400), an unknown one is 404', async () => {
    const track = await insertTrack(suite.t, { script: null });
    const res = await call('POST', `/api/admin/tracks/${track.id}/regenerate-audio`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: READING_MESSAGES.noScript });
    const none = await call('POST', '/api/admin/tracks/987654/regenerate-audio');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: READING_MESSAGES.trackNotFound });
  });
});
