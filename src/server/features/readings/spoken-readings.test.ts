import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../db/schema';
import { adminSuite } from '../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../test/app';
import { expectReported, reportLine } from './readings-kit';

// Issue 37.2: the transcript says how each line was read (lines[].reading, katakana as the voice spoke
// it), a track stored before readings were kept gets them from the analyser once, and a report of a
// misread line carries the line and its reading to the operator.

const suite = adminSuite();
const { call } = suite;
let member: string;

beforeAll(async () => {
  const user = await insertUser(suite.t.db);
  member = await sessionCookie(suite.t.db, { userId: user.id });
  expect((await call('PUT', '/api/admin/readings', { surface: '小鳥遊', reading: 'タカナシ' })).statusCode).toBe(201);
});

const transcript = async (id: number) => {
  const res = await suite.t.app.inject({ method: 'GET', url: `/api/tracks/${id}/transcript` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lines: { speaker: string; text: string; startMs: number | null; endMs: number | null; reading: string }[] };
};
const storedOf = async (id: number) =>
  (await suite.t.db.select({ transcript: tracks.transcript }).from(tracks).where(eq(tracks.id, id)))[0].transcript;

const SCRIPT = 'ハルカ：駅前に三軒あります。\nケンタ：小鳥遊さんの店ですね。';
const LINES = [
  { speaker: 'ハルカ', text: '駅前に三軒あります。', startMs: 300, endMs: 1800 },
  { speaker: 'ケンタ', text: '小鳥遊さんの店ですね。', startMs: 2200, endMs: 3600 },
];

describe('#37.2 GET /api/tracks/{id}/transcript: each line’s reading', () => {
  it('#37.2 answers the readings the voice gave, as stored with the track', async () => {
    // Spoken before the dictionary had the name: the answer is how the audio says it, not how it would now.
    const spoken = [
      { ...LINES[0], reading: 'エキマエニサンゲンアリマス。' },
      { ...LINES[1], reading: 'コトリアソビサンノミセデスネ。' },
    ];
    const track = await insertTrack(suite.t, { script: SCRIPT, transcript: spoken });
    expect((await transcript(track.id)).lines).toEqual(spoken);
  });

  it('#37.2 reads a track stored before readings were kept once, with the dictionary, and keeps the readings', async () => {
    const track = await insertTrack(suite.t, { script: SCRIPT, transcript: LINES });
    const read = [
      { ...LINES[0], reading: 'エキマエニサンゲンアリマス。' },
      { ...LINES[1], reading: 'タカナシサンノミセデスネ。' },
    ];
    expect((await transcript(track.id)).lines).toEqual(read);
    expect(await storedOf(track.id)).toEqual(read);
    // Kept: a later change to the dictionary does not rewrite what the track's lines were read as.
    expect((await call('PUT', '/api/admin/readings', { surface: '小鳥遊', reading: 'コトリアソビ' })).statusCode).toBe(200);
    expect((await transcript(track.id)).lines).toEqual(read);
    expect((await call('PUT', '/api/admin/readings', { surface: '小鳥遊', reading: 'タカナシ' })).statusCode).toBe(200);
  });

  it('#37.2 reads the lines of a track without timings (no transcript kept) from its script', async () => {
    const track = await insertTrack(suite.t, { script: 'ハルカ：六本あります。\n\nケンタ：四月一日です。' });
    expect((await transcript(track.id)).lines).toEqual([
      { speaker: 'ハルカ', text: '六本あります。', startMs: null, endMs: null, reading: 'ロッポンアリマス。' },
      { speaker: 'ケンタ', text: '四月一日です。', startMs: null, endMs: null, reading: 'シガツツイタチデス。' },
    ]);
    expect(await storedOf(track.id)).toBe(null);
  });
});

describe('#37.2 a report of a misread line carries the line and its reading', () => {
  it('#37.2 answers the line and its spoken reading; the operator sees it beside today’s reading', async () => {
    const spoken = [
      { ...LINES[0], reading: 'エキマエニサンケンアリマス。' },
      { ...LINES[1], reading: 'コトリアソビサンノミセデスネ。' },
    ];
    const track = await insertTrack(suite.t, { script: SCRIPT, transcript: spoken });
    const made = await reportLine(suite.t, track.id, member, 1);
    expectReported(made, { trackId: track.id, line: 1, text: '小鳥遊さんの店ですね。', reading: 'コトリアソビサンノミセデスネ。' });
    const reports = (await call('GET', '/api/admin/reading-reports')).json().reports as { trackId: number }[];
    expect(reports.filter((r) => r.trackId === track.id)).toEqual([
      {
        id: made.json().id,
        trackId: track.id,
        trackTitle: 'テスト音声',
        line: 1,
        text: '小鳥遊さんの店ですね。',
        note: null,
        spokenReading: 'コトリアソビサンノミセデスネ。',
        reading: 'タカナシサンノミセデスネ。',
        createdAt: expect.any(String),
        task: null,
      },
    ]);
  });

  it('#37.2 on a track stored before readings were kept, the report’s reading is the analyser’s', async () => {
    const track = await insertTrack(suite.t, { script: SCRIPT, transcript: LINES });
    const made = await suite.t.app.inject({
      method: 'POST',
      url: `/api/tracks/${track.id}/reading-reports`,
      headers: { cookie: member },
      payload: { line: 0 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({
      id: made.json().id,
      trackId: track.id,
      line: 0,
      text: '駅前に三軒あります。',
      reading: 'エキマエニサンゲンアリマス。',
    });
  });
});
