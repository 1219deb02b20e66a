import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationPreviews, tasks, tracks } from '../../db/schema';
import { claim } from '../../jobs/queue';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { fakeRender, HELLO_LINE } from '../../test/generation-kit';
import { whileWorkersRun } from '../../test/workers';
import { audioKey, hqAudioKey } from '../tracks/queries';
import { previewKey } from './previews';
import type { CreationVoice } from './voice';

let t: TestApp;
const voice: CreationVoice = async () => ({ mp3: Buffer.from('ID3-preview'), duration: 30 });
const voiceOfTrack = fakeRender({ duration: 201.5, lines: () => [{ ...HELLO_LINE, startMs: 300, endMs: 1500 }] });
const { render } = voiceOfTrack;

beforeAll(async () => {
  t = await createTestApp({}, {}, { voice });
});
afterAll(() => t.close());

const SCRIPT = 'ハルカ：こんにちは。\nケンタ：こんにちは。';
async function member() {
  const user = await insertUser(t.db);
  const cookie = await sessionCookie(t.db, { userId: user.id });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/generate-audio-preview',
    headers: { cookie },
    payload: { script: SCRIPT, title: '題', speakingRate: 1.2 },
  });
  return { user, cookie, preview: made.json() };
}
const publish = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/publish-track', headers: { cookie }, payload });
const task = async (cookie: string, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/audio-tasks/${id}`, headers: { cookie } })).json();

describe('publishing', () => {
  it('is a task that ends in a visible track with the script, labels as category, duration and the poster', async () => {
    const { user, cookie, preview } = await member();
    const res = await publish(cookie, {
      previewFilename: preview.previewFilename,
      title: '朝の散歩',
      script: SCRIPT,
      labels: ['健康・ウェルネス', 'ライフスタイル'],
      agreedToTerms: true,
    });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json();
    // C-3-08, C-7.1-06: the task's fields, its id among them.
    expect(await task(cookie, taskId)).toEqual({ taskId, status: 'queued', progress: 0, stage: null, trackId: null, errorMessage: null });
    await whileWorkersRun(t, { render }, () =>
      expect.poll(async () => (await task(cookie, taskId)).status, { timeout: 60_000 }).toBe('completed'),
    );
    const done = await task(cookie, taskId);
    expect(done).toMatchObject({ taskId, status: 'completed', progress: 100 });
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, done.trackId));
    expect(track).toMatchObject({
      title: '朝の散歩',
      userId: user.id,
      createdBy: user.id,
      category: '健康・ウェルネス,ライフスタイル',
      script: SCRIPT,
      duration: 201.5,
      isVisible: true,
    });
    expect(track.transcript).toEqual([{ speaker: 'ハルカ', text: 'こんにちは', startMs: 300, endMs: 1500 }]);
    // #20: stored with its readings, so おんせん-style searches find it from the start.
    expect(track).toMatchObject({
      titleReading: 'あさのさんぽ',
      categoryReading: 'けんこう・うぇるねす,らいふすたいる',
      scriptReading: 'はるか:こんにちは。\nけんた:こんにちは。',
    });
    expect((await t.storage.stat(audioKey(track.filename)))?.size).toBe(track.fileSize);
    expect((await t.storage.stat(hqAudioKey(track.filename)))?.size).toBe(2 * (await t.storage.stat(audioKey(track.filename)))!.size);
    expect(await t.storage.stat(previewKey(preview.previewFilename))).toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tracks' })).json();
    expect(listed.some((x: { id: number }) => x.id === track.id)).toBe(true);
    // Only its owner sees the task.
    const stranger = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
    expect((await t.app.inject({ method: 'GET', url: `/api/audio-tasks/${taskId}`, headers: { cookie: stranger } })).statusCode).toBe(404);
  }, 90_000);

  it('sends その他 when no label is chosen', async () => {
    const { cookie, preview } = await member();
    const { taskId } = (
      await publish(cookie, { previewFilename: preview.previewFilename, title: '題', script: SCRIPT, labels: [], agreedToTerms: true })
    ).json();
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect((row.payload as { category: string }).category).toBe('その他');
    await t.db.delete(tasks).where(eq(tasks.id, taskId));
  });

  it('completes exactly once when its worker dies mid-way (a restart): the next worker finishes it', async () => {
    const { cookie, preview } = await member();
    const { taskId } = (
      await publish(cookie, { previewFilename: preview.previewFilename, title: '再開', script: SCRIPT, labels: [], agreedToTerms: true })
    ).json();
    // The first worker claims it and dies before finishing (nothing reported; the lease lapses).
    expect((await claim(t.db, 'crashed', ['publish-track'], 100))?.id).toBe(taskId);
    const before = voiceOfTrack.calls;
    await whileWorkersRun(t, { render }, () =>
      expect.poll(async () => (await task(cookie, taskId)).status, { timeout: 60_000 }).toBe('completed'),
    );
    expect(voiceOfTrack.calls - before).toBe(1);
    expect(
      await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.filename, `c-${taskId}.mp3`)),
    ).toHaveLength(1);
  }, 90_000);

  it('#15 one preview, one track: a double submit and a publish again later answer the first task', async () => {
    const { user, cookie, preview } = await member();
    const body = { previewFilename: preview.previewFilename, title: '一度だけ', script: SCRIPT, labels: [], agreedToTerms: true };
    const [a, b] = await Promise.all([publish(cookie, body), publish(cookie, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const { taskId } = a.json();
    expect(b.json().taskId).toBe(taskId);
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, user.id))).toHaveLength(1);
    await whileWorkersRun(t, { render }, () =>
      expect.poll(async () => (await task(cookie, taskId)).status, { timeout: 60_000 }).toBe('completed'),
    );
    // The progress view gave up and the member presses publish again: the same task, no second track.
    const again = await publish(cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().taskId).toBe(taskId);
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, user.id))).toHaveLength(1);
    // Another member cannot reach it at all.
    const other = await member();
    expect((await publish(other.cookie, body)).statusCode).toBe(400);
  }, 90_000);

  it('#15 a preview whose task failed for good may be published again (a new task)', async () => {
    const { cookie, preview } = await member();
    const body = { previewFilename: preview.previewFilename, title: '再挑戦', script: SCRIPT, labels: [], agreedToTerms: true };
    const first = (await publish(cookie, body)).json().taskId;
    await t.db.update(tasks).set({ status: 'failed' }).where(eq(tasks.id, first));
    const second = (await publish(cookie, body)).json().taskId;
    expect(second).not.toBe(first);
    expect((await publish(cookie, body)).json().taskId).toBe(second);
    await t.db.delete(tasks).where(eq(tasks.id, second));
  });

  it("#15 publishes the script the preview spoke: another script is refused (400), the stored one is the task's", async () => {
    const { cookie, preview } = await member();
    const base = { previewFilename: preview.previewFilename, title: '題', labels: [], agreedToTerms: true };
    const changed = await publish(cookie, { ...base, script: `${SCRIPT}\nハルカ：付け足しです。` });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('台本が音声プレビューと異なります。もう一度音声プレビューを作成してください');
    const tooLong = await publish(cookie, { ...base, script: 'ハ'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('台本は4,000文字以内にしてください');
    const same = await publish(cookie, { ...base, script: `\n  ${SCRIPT}  \n` });
    expect(same.statusCode).toBe(200);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, same.json().taskId));
    expect((row.payload as { script: string }).script).toBe(SCRIPT);
    await t.db.delete(tasks).where(eq(tasks.id, row.id));
  });

  it('refuses without the terms or without an own live preview', async () => {
    const { user, cookie, preview } = await member();
    const base = { previewFilename: preview.previewFilename, title: '題', script: SCRIPT, labels: [] };
    const noTerms = await publish(cookie, { ...base, agreedToTerms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toBe('利用規約への同意が必要です');
    const noTitle = await publish(cookie, { ...base, title: '  ', agreedToTerms: true });
    expect(noTitle.json().message).toBe('タイトルを入力してください');
    const other = await member();
    const foreign = await publish(cookie, { ...base, previewFilename: other.preview.previewFilename, agreedToTerms: true });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('音声プレビューが見つかりません。もう一度作成してください');
    await t.db
      .update(creationPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(creationPreviews.filename, preview.previewFilename));
    expect((await publish(cookie, { ...base, agreedToTerms: true })).statusCode).toBe(400);
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, user.id))).toHaveLength(0);
  });

  it('#24.8 a free member who made three previews today publishes the third: the use was spent at preview', async () => {
    const { user, cookie } = await member();
    const preview = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/generate-audio-preview', headers: { cookie }, payload: body });
    await preview({ script: SCRIPT, title: '', speakingRate: 1 });
    const third = (await preview({ script: SCRIPT, title: '', speakingRate: 1 })).json();
    const before = (await t.app.inject({ method: 'GET', url: '/api/posting-status', headers: { cookie } })).json();
    expect(before).toMatchObject({ currentCount: 3, dailyLimit: 3, remaining: 0 });
    // A fourth preview is refused: the day's uses are spent.
    const fourth = await preview({ script: SCRIPT, title: '', speakingRate: 1 });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: '投稿制限に達しました', reason: 'posting_limit' });
    const body = { previewFilename: third.previewFilename, title: '三本目', script: SCRIPT, labels: [], agreedToTerms: true };
    const published = await publish(cookie, body);
    expect(published.statusCode).toBe(200);
    const rows = await t.db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([published.json().taskId]);
    // Publishing spent nothing further.
    const after = (await t.app.inject({ method: 'GET', url: '/api/posting-status', headers: { cookie } })).json();
    expect(after).toMatchObject({ currentCount: 3, remaining: 0 });
  });
});
