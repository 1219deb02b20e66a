import type { Page } from '@playwright/test';
import type { Track } from '../src/shared/schemas/track';
import { expect, test } from './helpers/fixtures';
import { audio, catalogue, expectPlaying } from './helpers/listener';
import { pauseClockSoon } from './helpers/waits';

const ONSEN = '週末に出かけたい、湯けむりの温泉街でのんびり過ごす旅';
const POLITICS = '地域の防災訓練に参加してみよう'; // 政治・社会
const SOCIETY = '選挙の投票に行く前に知っておきたい基本的なこと'; // 社会・政治
const BUSINESS = 'はじめての在宅勤務を快適にするには'; // ビジネス
const STRATEGY = '小さなお店が長く愛されるための三つの工夫'; // ビジネス戦略

const box = (page: Page) => page.getByRole('searchbox', { name: '検索キーワード' });
const results = (page: Page) => page.getByTestId('search-results').getByTestId('track-row-link');
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe('search', () => {
  test.beforeEach(async ({ request }) => {
    await catalogue(request);
  });

  test('L-2.1-04 L-2.10-01 L-2.1-05: typing searches 300 ms after the last keystroke, keeps search in the address, and a reload keeps the results', async ({
    page,
  }) => {
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/search') asked.push(url.searchParams.get('q') ?? '');
    });
    await page.goto('/search');
    await expect(box(page)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'カテゴリ' }).getByRole('tab');
    await expect(tabs.first()).toHaveText('おすすめ');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(results(page).first()).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);
    // From here the page's time moves only when the test says so.
    await pauseClockSoon(page, 1000);

    await box(page).fill('温');
    await page.clock.runFor(200);
    await box(page).fill('温泉');
    await page.clock.runFor(299);
    expect(searchParam(page, 'search')).toBeNull();
    await page.clock.runFor(2);
    await expect.poll(() => searchParam(page, 'search')).toBe('温泉');
    // The query library batches its updates on timers: let time flow again.
    await page.clock.resume();
    await expect(results(page)).toHaveText([ONSEN]);
    await expect(page.getByTestId('search-count')).toHaveText('1件');
    // One search, for the whole word, and the address was replaced, not pushed.
    expect(asked).toEqual(['温泉']);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.reload();
    await expect(box(page)).toHaveValue('温泉');
    await expect(results(page)).toHaveText([ONSEN]);

    // A shared link opens the same search.
    await page.goto(`/search?search=${encodeURIComponent('防災')}`);
    await expect(box(page)).toHaveValue('防災');
    await expect(results(page)).toHaveText([POLITICS]);
  });

  test('L-2.1-06 L-2.10-02: a category from the address is selected, and 政治・社会 and 社会・政治 show each other', async ({ page }) => {
    for (const category of ['社会・政治', '政治・社会']) {
      await page.goto(`/search?category=${encodeURIComponent(category)}`);
      // One list of names (#20): an alias selects the tab of its canonical name.
      await expect(page.getByRole('tab', { name: '政治・社会', selected: true })).toBeVisible();
      // The order is by plays, which other journeys change: compare as sets.
      await expect(results(page)).toHaveCount(2);
      expect((await results(page).allInnerTexts()).sort()).toEqual([POLITICS, SOCIETY].sort());
    }
  });

  test('L-2.10-03: ビジネス and ビジネス戦略 show each other', async ({ page }) => {
    for (const category of ['ビジネス', 'ビジネス戦略']) {
      await page.goto(`/search?category=${encodeURIComponent(category)}`);
      await expect(page.getByRole('tab', { name: 'ビジネス', exact: true, selected: true })).toBeVisible();
      await expect(results(page)).toHaveCount(2);
      expect((await results(page).allInnerTexts()).sort()).toEqual([BUSINESS, STRATEGY].sort());
    }
  });

  test('L-2.8-12 L-2.1-06: a category tab filters and keeps category in the address; a chip on a track page opens its category', async ({
    page,
    request,
  }) => {
    // Other journeys may publish into ニュース on the same server: the tab shows exactly the category's
    // tracks (GET /api/tracks/category), the demo's ニュース track among them, and nothing else.
    const news: Track[] = await (await request.get(`/api/tracks/category/${encodeURIComponent('ニュース')}`)).json();
    const newsTitles = news.map((t) => t.title).sort();
    expect(newsTitles).toContain('ニュースとの上手な付き合い方');
    await page.goto('/search');
    await page.getByRole('tab', { name: 'ニュース' }).click();
    await expect.poll(() => searchParam(page, 'category')).toBe('ニュース');
    await expect(results(page)).toHaveCount(newsTitles.length);
    expect((await results(page).allInnerTexts()).sort()).toEqual(newsTitles);

    // A query and a category together; the category pressed again keeps the query and drops the category
    // (おすすめ is the recommended list: it clears both, #20).
    await box(page).fill('付き合い');
    await expect.poll(() => searchParam(page, 'search')).toBe('付き合い');
    await expect(results(page)).toHaveText(['ニュースとの上手な付き合い方']);
    await page.getByRole('tab', { name: 'ニュース' }).click();
    await expect.poll(() => searchParam(page, 'category')).toBeNull();
    expect(searchParam(page, 'search')).toBe('付き合い');
    await page.getByRole('tab', { name: 'おすすめ' }).click();
    await expect.poll(() => searchParam(page, 'search')).toBeNull();
    await expect(box(page)).toHaveValue('');

    const tracks: Track[] = await (await request.get('/api/tracks')).json();
    const travel = tracks.find((t) => t.title === ONSEN)!;
    await page.goto(`/mugen/track/${travel.id}`);
    await page.getByTestId('category-chip').first().click();
    await expect(page).toHaveURL(/\/search\?category=/);
    await expect(page.getByRole('tab', { name: '旅行', selected: true })).toBeVisible();
    await expect(results(page)).toHaveText([ONSEN]);
  });

  test('L-9-04 L-2.1-04: the recommended tab lists the catalogue top 20 in its order', async ({ page }) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tracks');
    await page.goto('/search');
    const served: Track[] = await (await answer).json();
    await expect(page.getByRole('heading', { name: 'おすすめの音声' })).toBeVisible();
    const ids = await page
      .getByTestId('search-results')
      .getByTestId('track-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-track-id'))));
    expect(ids.length).toBeLessThanOrEqual(20);
    expect(ids).toEqual(served.slice(0, 20).map((t) => t.id));
  });

  test('L-2.1-05: a search without a match says so in Japanese', async ({ page }) => {
    await page.goto(`/search?search=${encodeURIComponent('存在しない言葉のならび')}`);
    await expect(page.getByTestId('search-empty')).toContainText('該当する音声が見つかりませんでした');
    await expect(page.getByTestId('search-empty')).toContainText('存在しない言葉のならび');
  });

  test('L-2.1-04: playing a result plays it in the radio player', async ({ page }) => {
    await page.goto(`/search?search=${encodeURIComponent('温泉')}`);
    await expect(results(page)).toHaveText([ONSEN]);
    const row = page.getByTestId('search-results').getByTestId('track-row').first();
    const id = Number(await row.getAttribute('data-track-id'));
    await page.getByRole('button', { name: `${ONSEN}を再生` }).click();
    await expectPlaying(page);
    expect((await audio(page)).src).toBe(`/api/stream/${id}`);
    await expect(page.getByRole('button', { name: `${ONSEN}を一時停止` })).toBeVisible();
  });
});

test.describe('audio test page', () => {
  test('L-2.1-43 L-8-06: /audio-test plays both sources and names a loading error', async ({ page, request }) => {
    const [first] = await catalogue(request);
    await page.goto('/audio-test');
    await expect(page.getByRole('heading', { name: '音声テスト' })).toBeVisible();
    await expect(page.getByTestId('audio-test-select-1').locator('option').first()).toContainText(first.title);

    const time = (i: number) => page.getByTestId(`audio-test-time-${i}`);
    await page.getByRole('button', { name: 'テスト音源1を再生' }).click();
    await expect.poll(async () => Number(await time(1).getAttribute('data-seconds')), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await expect(page.getByTestId('audio-test-ready-1')).toContainText('4 HAVE_ENOUGH_DATA');
    await page.getByRole('button', { name: 'テスト音源1を一時停止' }).click();

    await page.getByRole('button', { name: 'テスト音源2を再生' }).click();
    await expect.poll(async () => Number(await time(2).getAttribute('data-seconds')), { timeout: 15_000 }).toBeGreaterThan(0.3);
    // Each source is its own element: the radio player stays silent.
    expect((await audio(page)).paused).toBe(true);

    await page.getByTestId('audio-test-select-1').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'テスト音源1を再生' }).click();
    await expect(page.getByTestId('audio-test-message-1')).toHaveText('この音声は再生できない形式です');
    await expect(page.getByTestId('audio-test-error-code-1')).toHaveText('4');
    // The spec's three loading messages are listed.
    for (const message of [
      'この音声は再生できない形式です',
      '音声ファイルが破損している可能性があります',
      'ネットワークの問題で音声を読み込めませんでした',
    ]) {
      await expect(page.getByText(message).last()).toBeVisible();
    }
  });
});
