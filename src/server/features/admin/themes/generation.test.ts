import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROGRESS_STAGES } from '../../../../shared/rules/admin-themes';
import { tasks, themes, tracks } from '../../../db/schema';
import { providerError } from '../../../providers/errors';
import { offlineLlm } from '../../../providers/llm/offline';
import type { LlmProvider } from '../../../providers/llm/types';
import type { StorageProvider } from '../../../providers/storage/types';
import { approvedTheme } from '../../../test/generation-kit';
import { audioKey, hqAudioKey } from '../../tracks/queries';
import { generatedFilename } from './generation';
import { buffer, generationSuite } from './generation-kit';

// Issue 18: the operators' generation on the task queue (creator-operator spec §3, §4, §7): a theme or
// AI生成's text becomes a published track; its progress (stages of the spec's list) is NOTIFY'd; a cancel
// stops it at its next step with no track and no files; AI生成's server-sent events end to end.
const suite = generationSuite();
const { voice, workers, call, hear, taskRow, listed } = suite;

/** Waits (up to 20 s) for the task to reach the status. */
const reaches = (taskId: number, status: string) =>
  expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe(status);
/** The tracks published under the task's file name. */
const tracksOf = (taskId: number) =>
  suite.t.db
    .select()
    .from(tracks)
    .where(eq(tracks.filename, generatedFilename(taskId)));
/** The task's stored MP3 (key: audioKey or hqAudioKey), or null. */
const fileOf = (key: (filename: string) => string, taskId: number) => suite.t.storage.stat(key(generatedFilename(taskId)));

describe("a theme's generation", () => {
  it('C-3-04, C-3-05, C-3-07, C-4-19: runs the stages of the spec, keeps the fact check in stageData and publishes a track of the official account', async () => {
    const theme = await approvedTheme(suite.t.db);
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 1.25 })).json();
    await workers();
    try {
      await reaches(taskId, 'completed');
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
    const [track] = await suite.t.db.select().from(tracks).where(eq(tracks.id, trackId));
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
    expect((await buffer(await suite.t.storage.read(audioKey(track.filename)))).toString()).toBe(`ID3-admin-${track.script?.length}-1.25`);
    expect((await suite.t.storage.stat(hqAudioKey(track.filename)))?.size).toBe(
      2 * Buffer.byteLength(`ID3-admin-${track.script?.length}-1.25`),
    );
    // The theme is back in the library once its task is over, and the track is in the catalogue.
    expect((await call('GET', '/api/admin/themes')).json().map((x: { id: number }) => x.id)).toContain(theme.id);
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/tracks' })).json().some((x: { id: number }) => x.id === trackId)).toBe(
      true,
    );
  });

  it('C-9-11: rewrites a script whose fact check found issues before speaking it, and keeps the final check', async () => {
    const theme = await approvedTheme(suite.t.db, {
      title: '睡眠',
      content: '人は必ず8時間眠るべきです。日本人の平均睡眠時間は世界一短いです。',
    });
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, { speakingRate: 0.75 })).json();
    await workers();
    try {
      await reaches(taskId, 'completed');
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
    const [track] = await suite.t.db.select().from(tracks).where(eq(tracks.id, task.trackId));
    expect(track.script).toContain('と言われています');
  });

  it('fails for good with a Japanese message and an error message to the watchers when the script writer keeps failing; no track', async () => {
    const failing: LlmProvider = {
      ...offlineLlm(),
      name: 'gemini',
      structured: async () => {
        throw providerError('gemini', 'unavailable', 'answered 500');
      },
    };
    const theme = await approvedTheme(suite.t.db);
    const { heard, stop } = await hear();
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    // Two attempts already spent: this one is the last.
    await suite.t.db.update(tasks).set({ attempts: 2 }).where(eq(tasks.id, taskId));
    await workers({ llm: failing });
    try {
      await reaches(taskId, 'failed');
      await expect.poll(() => heard.some((m) => m.taskId === taskId && m.stage === 'error'), { timeout: 20_000 }).toBe(true);
    } finally {
      await stop();
    }
    expect(heard.find((m) => m.stage === 'error')?.message).toBe('台本の生成に失敗しました（gemini: answered 500）');
    expect((await listed(taskId)).errorMessage).toBe('台本の生成に失敗しました（gemini: answered 500）');
    expect(await fileOf(audioKey, taskId)).toBeNull();
    expect(await tracksOf(taskId)).toEqual([]);
  });

  it('fails at once with the theme-gone message when its theme was deleted while it waited', async () => {
    const theme = await approvedTheme(suite.t.db);
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    await suite.t.db.delete(themes).where(eq(themes.id, theme.id));
    await workers();
    await reaches(taskId, 'failed');
    const row = await taskRow(taskId);
    expect(row.attempts).toBe(1);
    expect((await listed(taskId)).errorMessage).toBe('テーマが見つかりません（削除された可能性があります）');
  });
});

describe('cancel', () => {
  it('C-7.4-17: a task cancelled while its voice is speaking stops at its next step: cancelled, no track, no files', async () => {
    const theme = await approvedTheme(suite.t.db);
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
      const next = (
        await call('POST', `/api/admin/themes/${(await approvedTheme(suite.t.db, { title: '次' })).id}/generate-audio`, {})
      ).json().taskId;
      await reaches(next, 'completed');
    } finally {
      await stop();
    }
    expect(await taskRow(taskId)).toMatchObject({ status: 'cancelled' });
    expect(heard.filter((m) => m.taskId === taskId).at(-1)).toMatchObject({ stage: 'error', message: 'タスクを中止しました' });
    expect(heard.some((m) => m.taskId === taskId && m.stage === 'audio_complete')).toBe(false);
    expect(await tracksOf(taskId)).toEqual([]);
    expect(await fileOf(audioKey, taskId)).toBeNull();
    expect(await fileOf(hqAudioKey, taskId)).toBeNull();
    expect((await listed(taskId)).trackId).toBeNull();
  });

  it('a cancel that comes in while the files are being stored leaves no track and deletes them', async () => {
    const theme = await approvedTheme(suite.t.db);
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
      ...suite.t.storage,
      put: async (key, body) => {
        if (key.includes('audio-hq')) {
          storing();
          await gate;
        }
        return suite.t.storage.put(key, body);
      },
    };
    const { taskId } = (await call('POST', `/api/admin/themes/${theme.id}/generate-audio`, {})).json();
    await workers({ storage: slow });
    await storingNow;
    expect((await fileOf(audioKey, taskId))?.size).toBeGreaterThan(0);
    expect((await call('POST', `/api/admin/tasks/${taskId}/cancel`)).statusCode).toBe(200);
    release();
    await expect.poll(async () => (await fileOf(hqAudioKey, taskId)) === null, { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await fileOf(audioKey, taskId)) === null).toBe(true);
    expect((await taskRow(taskId)).status).toBe('cancelled');
    expect(await tracksOf(taskId)).toEqual([]);
  });
});
