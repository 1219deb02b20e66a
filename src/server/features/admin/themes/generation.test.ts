import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_STAGES } from '../../../../shared/rules/admin-themes';
import { tasks, themes, tracks } from '../../../db/schema';
import { startJobWorkers } from '../../../jobs/workers';
import { providerError } from '../../../providers/errors';
import { offlineLlm } from '../../../providers/llm/offline';
import type { LlmProvider } from '../../../providers/llm/types';
import type { StorageProvider } from '../../../providers/storage/types';
import { createTestApp, sessionCookie, type TestApp } from '../../../test/app';
import { approvedTheme, fakeRender } from '../../../test/generation-kit';
import { audioKey, hqAudioKey } from '../../tracks/queries';
import { generatedFilename } from './generation';
import { PROGRESS_CHANNEL } from './progress';

// Issue 18: the operators' generation on the task queue (creator-operator spec §3, §4, §7): a theme or
// AI生成's text becomes a published track; its progress (stages of the spec's list) is NOTIFY'd; a cancel
// stops it at its next step with no track and no files; AI生成's server-sent events end to end.
let t: TestApp;
let admin: string;

/** A voice that answers at once, or holds until the test lets it go. */
const voice = fakeRender({ label: 'admin', duration: 185.5 });

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionCookie(t.db, { isAdmin: true });
});
afterAll(() => t.close());

let stopWorkers: (() => Promise<void>) | null = null;
async function workers(opts: { llm?: LlmProvider; storage?: StorageProvider } = {}) {
  stopWorkers = await startJobWorkers(t.database, opts.storage ?? t.storage, {
    render: voice.render,
    llm: opts.llm,
    pollMs: 50,
    schedules: false,
  });
}
afterEach(async () => {
  await stopWorkers?.();
  stopWorkers = null;
  voice.reset();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

async function buffer(stream: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Every progress message NOTIFY'd from now on. */
async function hear() {
  const heard: { taskId: number; stage: string; progress: number; message: string; details: Record<string, unknown>; rawData?: unknown }[] =
    [];
  const stop = await t.database.listen(PROGRESS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
  return { heard, stop };
}

const taskRow = async (id: number) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const listed = async (id: number) =>
  (await call('GET', '/api/admin/tasks?limit=100')).json().tasks.find((x: { id: number }) => x.id === id);

describe("a theme's generation", () => {
  it('C-3-04, C-3-05, C-3-07, C-4-19: runs the stages of the spec, keeps the fact check in stageData and publishes a track of the official account', async () => {
    const theme = await approvedTheme(t.db);
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1.25 })).json();
    await workers();
    try {
      await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('completed');
      await expect.poll(() => heard.some((m) => m.stage === 'task_complete'), { timeout: 20_000 }).toBe(true);
    } finally {
      await stop();
    }
    const mine = heard.filter((m) => m.taskId === taskId);
    for (const m of mine) expect(PROGRESS_STAGES).toContain(m.stage);
    expect(mine.map((m) => m.stage)).toEqual([
      'initialization',
      'task_initialization',
      'theme_loaded',
      'script_generation',
      'grounding_complete',
      'fact_check_complete',
      // The offline check flags 「言われています」-free claims only: this text has none, so no rewrite.
      'final_script_generation',
      'audio_generation',
      'audio_complete',
      'task_complete',
    ]);
    const progress = mine.map((m) => m.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ progress: 100, message: '音声を公開しました' });
    const trackId = mine.at(-1)?.details.trackId as number;
    expect(mine.at(-1)?.rawData).toEqual({ finalTrackData: { id: trackId } });
    expect(mine.find((m) => m.stage === 'theme_loaded')?.message).toBe('テーマ「朝の散歩」を読み込みました');
    expect(mine.find((m) => m.stage === 'grounding_complete')?.rawData).toEqual({ groundingInfo: { searched: false, sources: [] } });

    const task = await listed(taskId);
    expect(task).toMatchObject({
      id: taskId,
      themeId: theme.id,
      theme: { id: theme.id, title: '朝の散歩' },
      status: 'completed',
      currentStage: 'completed',
      progress: 100,
      speakingRate: 1.25,
      errorMessage: null,
      groundingInfo: { searched: false, sources: [] },
      trackId,
    });
    expect(task.stageData.script_generation).toEqual({
      groundingInfo: { searched: false, sources: [] },
      factCheckResult: { status: 'verified', confidence: 70, summary: expect.stringContaining('オフライン'), issues: [] },
      title: '朝の散歩',
      revised: false,
    });
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(track).toMatchObject({
      title: '朝の散歩',
      filename: generatedFilename(taskId),
      createdBy: 'mugen',
      userId: 'mugen',
      duration: 185.5,
      isVisible: true,
      category: '健康・ウェルネス,ライフスタイル',
    });
    expect(track.script).toMatch(/^ハルカ：/);
    expect(track.script).toContain('朝の散歩は気分を整える習慣です。');
    expect((await buffer(await t.storage.read(audioKey(track.filename)))).toString()).toBe(`ID3-admin-${track.script?.length}-1.25`);
    expect((await t.storage.stat(hqAudioKey(track.filename)))?.size).toBe(2 * Buffer.byteLength(`ID3-admin-${track.script?.length}-1.25`));
    // The theme is back in the library once its task is over, and the track is in the catalogue.
    expect((await call('GET', '/api/admin/themes')).json().map((x: { id: number }) => x.id)).toContain(theme.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracks' })).json().some((x: { id: number }) => x.id === trackId)).toBe(true);
  });

  it('C-9-11: rewrites a script whose fact check found issues before speaking it, and keeps the final check', async () => {
    const theme = await approvedTheme(t.db, {
      title: '睡眠',
      content: '人は必ず8時間眠るべきです。日本人の平均睡眠時間は世界一短いです。',
    });
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 0.75 })).json();
    await workers();
    try {
      await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('completed');
    } finally {
      await stop();
    }
    const stages = heard.filter((m) => m.taskId === taskId).map((m) => m.stage);
    expect(stages.slice(4, 8)).toEqual(['grounding_complete', 'fact_check_complete', 'final_script_generation', 'fact_check_complete']);
    const firstCheck = heard.find((m) => m.taskId === taskId && m.stage === 'fact_check_complete')?.rawData as {
      factCheckResult: { status: string; confidence: number };
    };
    expect(firstCheck.factCheckResult.status).toBe('issues_found');
    expect(firstCheck.factCheckResult.confidence).toBeLessThan(60);
    const task = await listed(taskId);
    expect(task.stageData.script_generation).toMatchObject({ revised: true, factCheckResult: { status: 'verified', issues: [] } });
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, task.trackId));
    expect(track.script).toContain('と言われています');
  });

  it('fails for good with a Japanese message and an error message to the watchers when the script writer keeps failing; no track', async () => {
    const failing: LlmProvider = {
      ...offlineLlm(),
      name: 'gemini',
      writeScript: async () => {
        throw providerError('gemini', 'unavailable', 'answered 500');
      },
    };
    const theme = await approvedTheme(t.db);
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    // Two attempts already spent: this one is the last.
    await t.db.update(tasks).set({ attempts: 2 }).where(eq(tasks.id, taskId));
    await workers({ llm: failing });
    try {
      await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('failed');
      await expect.poll(() => heard.some((m) => m.taskId === taskId && m.stage === 'error'), { timeout: 20_000 }).toBe(true);
    } finally {
      await stop();
    }
    expect(heard.find((m) => m.stage === 'error')?.message).toBe('台本の生成に失敗しました（gemini: answered 500）');
    expect((await listed(taskId)).errorMessage).toBe('台本の生成に失敗しました（gemini: answered 500）');
    expect(await t.storage.stat(audioKey(generatedFilename(taskId)))).toBeNull();
    expect(
      await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.filename, generatedFilename(taskId))),
    ).toEqual([]);
  });

  it('fails at once with the theme-gone message when its theme was deleted while it waited', async () => {
    const theme = await approvedTheme(t.db);
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    await t.db.delete(themes).where(eq(themes.id, theme.id));
    await workers();
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('failed');
    const row = await taskRow(taskId);
    expect(row.attempts).toBe(1);
    expect((await listed(taskId)).errorMessage).toBe('テーマが見つかりません（削除された可能性があります）');
  });
});

describe('cancel', () => {
  it('C-7.4-17: a task cancelled while its voice is speaking stops at its next step: cancelled, no track, no files', async () => {
    const theme = await approvedTheme(t.db);
    const { started, release } = voice.hold();
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    await workers();
    try {
      await started;
      expect((await taskRow(taskId)).status).toBe('processing');
      expect((await listed(taskId)).currentStage).toBe('audio_generation');
      const res = await call('POST', `/api/admin/tasks/${taskId}/cancel`);
      expect(res.statusCode).toBe(200);
      release();
      // The worker is free again once the job has stopped: the next task runs.
      const next = (await call('POST', `/api/admin/themes/${(await approvedTheme(t.db, { title: '次' })).id}/generate-audio`, {})).json()
        .taskId;
      await expect.poll(async () => (await taskRow(next)).status, { timeout: 20_000 }).toBe('completed');
    } finally {
      await stop();
    }
    expect(await taskRow(taskId)).toMatchObject({ status: 'cancelled' });
    expect(heard.filter((m) => m.taskId === taskId).at(-1)).toMatchObject({ stage: 'error', message: 'タスクを中止しました' });
    expect(heard.some((m) => m.taskId === taskId && m.stage === 'audio_complete')).toBe(false);
    expect(
      await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.filename, generatedFilename(taskId))),
    ).toEqual([]);
    expect(await t.storage.stat(audioKey(generatedFilename(taskId)))).toBeNull();
    expect(await t.storage.stat(hqAudioKey(generatedFilename(taskId)))).toBeNull();
    expect((await listed(taskId)).trackId).toBeNull();
  });

  it('a cancel that comes in while the files are being stored leaves no track and deletes them', async () => {
    const theme = await approvedTheme(t.db);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let storing!: () => void;
    const storingNow = new Promise<void>((r) => {
      storing = r;
    });
    // Storage whose second write (the 128 kbit/s copy) waits for the test.
    const slow: StorageProvider = {
      ...t.storage,
      put: async (key, body) => {
        if (key.includes('audio-hq')) {
          storing();
          await gate;
        }
        return t.storage.put(key, body);
      },
    };
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    await workers({ storage: slow });
    await storingNow;
    expect((await t.storage.stat(audioKey(generatedFilename(taskId))))?.size).toBeGreaterThan(0);
    expect((await call('POST', `/api/admin/tasks/${taskId}/cancel`)).statusCode).toBe(200);
    release();
    await expect.poll(async () => (await t.storage.stat(hqAudioKey(generatedFilename(taskId)))) === null, { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await t.storage.stat(audioKey(generatedFilename(taskId)))) === null).toBe(true);
    expect((await taskRow(taskId)).status).toBe('cancelled');
    expect(
      await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.filename, generatedFilename(taskId))),
    ).toEqual([]);
  });
});

/** The events of a server-sent event stream's text. */
function eventsOf(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}

describe('GET /api/generate-content (AI生成)', () => {
  it('C-7.4-25, C-7.4-26: streams status events with stage and progress, then complete with the new track id', async () => {
    await workers();
    const inputText = 'AIの進化について。最近は画像も文章も作れるようになりました。';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/generate-content?inputText=${encodeURIComponent(inputText)}&speakingRate=1.5`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    const events = eventsOf(res.body);
    const statuses = events.filter((e) => e.event === 'status');
    expect(statuses.length).toBeGreaterThan(3);
    for (const s of statuses) {
      expect(PROGRESS_STAGES).toContain(s.data.stage);
      expect(typeof s.data.progress).toBe('number');
    }
    expect(statuses[0].data).toMatchObject({ stage: 'initialization', progress: 0 });
    expect(statuses.map((s) => s.data.stage)).toContain('audio_generation');
    const last = events[events.length - 1];
    expect(last.event).toBe('complete');
    const { trackId, taskId } = last.data as { trackId: number; taskId: number };
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(track).toMatchObject({ createdBy: 'mugen', filename: generatedFilename(taskId) });
    expect(track.title).toBe('AIの進化について');
    expect(track.category).toBe('テクノロジー');
    const task = await listed(taskId);
    expect(task).toMatchObject({
      source: 'input',
      themeId: null,
      speakingRate: 1.5,
      status: 'completed',
      trackId,
      title: 'AIの進化について',
    });
  });

  it('C-7.4-26: streams an error event with the message when the generation fails for good', async () => {
    const failing: LlmProvider = {
      ...offlineLlm(),
      writeScript: async () => {
        throw new Error('boom');
      },
    };
    await workers({ llm: failing });
    // Three attempts (the queue's backoff of 2 s, then 4 s), then the error event.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/generate-content?inputText=%E3%83%86%E3%82%B9%E3%83%88',
      headers: { cookie: admin },
    });
    const events = eventsOf(res.body);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: '台本の生成に失敗しました' } });
    expect(events.filter((e) => e.event === 'error')).toHaveLength(1);
  }, 30_000);

  it('#24.6 starts nothing from another site: cross-site fetch metadata, or no Origin/Referer of this site, is refused with 403', async () => {
    const before = (await t.db.select().from(tasks)).length;
    const url = `/api/generate-content?inputText=${encodeURIComponent('外部から')}`;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of refused) {
      const res = await t.rawInject({ method: 'GET', url, headers: { cookie: admin, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: '不正なリクエスト元です' });
    }
    expect((await t.db.select().from(tasks)).length).toBe(before);
    // A page of this site passes the check (here on to validation): fetch metadata same-origin, or a Referer of the site.
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { referer: 'http://localhost/admin' }]) {
      const res = await t.rawInject({ method: 'GET', url: '/api/generate-content?inputText=', headers: { cookie: admin, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
    }
  });

  it('C-2.4-18, C-2.4-20: refuses empty or over 1,000 characters and rates outside the five, in Japanese, before any task', async () => {
    const before = (await t.db.select().from(tasks)).length;
    for (const [query, message] of [
      ['inputText=', 'テキストを入力してください'],
      ['inputText=%20%20', 'テキストを入力してください'],
      ['', 'テキストを入力してください'],
      [`inputText=${encodeURIComponent('あ'.repeat(1001))}`, 'テキストは1,000文字以内で入力してください'],
      ['inputText=x&speakingRate=2', '話す速さは 0.5、0.75、1.0、1.25、1.5 から選んでください'],
      ['inputText=x&speakingRate=fast', '話す速さは 0.5、0.75、1.0、1.25、1.5 から選んでください'],
    ] as const) {
      const res = await call('GET', `/api/generate-content?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.db.select().from(tasks)).length).toBe(before);
  });

  it('C-2.4-21: 1,000 characters are accepted and the rate is 0.75 when none is given; a client that leaves does not lose the task', async () => {
    const { release } = voice.hold();
    await workers();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let closed!: () => void;
    const clientGone = new Promise<void>((r) => {
      closed = r;
    });
    const firstEvent = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/generate-content?inputText=${encodeURIComponent('い'.repeat(1000))}`,
          headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            req.destroy();
          });
        },
      );
      req.on('close', closed);
      req.on('error', reject);
    });
    await clientGone;
    const [{ data }] = eventsOf(firstEvent);
    expect(data).toMatchObject({ stage: 'initialization', progress: 0 });
    const taskId = data.taskId as number;
    expect(((await taskRow(taskId)).payload as { inputText: string; speakingRate: number }).speakingRate).toBe(0.75);
    // The browser is gone; the task goes on to its voice, and completes once the voice answers.
    await expect.poll(async () => (await taskRow(taskId)).stage, { timeout: 20_000 }).toBe('audio_generation');
    release();
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('completed');
    expect((await listed(taskId)).trackId).toEqual(expect.any(Number));
  });
});
