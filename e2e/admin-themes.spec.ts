import type { Page } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { toastWith } from './helpers/identity';
import { holdRequests } from './helpers/waits';

// Issue 18, テーマ管理 and AI生成 (creator-operator spec §2.4, §3, §4, §7, §8): a theme added by hand is
// approved and spoken, its progress watched live over /ws to the track; a task cancelled; failed tasks
// cleared; AI生成 from 音声管理 streams to its track. The offline voice takes tens of seconds to speak a
// track on this machine: only the steps that wait for a generation have long timeouts.
const GENERATION_MS = 180_000;

/**
 * A word of katakana unique to this run: digits in a title would be flagged by the offline fact check, and
 * Latin letters would read as an English label on the listener pages the track then appears on.
 */
const KANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハ';
const tag = () => {
  let n = Date.now() % 26 ** 4;
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += KANA[n % 26];
    n = Math.floor(n / 26);
  }
  return out;
};

/** The page scrolls sideways by this many pixels (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An approved theme made through the API (the journey's own steps make one through the page). */
async function approvedTheme(page: Page, title: string) {
  const made = await page.request.post('/api/admin/themes', {
    data: { title, content: `${title}について、三つの話題を順番に紹介します。` },
  });
  expect(made.status()).toBe(200);
  const { id } = await made.json();
  expect((await page.request.patch(`/api/admin/themes/${id}/status`, { data: { status: 'approved' } })).status()).toBe(200);
  return id as number;
}

test.describe('テーマ管理', () => {
  test('C-2.4-31..35, C-4-13, C-4-14, C-4-17, C-4-21, C-3-07, C-4-11, C-4-12: a theme added by hand is approved, its MP3 generated, watched live to the new track', async ({
    page,
    operator: _operator,
  }) => {
    test.setTimeout(GENERATION_MS + 60_000);
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'テーマ管理' })).toHaveAttribute('aria-selected', 'true');

    // C-2.4-31..33: a url input; submit disabled while empty and while an extraction runs.
    const url = page.getByTestId('youtube-url');
    const extract = page.getByTestId('youtube-submit');
    await expect(url).toHaveAttribute('type', 'url');
    await expect(extract).toBeDisabled();
    // Not a YouTube video's address: said at once, nothing sent.
    const extractCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/youtube/extract') extractCalls.push(r.method());
    });
    await url.fill('https://example.com/video');
    await extract.click();
    await expect(page.getByTestId('youtube-error')).toHaveText(
      'YouTubeの動画のURLを入力してください（例: https://www.youtube.com/watch?v=…）',
    );
    expect(extractCalls).toEqual([]);
    // Offline the server cannot reach YouTube, and says so plainly.
    await url.fill('https://youtu.be/dQw4w9WgXcQ');
    const held = await holdRequests(page, '**/api/admin/youtube/extract');
    await extract.click();
    await expect(extract).toBeDisabled();
    await expect(extract).toHaveText('抽出中…');
    held.release();
    await expect(page.getByTestId('youtube-error')).toContainText('YouTubeの動画を読み込めません');
    await expect(page.getByTestId('youtube-error')).toContainText('テーマを手動で追加してください');
    await expect(extract).toBeEnabled();

    // A theme by hand: pending (審査中) in the library.
    const title = `星空の楽しみ方 ${tag()}`;
    await page.getByTestId('manual-theme-open').click();
    const dialog = page.getByTestId('manual-theme-dialog');
    await dialog.getByLabel('タイトル').fill(title);
    await dialog.getByLabel('視点（任意）').fill('初心者の目線');
    await dialog
      .getByLabel('内容')
      .fill(
        '夏の夜空には天の川が見えます。街の明かりから離れると、星はずっと多く見えます。星座の物語を知ると、眺めるのがもっと楽しくなります。',
      );
    await dialog.getByRole('button', { name: '追加' }).click();
    await expect(toastWith(page, 'テーマを追加しました')).toBeVisible();
    const card = page.getByTestId('theme-card').filter({ hasText: title });
    await expect(card.getByTestId('theme-status')).toHaveText('審査中');
    await expect(card.getByTestId('theme-content')).toContainText('夏の夜空には天の川が見えます。');

    // C-4-14: 採用.
    await card.getByTestId('theme-approve').click();
    await expect(card.getByTestId('theme-status')).toHaveText('採用');
    await expect(card.getByTestId('theme-approve')).toHaveCount(0);

    // C-4-21: the MP3 button reads 音声生成中, disabled, while the task starts.
    await card.getByTestId('theme-rate').selectOption('1');
    const starting = await holdRequests(page, /\/api\/admin\/themes\/\d+\/generate-audio$/);
    await card.getByTestId('theme-generate').click();
    await expect(card.getByTestId('theme-generate')).toHaveText('音声生成中');
    await expect(card.getByTestId('theme-generate')).toBeDisabled();
    starting.release();
    // C-4-17: the theme leaves the library while its task is queued or processing.
    await expect(card).toHaveCount(0);

    // C-2.4-35: its task in the queue, 待機中 or 処理中, with live progress over /ws.
    const task = page.getByTestId('task-card').filter({ hasText: title });
    await expect(task.getByTestId('task-status')).toHaveText(/待機中|処理中/);
    await expect(task.getByText('速さ 1.0')).toBeVisible();
    await expect(task.getByTestId('task-cancel')).toBeVisible();
    await expect(task.getByTestId('live-message')).toHaveText(/./);

    // C-4-11, C-4-12: the completed view, then 2 s later the new track's link.
    await expect(task.getByTestId('live-complete')).toContainText('生成が完了しました', { timeout: GENERATION_MS });
    await expect(task.getByTestId('live-track-link')).toBeVisible();
    await expect(task.getByTestId('task-status')).toHaveText('完了');
    await expect(task.getByTestId('task-cancel')).toHaveCount(0);
    // C-9-09..11: the fact check's confidence, coloured by its level (the offline check of this text: 70, amber).
    await expect(task.getByTestId('task-confidence')).toHaveText('信頼度 70%');
    await expect(task.getByTestId('task-confidence')).toHaveClass(/text-amber-700/);
    // The theme is back in the library once its task is over.
    await expect(page.getByTestId('theme-card').filter({ hasText: title })).toHaveCount(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const href = await task.getByTestId('live-track-link').getAttribute('href');
    expect(href).toMatch(/^\/track\/\d+$/);
    const track = await (await page.request.get(`/api/tracks/${href?.split('/').pop()}`)).json();
    expect(track).toMatchObject({ title, createdBy: 'mugen' });
    await task.getByTestId('live-track-link').click();
    await expect(page).toHaveURL(href as string);
  });

  test('#26.2 the scheduled jobs are listed under the queue, each with how often, its last run and its next', async ({
    page,
    operator: _operator,
  }) => {
    await page.goto('/admin');
    const jobs = page.getByTestId('scheduled-jobs');
    await expect(jobs.getByRole('heading', { name: '定期ジョブ' })).toBeVisible();
    // The app's workers queue each job's run of the slot at start; the previews' clean-up has no mail to wait for.
    const previews = jobs.getByTestId('scheduled-job-sweep-previews');
    await expect(previews).toContainText('期限切れプレビューの削除');
    await expect(previews).toContainText('5分ごと');
    await expect(previews).toContainText(/前回 \d+\/\d+ \d\d:\d\d 完了/);
    await expect(previews).toContainText(/次回 \d+\/\d+ \d\d:\d\d/);
    await expect(jobs.getByTestId('scheduled-job-premium-sweep')).toContainText('プレミアムの定期処理（再開・更新・終了）');
    await expect(jobs.getByTestId('scheduled-job-contact-mail-requeue')).toContainText('未送信のお問い合わせの再送');

    // A failed load is the console's failure card, as in every console list, and reloads.
    await page.route('**/api/admin/scheduled-jobs', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.reload();
    const failed = jobs.getByTestId('scheduled-jobs-error');
    await expect(failed).toContainText('データの読み込みに失敗しました');
    await page.unroute('**/api/admin/scheduled-jobs');
    await failed.getByRole('button', { name: '再読み込み' }).click();
    await expect(previews).toContainText('5分ごと');
  });

  test('C-4-20, C-7.4-17, C-4-22, C-8-21, C-8-22: a task is cancelled; failed and cancelled ones are cleared after a confirmation; failures are toasted', async ({
    page,
    operator: _operator,
  }) => {
    // Two tasks: the worker takes one at a time, so the second waits (待機中) while the first speaks.
    const first = await approvedTheme(page, `中止する話 ${tag()}`);
    const second = await approvedTheme(page, `待つ話 ${tag()}`);
    const ids: number[] = [];
    for (const id of [first, second]) {
      const res = await page.request.post(`/api/admin/themes/${id}/generate-audio`, { data: { speakingRate: 0.75 } });
      ids.push((await res.json()).taskId);
    }
    await page.goto('/admin');
    for (const taskId of ids) {
      const card = page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
      await expect(card.getByTestId('task-status')).toHaveText(/待機中|処理中/);
      await card.getByTestId('task-cancel').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(`タスク #${taskId} を中止しますか？`);
      await confirm.getByRole('button', { name: '中止' }).click();
      await expect(card.getByTestId('task-status')).toHaveText('中止');
      await expect(card.getByTestId('task-cancel')).toHaveCount(0);
    }
    // Cancelled mid-way: no track was made, and the themes are back.
    for (const taskId of ids) {
      const listed = (await (await page.request.get('/api/admin/tasks?limit=100')).json()).tasks.find(
        (t: { id: number }) => t.id === taskId,
      );
      expect(listed).toMatchObject({ status: 'cancelled', trackId: null });
    }
    await expect(page.locator(`[data-testid="theme-card"][data-theme-id="${first}"]`)).toHaveCount(1);

    // C-8-21, C-8-22: a failed clearing says so.
    await page.route('**/api/admin/tasks/failed', (route) => route.fulfill({ status: 500, body: '{"message":"x"}' }));
    await page.getByTestId('tasks-clear-failed').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '失敗・中止タスクをクリア' }).click();
    await expect(toastWith(page, 'タスクのクリアに失敗しました')).toBeVisible();
    await page.unroute('**/api/admin/tasks/failed');
    await page.route('**/api/admin/cleanup/invalid-tasks', (route) => route.fulfill({ status: 500, body: '{"message":"x"}' }));
    await page.getByTestId('tasks-cleanup').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '無効タスクを整理' }).click();
    await expect(toastWith(page, '無効タスクのクリアに失敗しました')).toBeVisible();
    await page.unroute('**/api/admin/cleanup/invalid-tasks');

    // C-4-22, C-7.4-18: the confirmation first (nothing sent until confirmed), then they are gone.
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
    });
    await page.getByTestId('tasks-clear-failed').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('失敗・中止したタスクをクリアしますか？');
    expect(deletes).toEqual([]);
    await confirm.getByRole('button', { name: '失敗・中止タスクをクリア' }).click();
    await expect(toastWith(page, /失敗・中止したタスクを\d+件クリアしました/)).toBeVisible();
    expect(deletes).toEqual(['/api/admin/tasks/failed']);
    for (const taskId of ids) await expect(page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`)).toHaveCount(0);
    // The clean-up of invalid tasks answers too (nothing invalid here).
    await page.getByTestId('tasks-cleanup').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '無効タスクを整理' }).click();
    await expect(toastWith(page, /無効なタスク(はありません|を\d+件クリアしました)/)).toBeVisible();
  });

  test.describe('at desktop width', () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('C-2.4-34, C-2.4-35: the library and the queue side by side, nothing overflows', async ({ page, operator: _operator }) => {
      await approvedTheme(page, `並べて見る話 ${tag()}`);
      await page.goto('/admin');
      const library = page.getByTestId('theme-library');
      const queue = page.getByTestId('task-queue');
      await expect(library.getByTestId('theme-card').first()).toBeVisible();
      await expect(queue).toBeVisible();
      const [l, q] = [await library.boundingBox(), await queue.boundingBox()];
      expect(q?.x).toBeGreaterThan((l?.x ?? 0) + (l?.width ?? 0) - 1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });
  });
});

test.describe('音声管理 › AI生成', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    // #40.5: on the desktop, the track is published premium-only.
    const premiumOnly = viewport.width > 1000;
    test(`C-2.4-18..22, C-7.4-25, C-7.4-26${premiumOnly ? ', #40.5' : ''}: the form's counter, rates${premiumOnly ? ', premium-only' : ''} and the stream's progress to the new track (${viewport.width} px)`, async ({
      page,
      operator: _operator,
    }) => {
      test.setTimeout(GENERATION_MS + 60_000);
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await page.getByRole('tab', { name: '音声管理' }).click();
      await page.getByRole('tab', { name: 'AI生成' }).click();
      const form = page.getByTestId('generate-form');
      const rate = form.getByTestId('generate-rate');
      // C-2.4-20, C-2.4-21: exactly the five rates, 0.75 chosen.
      await expect(rate.locator('option')).toHaveText(['0.5', '0.75', '1.0', '1.25', '1.5']);
      await expect(rate).toHaveValue('0.75');
      // C-2.4-18, C-2.4-19: the counter and the ~400 hint; 1,001 characters refused.
      await expect(form).toContainText('約400文字がおすすめです');
      const input = form.getByTestId('generate-input');
      const submit = form.getByTestId('generate-submit');
      await expect(submit).toBeDisabled();
      await input.fill('あ'.repeat(1001));
      await expect(form.getByTestId('generate-counter')).toHaveText('1,001 / 1,000文字');
      await expect(submit).toBeDisabled();
      await input.blur();
      await expect(form.getByTestId('generate-input-error')).toHaveText('テキストは1,000文字以内で入力してください');
      const text = '宇宙の話です。月は地球のまわりを回っています。夜空を見上げると、季節ごとに違う星座が見えます。';
      await input.fill(text);
      await expect(form.getByTestId('generate-counter')).toHaveText(`${text.length} / 1,000文字`);
      await rate.selectOption('1.25');
      const premiumSwitch = form.getByRole('switch', { name: 'プレミアム限定で公開' });
      await expect(premiumSwitch).toHaveAttribute('aria-checked', 'false');
      if (premiumOnly) {
        await premiumSwitch.click();
        await expect(premiumSwitch).toHaveAttribute('aria-checked', 'true');
      }

      const stream = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/generate-content');
      await submit.click();
      const sent = new URL((await stream).url());
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        inputText: text,
        speakingRate: '1.25',
        // #39.2: the show's shape, today's talk unless chosen.
        format: 'dialogue',
        length: 'standard',
        ...(premiumOnly ? { premiumOnly: 'true' } : {}),
      });
      // C-2.4-22: the progress view, while the stream runs.
      await expect(form.getByTestId('generate-progress')).toBeVisible();
      await expect(submit).toBeDisabled();
      await expect(form.getByTestId('generate-complete')).toContainText('生成が完了しました', { timeout: GENERATION_MS });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const link = form.getByTestId('generate-track-link');
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/track\/\d+$/);
      const track = await (await page.request.get(`/api/tracks/${href?.split('/').pop()}`)).json();
      expect(track).toMatchObject({ title: '宇宙の話です', createdBy: 'mugen', isPremiumOnly: premiumOnly });
      // Open to all again: the journeys after this one count on the demo's own premium-only tracks only.
      if (premiumOnly) {
        const reopened = await page.request.patch(`/api/admin/tracks/${track.id}/premium-only`, { data: { isPremiumOnly: false } });
        expect(reopened.status()).toBe(200);
      }
      await link.click();
      await expect(page).toHaveURL(href as string);
    });
  }
});
