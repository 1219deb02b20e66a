import type { Locator, Page } from '@playwright/test';
import { formatDateTimeJa } from '../src/shared/rules/admin-audio';
import { formatCountAdmin } from '../src/shared/rules/format';
import { expect, test } from './helpers/fixtures';
import { recordRequests, toastWith } from './helpers/identity';
import { seeded } from './helpers/listener';
import { pauseClockSoon, requestsSettled } from './helpers/waits';

// Issue 18, 音声管理 › ファイル一覧 and アップロード (creator-operator spec §2.4, §5, §7, §9; C-2.4-04 .. C-2.4-16,
// C-5-07, C-7.4-20 .. C-7.4-29, C-9-04, C-9-07, C-9-08). The demo has 15 tracks; tracks these journeys upload
// are named with PREFIX and deleted by them.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PREFIX = 'e2e音声';

interface FileRow {
  id: number;
  title: string;
  location: 's3' | 'local';
  exists: boolean;
  size: number;
  playCount: number;
  impressionCount: number;
  likeCount: number;
  bookmarkCount: number;
  posterName: string | null;
  creatorName: string | null;
  uploadedAt: string;
  isVisible: boolean;
}

async function filesApi(page: Page, query = ''): Promise<{ files: FileRow[]; total: number }> {
  const res = await page.request.get(`/api/admin/files${query}`);
  expect(res.status()).toBe(200);
  return res.json();
}

const rows = (page: Page) => page.getByTestId('admin-file-row');
const rowOf = (page: Page, title: string): Locator =>
  rows(page).filter({ has: page.getByTestId('file-title').getByText(title, { exact: true }) });

/** Tracks a previous run of these journeys left (it failed part-way): gone before counting. */
async function removeLeftovers(page: Page) {
  for (const f of (await filesApi(page, `?search=${encodeURIComponent(PREFIX)}`)).files) {
    expect((await page.request.delete(`/api/tracks/${f.id}`)).status()).toBe(200);
  }
}

/** A real MP3: a demo track's audio, as the stream serves it. */
async function demoMp3(page: Page): Promise<Buffer> {
  const { files } = await filesApi(page);
  const res = await page.request.get(`/api/stream/${files[files.length - 1].id}`);
  expect(res.status()).toBe(200);
  return Buffer.from(await res.body());
}

async function openAudioTab(page: Page) {
  await page.goto('/admin?tab=audio');
  await expect(page.getByRole('tab', { name: '音声管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page).first()).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('音声管理 › ファイル一覧', () => {
  test('C-2.4-04 .. C-2.4-14, C-9-04: every column, 10 a page with its range, search with both empty states and the clear link (desktop)', async ({
    page,
    operator,
  }, testInfo) => {
    void operator;
    await page.setViewportSize(DESKTOP);
    await removeLeftovers(page);
    const all = await filesApi(page);
    expect(all.total).toBeGreaterThan(10);
    await openAudioTab(page);
    for (const name of ['ファイル一覧', 'アップロード', 'AI生成']) await expect(page.getByRole('tab', { name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'ファイル一覧' })).toHaveAttribute('aria-selected', 'true');

    // C-2.4-05: the columns, and the first row's values as the API gives them.
    for (const column of ['タイトル', '公開状態', '保存場所', 'サイズ', '再生', '表示', 'いいね', '保存', '投稿者', 'アップロード日時']) {
      await expect(page.getByText(column, { exact: true }).first()).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByTestId('admin-range')).toHaveText(`${all.total}件中 1〜10件を表示`);
    await expect(page.getByTestId('admin-files-total')).toHaveText(`全${all.total}件`);
    const first = all.files[0];
    const row = rows(page).first();
    await expect(row.getByTestId('file-title')).toHaveText(first.title);
    await expect(row.getByTestId('file-visibility')).toHaveText(first.isVisible ? '公開' : '非公開');
    await expect(row.getByTestId('file-size')).toHaveText(`${(first.size / 1024 / 1024).toFixed(1)} MB`);
    await expect(row.getByTestId('file-plays')).toContainText(formatCountAdmin(first.playCount));
    await expect(row.getByTestId('file-impressions')).toContainText(formatCountAdmin(first.impressionCount));
    await expect(row.getByTestId('file-likes')).toContainText(formatCountAdmin(first.likeCount));
    await expect(row.getByTestId('file-bookmarks')).toContainText(formatCountAdmin(first.bookmarkCount));
    await expect(row.getByTestId('file-poster')).toHaveText(first.posterName ?? first.creatorName ?? 'システム');
    await expect(row.getByTestId('file-uploaded')).toHaveText(formatDateTimeJa(first.uploadedAt));
    // C-2.4-06: the location and the exists flag as GET /api/admin/files/location says.
    const where = await (await page.request.get(`/api/admin/files/location?ids=${first.id}`)).json();
    await expect(row.getByTestId('file-location')).toHaveAttribute('data-location', where.files[0].location);
    await expect(row.getByTestId('file-location')).toHaveAttribute('data-exists', String(where.files[0].exists));
    await expect(row.getByTestId('file-location')).toContainText(where.files[0].location === 's3' ? 'S3' : 'ローカル');
    await expect(row.getByRole('img', { name: where.files[0].exists ? 'ファイルあり' : 'ファイルなし' })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('admin-audio-list-desktop.png'), fullPage: true });

    // C-2.4-13, C-2.4-14: the second page, at most 5 page buttons.
    await page.getByRole('button', { name: '2ページ目' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('admin-range')).toHaveText(`${all.total}件中 11〜${Math.min(20, all.total)}件を表示`);
    await expect(rows(page)).toHaveCount(Math.min(10, all.total - 10));
    await expect(rows(page).first().getByTestId('file-title')).toHaveText((await filesApi(page, '?page=2')).files[0].title);
    expect(
      await page
        .getByTestId('admin-pagination')
        .getByRole('button', { name: /ページ目$/ })
        .count(),
    ).toBeLessThanOrEqual(5);

    // C-2.4-10: a search by a title's word filters the list (and goes back to page 1).
    const term = first.title.slice(0, 4);
    const expected = await filesApi(page, `?search=${encodeURIComponent(term)}`);
    await page.getByRole('searchbox', { name: 'タイトルまたは投稿者で検索' }).fill(term);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(term);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(Math.min(10, expected.total));
    await expect(rows(page).first().getByTestId('file-title')).toHaveText(expected.files[0].title);
    // The poster's name finds their tracks too.
    const poster = (await filesApi(page, `?search=${encodeURIComponent('無限')}`)).total;
    expect(poster).toBeGreaterThan(0);

    // C-2.4-11, C-2.4-12: a search with no match says so, with the clear link; clearing brings the whole list back.
    await page.getByRole('searchbox', { name: 'タイトルまたは投稿者で検索' }).fill('存在しない音声xyz');
    await expect(page.getByTestId('admin-files-no-match')).toContainText('「存在しない音声xyz」に一致する音声はありません');
    await expect(page.getByTestId('admin-pagination')).toHaveCount(0);
    await page.getByTestId('admin-files-no-match').getByRole('button', { name: '検索をクリア' }).click();
    await expect(page.getByRole('searchbox', { name: 'タイトルまたは投稿者で検索' })).toHaveValue('');
    await expect(page.getByTestId('admin-range')).toHaveText(`${all.total}件中 1〜10件を表示`);
    await expect(page).not.toHaveURL(/q=/);
  });

  test('C-2.4-11: with no files at all the empty state is another one, without a clear link', async ({ page, operator }) => {
    void operator;
    await page.setViewportSize(DESKTOP);
    await page.route(/\/api\/admin\/files\?/, (route) =>
      route.fulfill({ json: { files: [], total: 0, page: 1, pageSize: 10, bucket: false } }),
    );
    await page.goto('/admin?tab=audio');
    await expect(page.getByTestId('admin-files-empty')).toContainText('まだ音声ファイルがありません');
    await expect(page.getByTestId('admin-files-no-match')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '検索をクリア' })).toHaveCount(0);
  });

  test('C-7.4-21: the locations of the rows on screen are asked again every 30 s', async ({ page, operator }) => {
    void operator;
    await page.clock.install();
    const asked = recordRequests(page, '/api/admin/files/location');
    await openAudioTab(page);
    // From here the page's time moves only when the journey moves it (the poll was set when the list came).
    // The windows below leave 4 s for a loaded machine to pause (nothing by 25 s, the poll by 31 s).
    await pauseClockSoon(page);
    // The list's own answer says where the files are: nothing more is asked for 25 s…
    await page.clock.runFor(25_000);
    await requestsSettled(page);
    expect(asked).toEqual([]);
    // …and by 30 s after it, the ids of the page's rows are asked; again 30 s later.
    const shown = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-file-id')));
    const isLocation = (url: string) => new URL(url).pathname === '/api/admin/files/location';
    for (let round = 1; round <= 2; round++) {
      const answered = page.waitForResponse((r) => isLocation(r.url()));
      // The next poll is 30 s after the last answer came in: the first one, the list's.
      await page.clock.runFor(round === 1 ? 6_000 : 30_000);
      const res = await answered;
      expect(new URL(res.url()).searchParams.get('ids')?.split(',')).toEqual(shown);
      expect(res.status()).toBe(200);
      await requestsSettled(page);
      expect(asked).toHaveLength(round);
    }
    await expect(page.getByTestId('admin-files-checked')).toContainText('30秒ごとに更新');
  });
});

test.describe('音声管理: upload, visibility and delete', () => {
  test('C-2.4-15, C-2.4-16, C-7.4-24, C-2.4-08, C-7.4-28, C-2.4-09, C-7.4-29: an MP3 uploaded with its title is listed, marked premium-only and back (#40.5), hidden after a confirmation, then deleted after one', async ({
    page,
    operator,
  }, testInfo) => {
    void operator;
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await removeLeftovers(page);
    const mp3 = await demoMp3(page);
    const title = `${PREFIX}アップロード${Date.now()}`;

    await page.goto('/admin?tab=audio&view=upload');
    const form = page.getByTestId('admin-upload-form');
    await expect(form.getByRole('heading', { name: 'MP3をアップロード' })).toBeVisible();
    const fileInput = form.getByLabel('MP3ファイル');
    await expect(fileInput).toHaveAttribute('accept', 'audio/mpeg,.mp3');
    // The YouTube extraction is on テーマ管理: this page points there.
    await expect(page.getByTestId('admin-upload-youtube').getByRole('link', { name: 'テーマ管理を開く' })).toHaveAttribute(
      'href',
      '/admin?tab=themes',
    );

    // C-2.4-15, C-5-07: no title (spaces only) and no file are refused before anything is sent.
    const uploads = recordRequests(page, '/admin/upload');
    await form.getByLabel('タイトル').fill('   ');
    await form.getByRole('button', { name: 'アップロード' }).click();
    await expect(page.getByTestId('upload-title-error')).toHaveText('タイトルを入力してください');
    await expect(page.getByTestId('upload-file-error')).toHaveText('MP3ファイルを選択してください');
    await requestsSettled(page);
    expect(uploads).toEqual([]);

    // C-2.4-16: a PNG named .mp3 and typed audio/mpeg is refused by the server, by its content.
    await form.getByLabel('タイトル').fill(title);
    await fileInput.setInputFiles({
      name: 'fake.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    await form.getByRole('button', { name: 'アップロード' }).click();
    await expect(page.getByTestId('upload-file-error')).toHaveText('MP3形式の音声ファイルのみアップロードできます');
    await expect(toastWith(page, 'アップロードに失敗しました')).toBeVisible();
    expect(uploads).toHaveLength(1);

    // C-7.4-24: the real MP3; the list shows it on top, and the catalogue has it.
    await fileInput.setInputFiles({ name: 'talk.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
    await expect(page.getByTestId('upload-chosen')).toHaveText(`talk.mp3（${(mp3.length / 1024 / 1024).toFixed(1)} MB）`);
    await page.screenshot({ path: testInfo.outputPath('admin-audio-upload-desktop.png'), fullPage: true });
    await form.getByRole('button', { name: 'アップロード' }).click();
    // The first upload of a server run loads the reading dictionary for its search text (about 1 s, more on a busy machine).
    await expect(toastWith(page, `「${title}」をアップロードしました`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'ファイル一覧' })).toHaveAttribute('aria-selected', 'true');
    const row = rowOf(page, title);
    await expect(rows(page).first()).toHaveAttribute('data-file-id', (await row.getAttribute('data-file-id')) ?? 'none');
    const id = Number(await row.getAttribute('data-file-id'));
    await expect(row.getByTestId('file-visibility')).toHaveText('公開');
    await expect(row.getByTestId('file-poster')).toHaveText('無限');
    await expect(row.getByTestId('file-size')).toHaveText(`${(mp3.length / 1024 / 1024).toFixed(1)} MB`);
    const uploaded = (await filesApi(page, `?search=${encodeURIComponent(title)}`)).files[0];
    expect(uploaded).toMatchObject({ id, isVisible: true, exists: true, size: mp3.length });
    const catalogue = await (await page.request.get('/api/tracks?limit=100')).json();
    expect(catalogue.map((t: { id: number }) => t.id)).toContain(id);

    // #40.5: the premium-only mark, set after a confirmation and taken back; the row and the catalogue follow.
    const marks = recordRequests(page, `/api/admin/tracks/${id}/premium-only`);
    const mark = row.getByTestId('file-premium-only');
    await expect(mark).toHaveText('通常');
    await row.getByRole('button', { name: `「${title}」をプレミアム限定にする` }).click();
    await expect(
      page.getByTestId('confirm-dialog').getByRole('heading', { name: `「${title}」をプレミアム限定にしますか？` }),
    ).toBeVisible();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '限定にする' }).click();
    await expect(toastWith(page, `「${title}」をプレミアム限定にしました`)).toBeVisible();
    await expect(mark).toHaveText('限定');
    await expect(mark).toHaveAttribute('data-premium-only', 'true');
    const limited = await (await page.request.get(`/api/tracks/${id}`)).json();
    expect(limited.isPremiumOnly).toBe(true);
    await row.getByRole('button', { name: `「${title}」はプレミアム限定です。通常に戻す` }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '解除する' }).click();
    await expect(toastWith(page, `「${title}」のプレミアム限定を解除しました`)).toBeVisible();
    await expect(mark).toHaveText('通常');
    expect(marks.map((p) => [p.method, p.body])).toEqual([
      ['PATCH', JSON.stringify({ isPremiumOnly: true })],
      ['PATCH', JSON.stringify({ isPremiumOnly: false })],
    ]);
    expect((await (await page.request.get(`/api/tracks/${id}`)).json()).isPremiumOnly).toBe(false);

    // C-2.4-08: the toggle asks first; cancelling sends nothing.
    const patches = recordRequests(page, `/api/tracks/${id}/visibility`);
    await row.getByRole('button', { name: `「${title}」を非公開にする` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByRole('heading', { name: `「${title}」を非公開にしますか？` })).toBeVisible();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toHaveCount(0);
    await requestsSettled(page);
    expect(patches).toEqual([]);
    // C-7.4-28: confirmed, the PATCH is sent; the row and the catalogue follow.
    await row.getByRole('button', { name: `「${title}」を非公開にする` }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '非公開にする' }).click();
    await expect(toastWith(page, `「${title}」を非公開にしました`)).toBeVisible();
    await expect(row.getByTestId('file-visibility')).toHaveText('非公開');
    expect(patches.map((p) => [p.method, p.body])).toEqual([['PATCH', JSON.stringify({ isVisible: false })]]);
    const after = await (await page.request.get('/api/tracks?limit=100')).json();
    expect(after.map((t: { id: number }) => t.id)).not.toContain(id);
    await page.screenshot({ path: testInfo.outputPath('admin-audio-hidden-desktop.png'), fullPage: true });

    // C-2.4-09, C-7.4-29: delete asks with the title; confirmed, the track and its file go.
    const deletes = recordRequests(page, `/api/tracks/${id}`);
    await row.getByRole('button', { name: `「${title}」を削除` }).click();
    await expect(page.getByTestId('confirm-dialog').getByRole('heading', { name: `「${title}」を削除しますか？` })).toBeVisible();
    await requestsSettled(page);
    expect(deletes).toEqual([]);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '削除する' }).click();
    await expect(toastWith(page, `「${title}」を削除しました`)).toBeVisible();
    await expect(rowOf(page, title)).toHaveCount(0);
    expect(deletes.map((d) => d.method)).toEqual(['DELETE']);
    expect((await (await page.request.get(`/api/admin/files/location?ids=${id}`)).json()).files).toEqual([]);
    expect((await page.request.get(`/api/stream/${id}`)).status()).toBe(404);
  });
});

test.describe('音声管理 at phone width', () => {
  test.use({ viewport: PHONE });

  test('C-2.4-05: at 390 px the rows are cards with every value, the page never scrolls sideways; search and clear work', async ({
    page,
    operator,
  }, testInfo) => {
    void operator;
    const all = await filesApi(page);
    await openAudioTab(page);
    await expect(rows(page)).toHaveCount(10);
    await noSidewaysScroll(page);
    const row = rows(page).first();
    // The counts carry their names on a phone (no header row).
    await expect(row.getByTestId('file-plays')).toContainText('再生');
    await expect(row.getByTestId('file-impressions')).toContainText('表示');
    await expect(row.getByTestId('file-likes')).toContainText('いいね');
    await expect(row.getByTestId('file-bookmarks')).toContainText('保存');
    await expect(row.getByTestId('file-location')).toContainText(/S3|ローカル/);
    await expect(row.getByTestId('file-visibility')).toBeVisible();
    await expect(row.getByRole('button', { name: `「${all.files[0].title}」を削除` })).toBeVisible();
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: testInfo.outputPath('admin-audio-list-phone.png'), fullPage: true });

    await page.getByRole('searchbox', { name: 'タイトルまたは投稿者で検索' }).fill('存在しない音声xyz');
    await expect(page.getByTestId('admin-files-no-match')).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByTestId('admin-files-clear').click();
    await expect(rows(page)).toHaveCount(10);
    await expect(row.getByTestId('file-premium-only')).toBeVisible();

    // #40.5: the demo's premium-only tracks carry the mark in the list.
    const catalogue = (await (await page.request.get('/api/tracks?limit=100')).json()) as { title: string; isPremiumOnly: boolean }[];
    const limited = seeded(
      catalogue.find((t) => t.isPremiumOnly),
      'premium-only track',
    );
    await page.getByRole('searchbox', { name: 'タイトルまたは投稿者で検索' }).fill(limited.title);
    await expect(rowOf(page, limited.title).getByTestId('file-premium-only')).toHaveText('限定');
    await noSidewaysScroll(page);
    await page.getByTestId('admin-files-clear').click();

    await page.getByRole('tab', { name: 'アップロード' }).click();
    await expect(page).toHaveURL(/view=upload/);
    await expect(page.getByTestId('admin-upload-form')).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('admin-audio-upload-phone.png'), fullPage: true });
  });
});
