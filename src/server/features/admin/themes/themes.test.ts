import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { tasks, themes } from '../../../db/schema';
import { adminSuite } from '../../../test/admin-kit';
import { insertTrack, insertUser, sessionCookie } from '../../../test/app';

// Issue 18, テーマ管理 and the generation queue (creator-operator spec §2.4, §3, §4, §7; C-* of area admin):
// the routes' validation, states and answers. The generation itself runs in generation.test.ts.
const suite = adminSuite();
const { call } = suite;
beforeEach(async () => {
  await suite.t.db.delete(tasks);
  await suite.t.db.delete(themes);
});

const JAPANESE = /[ぁ-んァ-ン一-龥]/;

async function addTheme(fields: Partial<typeof themes.$inferInsert> = {}) {
  const [row] = await suite.t.db
    .insert(themes)
    .values({ title: '朝の散歩', perspective: '習慣の視点', content: '朝の散歩は体に良い習慣です。', ...fields })
    .returning();
  return row;
}

/** A task's fields in the spec's list (C-7.4-15). */
const TASK_FIELDS = [
  'id',
  'themeId',
  'theme',
  'status',
  'currentStage',
  'progress',
  'speakingRate',
  'errorMessage',
  'groundingInfo',
  'stageData',
  'trackId',
  'createdAt',
];
describe('the theme library', () => {
  it('C-3-03, C-7.4-11, C-4-16, C-9-05: lists pending and approved themes with their fields, content cut to 150 characters, newest first', async () => {
    const long = 'あ'.repeat(300);
    const pending = await addTheme({
      title: '保留',
      content: long,
      youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      youtubeTitle: '動画の題',
    });
    const approved = await addTheme({ title: '採用済み', status: 'approved' });
    await addTheme({ title: '不採用', status: 'rejected' });
    const res = await call('GET', '/api/admin/themes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json();
    expect(list.map((x: { title: string }) => x.title)).toEqual(['採用済み', '保留']);
    expect(list[1]).toEqual({
      id: pending.id,
      title: '保留',
      perspective: '習慣の視点',
      content: `${'あ'.repeat(150)}…`,
      status: 'pending',
      youtubeExtraction: { title: '動画の題', url: 'https://www.youtube.com/watch?v=abcdefghijk' },
      createdAt: pending.createdAt.toISOString(),
    });
    expect(list[0]).toMatchObject({
      id: approved.id,
      status: 'approved',
      youtubeExtraction: null,
      content: '朝の散歩は体に良い習慣です。',
    });
  });

  it('C-4-17: a theme is hidden while one of its tasks is queued or processing, and back once it ends', async () => {
    const theme = await addTheme({ status: 'approved' });
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1 })).json();
    expect((await call('GET', '/api/admin/themes')).json()).toEqual([]);
    await suite.t.db.update(tasks).set({ status: 'processing' }).where(eq(tasks.id, taskId));
    expect((await call('GET', '/api/admin/themes')).json()).toEqual([]);
    await suite.t.db.update(tasks).set({ status: 'failed' }).where(eq(tasks.id, taskId));
    expect((await call('GET', '/api/admin/themes')).json().map((x: { id: number }) => x.id)).toEqual([theme.id]);
  });

  it('adds a theme by hand as pending, with Japanese messages for a missing or too long field', async () => {
    const res = await call('POST', '/api/admin/themes', { title: '  手動のテーマ ', content: '内容です。' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: '手動のテーマ',
      perspective: '',
      content: '内容です。',
      status: 'pending',
      youtubeExtraction: null,
    });
    for (const [body, message] of [
      [{ title: ' ', content: 'x' }, 'タイトルを入力してください'],
      [{ content: 'x' }, 'タイトルを入力してください'],
      [{ title: 'x', content: '  ' }, '内容を入力してください'],
      [{ title: 'x'.repeat(101), content: 'x' }, 'タイトルは100文字以内で入力してください'],
      [{ title: 'x', content: 'x'.repeat(2001) }, '内容は2,000文字以内で入力してください'],
      [{ title: 'x', perspective: 'x'.repeat(201), content: 'x' }, '視点は200文字以内で入力してください'],
    ] as const) {
      const bad = await call('POST', '/api/admin/themes', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toBe(message);
    }
  });

  it('C-4-14, C-4-15, C-7.4-12: pending goes to approved or rejected, approved to rejected; other moves are 409, bad input 400, unknown 404', async () => {
    const a = await addTheme();
    const b = await addTheme();
    const approve = await call('PATCH', `/api/admin/themes/${a.id}/status`, { status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ id: a.id, status: 'approved' });
    expect((await call('PATCH', `/api/admin/themes/${b.id}/status`, { status: 'rejected' })).json().status).toBe('rejected');
    // 削除 of an approved theme: rejected, and out of the list.
    expect((await call('PATCH', `/api/admin/themes/${a.id}/status`, { status: 'rejected' })).json().status).toBe('rejected');
    expect((await call('GET', '/api/admin/themes')).json()).toEqual([]);
    for (const status of ['approved', 'pending', 'rejected']) {
      const refused = await call('PATCH', `/api/admin/themes/${a.id}/status`, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('このテーマはその状態に変更できません');
    }
    const c = await addTheme({ status: 'approved' });
    expect((await call('PATCH', `/api/admin/themes/${c.id}/status`, { status: 'pending' })).statusCode).toBe(409);
    const bad = await call('PATCH', `/api/admin/themes/${c.id}/status`, { status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('テーマの状態は pending、approved、rejected のいずれかです');
    const unknown = await call('PATCH', '/api/admin/themes/999999/status', { status: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('テーマが見つかりません');
  });

  it('deletes a theme (404 after), refused with 409 while it is being generated', async () => {
    const theme = await addTheme({ status: 'approved' });
    await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {});
    const busy = await call('DELETE', `/api/admin/themes/${theme.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('音声を生成中のテーマは変更・削除できません');
    await suite.t.db.update(tasks).set({ status: 'completed' });
    const res = await call('DELETE', `/api/admin/themes/${theme.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'テーマを削除しました' });
    expect((await call('DELETE', `/api/admin/themes/${theme.id}`)).statusCode).toBe(404);
    // Its finished task stays, without the link.
    const [task] = await suite.t.db.select().from(tasks);
    expect(task.themeId).toBeNull();
  });
});

describe('generate-audio', () => {
  it('C-7.4-13: an approved theme becomes a queued task with its speaking rate (0.75 by default); a second request answers the same task', async () => {
    const theme = await addTheme({ status: 'approved' });
    const res = await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1.25 });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json();
    expect(typeof taskId).toBe('number');
    const [row] = await suite.t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ kind: 'admin-generate', status: 'queued', themeId: theme.id, maxAttempts: 3 });
    expect(row.payload).toEqual({
      themeId: theme.id,
      inputText: null,
      speakingRate: 1.25,
      premiumOnly: false,
      format: 'dialogue',
      length: 'standard',
    });
    expect((await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1.25 })).json()).toEqual({ taskId });
    await suite.t.db.update(tasks).set({ status: 'failed' });
    const other = await addTheme({ status: 'approved' });
    const byDefault = (await call('POST', `/api/admin/themes/${other.id}/generate-audio`, {})).json();
    const [d] = await suite.t.db.select().from(tasks).where(eq(tasks.id, byDefault.taskId));
    expect((d.payload as { speakingRate: number }).speakingRate).toBe(0.75);
  });

  it('C-2.4-20: refuses a rate outside 0.5, 0.75, 1.0, 1.25, 1.5, a theme not approved (409) and an unknown one (404)', async () => {
    const theme = await addTheme({ status: 'approved' });
    for (const speakingRate of [0.6, 2, 0, '0.75', null]) {
      const res = await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate });
      expect(res.statusCode, String(speakingRate)).toBe(400);
      expect(res.json().message).toBe('話す速さは 0.5、0.75、1.0、1.25、1.5 から選んでください');
    }
    const pending = await addTheme();
    const refused = await call('POST', `/api/admin/themes/${pending.id}/generate-audio`, { speakingRate: 0.75 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('音声を生成できるのは採用したテーマだけです');
    expect((await call('POST', '/api/admin/themes/424242/generate-audio', { speakingRate: 0.75 })).statusCode).toBe(404);
    expect(await suite.t.db.select().from(tasks)).toEqual([]);
  });
});

describe('the generation queue', () => {
  /** The show's shape every generation payload carries since version 2 (#39.2). */
  const SHAPE = { format: 'dialogue', length: 'standard' };
  async function task(fields: Partial<typeof tasks.$inferInsert> = {}) {
    const [row] = await suite.t.db
      .insert(tasks)
      .values({
        kind: 'admin-generate',
        payloadVersion: 2,
        payload: { themeId: null, inputText: '入力テキストです。', speakingRate: 0.75, ...SHAPE },
        ...fields,
      })
      .returning();
    return row;
  }

  it('C-3-04, C-3-05, C-7.4-15: lists the generation tasks newest first with the spec fields, 10 a page with the total', async () => {
    const theme = await addTheme({ status: 'approved', title: 'テーマの題' });
    for (let i = 0; i < 11; i++) await task();
    // Other kinds of task are not the console's queue.
    await suite.t.db.insert(tasks).values({ kind: 'publish-track', payload: {} });
    const stageData = {
      script_generation: {
        groundingInfo: { searched: true, sources: [{ uri: 'https://example.jp/a', title: 'example.jp' }] },
        factCheckResult: { status: 'issues_found', confidence: 65, summary: '要約', issues: ['指摘'] },
        title: 'テーマの題',
        revised: true,
      },
    };
    const done = await task({
      themeId: theme.id,
      payload: { themeId: theme.id, inputText: null, speakingRate: 1.5 },
      status: 'completed',
      stage: 'completed',
      progress: 100,
      result: { trackId: 77 },
      stageData,
    });
    const res = await call('GET', '/api/admin/tasks?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(body.tasks).toHaveLength(10);
    expect(body.tasks[0]).toEqual({
      id: done.id,
      themeId: theme.id,
      theme: { id: theme.id, title: 'テーマの題' },
      title: 'テーマの題',
      source: 'theme',
      status: 'completed',
      currentStage: 'completed',
      progress: 100,
      speakingRate: 1.5,
      errorMessage: null,
      groundingInfo: stageData.script_generation.groundingInfo,
      stageData,
      trackId: 77,
      createdAt: done.createdAt.toISOString(),
    });
    expect(body.tasks[1]).toMatchObject({
      themeId: null,
      theme: null,
      title: '入力テキストです。',
      source: 'input',
      status: 'queued',
      currentStage: 'pending',
      progress: 0,
      speakingRate: 0.75,
      groundingInfo: null,
      stageData: {},
      trackId: null,
    });
    const page2 = (await call('GET', '/api/admin/tasks?page=2')).json();
    expect(page2).toMatchObject({ total: 12, page: 2 });
    expect(page2.tasks).toHaveLength(2);
    for (const q of ['page=0', 'page=x', 'limit=101']) expect((await call('GET', `/api/admin/tasks?${q}`)).statusCode).toBe(400);
  });

  it("C-7.4-15 C-3-04: without paging the answer is an array of the tasks with the spec's fields", async () => {
    await task({ status: 'failed', errorMessage: '台本の生成に失敗しました' });
    const res = await call('GET', '/api/admin/tasks');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(0);
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(TASK_FIELDS));
  });

  it('shows a failed task with its Japanese message; the queue’s own (a worker lost on every attempt) in Japanese too', async () => {
    await task({ status: 'failed', errorMessage: '台本の生成に失敗しました' });
    await task({ status: 'failed', errorMessage: 'worker stopped before finishing (lease expired) on every attempt' });
    const list = (await call('GET', '/api/admin/tasks?page=1')).json().tasks;
    expect(list.map((x: { errorMessage: string }) => x.errorMessage)).toEqual([
      '処理中にワーカーが停止しました',
      '台本の生成に失敗しました',
    ]);
  });

  it('C-7.4-17: cancels a queued or processing task; a finished one is 409, an unknown or another kind 404', async () => {
    const queued = await task();
    const res = await call('POST', `/api/admin/tasks/${queued.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'タスクを中止しました' });
    const [row] = await suite.t.db.select().from(tasks).where(eq(tasks.id, queued.id));
    expect(row.status).toBe('cancelled');
    const running = await task({ status: 'processing', lockedBy: 'w' });
    expect((await call('POST', `/api/admin/tasks/${running.id}/cancel`)).statusCode).toBe(200);
    for (const status of ['completed', 'failed', 'cancelled']) {
      const over = await task({ status });
      const refused = await call('POST', `/api/admin/tasks/${over.id}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('このタスクはすでに終了しているため中止できません');
    }
    expect((await call('POST', '/api/admin/tasks/999999/cancel')).statusCode).toBe(404);
    const [member] = await suite.t.db.insert(tasks).values({ kind: 'publish-track', payload: {} }).returning();
    expect((await call('POST', `/api/admin/tasks/${member.id}/cancel`)).statusCode).toBe(404);
  });

  it('C-7.4-18: DELETE /api/admin/tasks/failed clears the failed and cancelled generation tasks and says how many', async () => {
    const kept = [await task(), await task({ status: 'processing' }), await task({ status: 'completed' })];
    await task({ status: 'failed' });
    await task({ status: 'cancelled' });
    const [member] = await suite.t.db.insert(tasks).values({ kind: 'publish-track', payload: {}, status: 'failed' }).returning();
    const res = await call('DELETE', '/api/admin/tasks/failed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '失敗・中止したタスクを2件クリアしました', deleted: 2 });
    const left = (await suite.t.db.select({ id: tasks.id }).from(tasks)).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual([...kept.map((k) => k.id), member.id].sort((a, b) => a - b));
    expect((await call('DELETE', '/api/admin/tasks/failed')).json()).toEqual({
      message: 'クリアする失敗・中止タスクはありません',
      deleted: 0,
    });
  });

  it('C-7.4-19: DELETE /api/admin/cleanup/invalid-tasks clears unreadable tasks, tasks of a deleted theme and finished ones whose track is gone', async () => {
    const theme = await addTheme({ status: 'approved' });
    const track = await insertTrack(suite.t);
    const valid = [
      await task(),
      await task({ themeId: theme.id, payload: { themeId: theme.id, inputText: null, speakingRate: 1, ...SHAPE }, status: 'failed' }),
      await task({ status: 'completed', result: { trackId: track.id } }),
      // Running: left to its worker even though its payload is unreadable.
      await task({ status: 'processing', payload: { nonsense: true } }),
    ];
    const invalid = [
      await task({ payload: { nonsense: true } }),
      await task({ payloadVersion: 99 }),
      await task({ status: 'failed', payload: { themeId: 123, inputText: null, speakingRate: 1 } }),
      await task({ status: 'completed', result: { trackId: 987654 } }),
      await task({ payload: { themeId: null, inputText: 'x', speakingRate: 0.6 } }),
    ];
    const res = await call('DELETE', '/api/admin/cleanup/invalid-tasks');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `無効なタスクを${invalid.length}件クリアしました`, deleted: invalid.length });
    const left = (await suite.t.db.select({ id: tasks.id }).from(tasks)).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual(valid.map((v) => v.id).sort((a, b) => a - b));
    expect((await call('DELETE', '/api/admin/cleanup/invalid-tasks')).json()).toEqual({ message: '無効なタスクはありません', deleted: 0 });
  });
});

describe('YouTube extraction (offline provider)', () => {
  it('C-2.4-17, C-7.4-14: an empty or non-YouTube URL is refused in Japanese; offline, YouTube cannot be reached and it says so', async () => {
    for (const [url, message] of [
      ['', 'YouTubeのURLを入力してください'],
      ['   ', 'YouTubeのURLを入力してください'],
      [undefined, 'YouTubeのURLを入力してください'],
      ['https://example.com/watch?v=abcdefghijk', 'YouTubeの動画のURLを入力してください（例: https://www.youtube.com/watch?v=…）'],
      ['https://www.youtube.com/watch?v=short', 'YouTubeの動画のURLを入力してください（例: https://www.youtube.com/watch?v=…）'],
      ['javascript:alert(1)', 'YouTubeの動画のURLを入力してください（例: https://www.youtube.com/watch?v=…）'],
    ] as const) {
      const res = await call('POST', '/api/admin/youtube/extract', url === undefined ? {} : { url });
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const res = await call('POST', '/api/admin/youtube/extract', { url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^オフラインのAI.*YouTubeの動画を読み込めません.*テーマを手動で追加してください$/);
    expect(JAPANESE.test(res.json().message)).toBe(true);
    expect(await suite.t.db.select().from(themes)).toEqual([]);
  });
});

describe('authorisation', () => {
  it('C-6: every route of this part refuses a visitor and a member with 401 before validation', async () => {
    const member = await sessionCookie(suite.t.db, { userId: (await insertUser(suite.t.db)).id });
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/admin/themes'],
      ['POST', '/api/admin/themes'],
      ['POST', '/api/admin/youtube/extract'],
      ['PATCH', '/api/admin/themes/1/status'],
      ['DELETE', '/api/admin/themes/1'],
      ['POST', '/api/admin/themes/1/generate-audio'],
      ['GET', '/api/admin/tasks'],
      ['POST', '/api/admin/tasks/1/cancel'],
      ['DELETE', '/api/admin/tasks/failed'],
      ['DELETE', '/api/admin/cleanup/invalid-tasks'],
      ['GET', '/api/generate-content?inputText=x'],
    ];
    for (const [method, url] of routes) {
      for (const cookie of ['', member]) {
        const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : { bad: true }, cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().message).toBe('管理者認証が必要です。ログインしてください。');
      }
    }
    expect(await suite.t.db.select().from(tasks)).toEqual([]);
  });
});
