import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, QUESTION_MAX, QUESTIONS_PER_DAY_FREE, QUESTIONS_PER_DAY_PREMIUM } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { QUESTION_MESSAGES } from '../../../shared/rules/questions';
import { postgresCounters } from '../../http/counters';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { answerKey } from './audio';
import { questionDayKey } from './limits';
import { HOST_WORDS, NOT_COVERED } from './offline-answer';

// Issue 39.1 「ホストに質問」: POST /api/tracks/{id}/questions and the answer's audio. The answer is written
// offline (the default: no model) from the track's own lines; the voice is a stand-in that answers at
// once with the bytes it was asked to speak (the render's level and voices are the tracks' own).
const SCRIPT = [
  'ハルカ：こんにちは、ハルカです。今日は眠りの習慣のお話です。',
  'ケンタ：ケンタです。よろしくお願いします。',
  'ハルカ：寝る直前までスマートフォンの画面を見ていると、なかなか眠れなくなります。',
  'ケンタ：脳に昼間だと勘違いさせやすいんですか？',
  'ハルカ：そうなんです。画面の明るい光は、脳に昼間だと勘違いさせやすいと言われています。',
  'ケンタ：お風呂はいつ入るのがいいんですか？',
  'ハルカ：お風呂は、寝る一時間半前くらいに、ぬるめのお湯につかるのがおすすめです。',
  'ケンタ：カフェインの効き目は、飲んでから数時間続くと言われています。',
  'ハルカ：昼寝をするなら、午後の早い時間に、三十分以内にとどめるのがよいとされています。',
  // A reaction holds the question's word too, and says nothing: never quoted.
  'ケンタ：お風呂の話、いいですね。',
  'ハルカ：聞いてくださって、ありがとうございました。',
].join('\n');

const spoken: string[] = [];
const voiceBytes = (script: string) => Buffer.from(`ID3${script}`.repeat(20));
const fakeVoice = async (script: string) => {
  spoken.push(script);
  return { mp3: voiceBytes(script), duration: 7.25 };
};

let t: TestApp;
let track: { id: number };
let hidden: { id: number };
let locked: { id: number };
let free: string;
let premium: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { voice: fakeVoice });
  track = await insertTrack(t, { title: 'ぐっすり眠るための夜の習慣', script: SCRIPT });
  hidden = await insertTrack(t, { title: '非公開の回', script: SCRIPT, isVisible: false });
  locked = await insertTrack(t, { title: '限定の回', script: SCRIPT, isPremiumOnly: true });
  free = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
  premium = await sessionCookie(t.db, {
    userId: (await insertUser(t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) })).id,
  });
});
afterAll(() => t.close());

const ask = (id: number, question: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tracks/${id}/questions`,
    headers: cookie ? { cookie } : {},
    payload: question === undefined ? {} : { question },
  });

/** A fresh free member (the per-minute limit is per member). */
const member = async (fields: Parameters<typeof insertUser>[1] = {}) => {
  const user = await insertUser(t.db, fields);
  return { id: user.id, cookie: await sessionCookie(t.db, { userId: user.id }) };
};

describe('#39.1 asking the hosts: who may ask, and what', () => {
  it('#39.1 a visitor is 401 before the question is read (an empty, a too long or a missing one alike)', async () => {
    for (const question of ['', 'あ'.repeat(QUESTION_MAX + 1), undefined, 'お風呂はいつ？']) {
      const res = await ask(track.id, question);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.loginRequired });
    }
  });

  it('#39.1 an empty question and one over 300 characters are 400 with their messages; 300 is taken', async () => {
    const { cookie } = await member();
    for (const [question, message] of [
      ['', QUESTION_MESSAGES.questionRequired],
      ['   ', QUESTION_MESSAGES.questionRequired],
      ['あ'.repeat(QUESTION_MAX + 1), QUESTION_MESSAGES.questionTooLong],
    ] as const) {
      const res = await ask(track.id, question, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const longest = await ask(track.id, `お風呂${'あ'.repeat(QUESTION_MAX - 3)}`, cookie);
    expect(longest.statusCode).toBe(200);
  });

  it("#39.1 the track is heard by the stream's rule: 404 for a missing or hidden track, 403 premium_only for a free member", async () => {
    const { cookie } = await member();
    for (const id of [hidden.id, 999_999]) {
      const res = await ask(id, 'お風呂はいつ？', cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.trackNotFound });
      expect((await t.app.inject({ method: 'GET', url: `/api/stream/${id}`, headers: { cookie } })).statusCode).toBe(404);
    }
    const refused = await ask(locked.id, 'お風呂はいつ？', cookie);
    const stream = await t.app.inject({ method: 'GET', url: `/api/stream/${locked.id}`, headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.premiumOnly, reason: 'premium_only' });
    expect([stream.statusCode, stream.json()]).toEqual([403, refused.json()]);
    // A premium member is answered about it.
    expect((await ask(locked.id, 'お風呂はいつ？', premium)).statusCode).toBe(200);
  });
});

describe('#39.1 the hosts answer from the track', () => {
  it('#39.1 a question the track answers: covered, basedOn the transcript line that says it, the answer quoting it, spoken', async () => {
    spoken.length = 0;
    const res = await ask(track.id, 'お風呂はいつ入るのがいいですか？', free);
    expect(res.statusCode).toBe(200);
    const { answer } = res.json();
    expect(answer.covered).toBe(true);
    expect(answer.basedOn).toEqual([6]);
    const transcript = (await t.app.inject({ method: 'GET', url: `/api/tracks/${track.id}/transcript`, headers: { cookie: free } })).json();
    expect(transcript.lines[6].text).toBe('お風呂は、寝る一時間半前くらいに、ぬるめのお湯につかるのがおすすめです。');
    expect(answer.lines).toEqual([
      { speaker: 'ケンタ', text: HOST_WORDS.thanks('風呂') },
      { speaker: 'ハルカ', text: 'お風呂は、寝る一時間半前くらいに、ぬるめのお湯につかるのがおすすめです。' },
      { speaker: 'ケンタ', text: HOST_WORDS.back },
    ]);
    expect(answer.seconds).toBe(7.25);
    expect(answer.audioUrl).toBe(`/api/tracks/${track.id}/questions/${answer.id}/audio`);
    // The hosts speak exactly these lines, in their own voices (the script's speakers).
    expect(spoken).toEqual([answer.lines.map((l: { speaker: string; text: string }) => `${l.speaker}：${l.text}`).join('\n')]);
  });

  it("#39.1 the answer quotes the line that says the fact, not a host's question or reaction", async () => {
    const { cookie } = await member();
    const { answer } = (await ask(track.id, '昼寝は何分以内がいいですか？', cookie)).json();
    expect(answer.covered).toBe(true);
    expect(answer.basedOn).toEqual([8]);
    expect(answer.lines[1]).toEqual({
      speaker: 'ハルカ',
      text: '昼寝をするなら、午後の早い時間に、三十分以内にとどめるのがよいとされています。',
    });
  });

  it('#39.1 a question the track does not answer: not covered, basedOn empty, the hosts say so politely', async () => {
    const { cookie } = await member();
    // The last shares a word with the track (お風呂) but asks what it never says.
    for (const question of ['ケンタさんの好きな食べ物は何ですか？', '枕の値段の相場はいくらですか？', 'お風呂の最適な温度は何度ですか？']) {
      const res = await ask(track.id, question, cookie);
      expect(res.statusCode).toBe(200);
      const { answer } = res.json();
      expect({ covered: answer.covered, basedOn: answer.basedOn, lines: answer.lines }).toEqual(NOT_COVERED);
      expect(answer.lines[0].text).toBe('ご質問ありがとうございます。ただ、この回ではそこまでは話していませんでした。');
    }
  });
});

describe('#39.1 limits per member', () => {
  it('#39.1 three a minute: the fourth is 429 with its message, and costs nothing', async () => {
    const { cookie, id } = await member();
    for (let i = 0; i < 3; i++) expect((await ask(track.id, 'お風呂はいつ？', cookie)).statusCode).toBe(200);
    const refused = await ask(track.id, 'お風呂はいつ？', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: QUESTION_MESSAGES.minuteLimit });
    // The day's count holds the three answered, not the refused one.
    const counters = postgresCounters(t.db);
    expect((await counters.hit(questionDayKey(id, new Date()), DAY_MS)).count).toBe(4);
  });

  it("#39.1 20 a Japan day free and 100 premium: the next is 429 with the day's message", async () => {
    const counters = postgresCounters(t.db);
    const spent = await member();
    for (const [who, limit] of [
      [spent, QUESTIONS_PER_DAY_FREE],
      [await member({ isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) }), QUESTIONS_PER_DAY_PREMIUM],
    ] as const) {
      const key = questionDayKey(who.id, new Date());
      let count = 0;
      while (count < limit) count = (await counters.hit(key, DAY_MS)).count;
      const refused = await ask(track.id, 'お風呂はいつ？', who.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: QUESTION_MESSAGES.dailyLimit(limit) });
    }
    expect(QUESTION_MESSAGES.dailyLimit(20)).toBe('今日の質問は20回までです。明日またお試しください。');
  });
});

describe("#39.1 the answer's audio, served like a segue's", () => {
  it('#39.1 members only; whole, a range (206), and 304 for its ETag; 404 for an answer that is not there', async () => {
    const { answer } = (await ask(track.id, 'お風呂はいつ？', premium)).json();
    const bytes = voiceBytes(spoken[spoken.length - 1]);
    const visitor = await t.app.inject({ method: 'GET', url: answer.audioUrl });
    expect(visitor.statusCode).toBe(401);
    const whole = await t.app.inject({ method: 'GET', url: answer.audioUrl, headers: { cookie: free } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: answer.audioUrl, headers: { cookie: free, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: answer.audioUrl,
      headers: { cookie: free, 'if-none-match': whole.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/tracks/${track.id}/questions/${'0'.repeat(24)}/audio`,
      headers: { cookie: free },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: QUESTION_MESSAGES.answerAudioNotFound });
  });

  it('#39.1 an answer about a premium-only track is refused to a free member as the stream is', async () => {
    const { answer } = (await ask(locked.id, 'お風呂はいつ？', premium)).json();
    const res = await t.app.inject({ method: 'GET', url: answer.audioUrl, headers: { cookie: free } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.premiumOnly, reason: 'premium_only' });
  });

  it("#39.1 a deleted track's answers go with it; another track's stay", async () => {
    const owner = await insertUser(t.db, { name: '投稿者' });
    const cookie = await sessionCookie(t.db, { userId: owner.id });
    const gone = await insertTrack(t, { title: '消える回', script: SCRIPT, userId: owner.id });
    // A member of their own (three questions a minute each).
    const asker = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    const goneAnswer = (await ask(gone.id, 'お風呂はいつ？', asker)).json().answer;
    const keptAnswer = (await ask(track.id, '昼寝は何分？', asker)).json().answer;
    const keysOf = (id: number) => t.storage.list(`answers/${id}/`);
    expect(await keysOf(gone.id)).toEqual([answerKey(gone.id, goneAnswer.id)]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tracks/${gone.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => keysOf(gone.id)).toEqual([]);
    expect(await keysOf(track.id)).toContain(answerKey(track.id, keptAnswer.id));
  });
});
