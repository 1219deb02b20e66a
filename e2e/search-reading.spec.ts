// Issue 20: a listener types with a kana keyboard. The demo's 温泉 track is found by its reading in
// hiragana, katakana and half-width katakana, typed in the box or opened from a shared address.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { catalogue } from './helpers/listener';

const ONSEN = '週末に出かけたい、湯けむりの温泉街でのんびり過ごす旅';
const KAKEIBO = '今日から始める家計簿';

const box = (page: Page) => page.getByRole('searchbox', { name: '検索キーワード' });
const results = (page: Page) => page.getByTestId('search-results').getByTestId('track-row-link');

test.describe('search by reading', () => {
  test.beforeEach(async ({ request }) => {
    await catalogue(request);
  });

  test('#20 L-2.1-05: おんせん typed in the box finds the 温泉 track; オンセン and ｵﾝｾﾝ in the address too', async ({ page }) => {
    await page.goto('/search');
    await box(page).fill('おんせん');
    await expect(results(page)).toHaveText([ONSEN]);
    await expect(page.getByTestId('search-count')).toHaveText('1件');
    for (const q of ['オンセン', 'ｵﾝｾﾝ']) {
      await page.goto(`/search?search=${encodeURIComponent(q)}`);
      await expect(box(page)).toHaveValue(q);
      await expect(results(page)).toHaveText([ONSEN]);
    }
  });

  test('#20: a word read in kana and a mix of kana and kanji find the title written in kanji', async ({ page }) => {
    for (const q of ['かけいぼ', '家計ぼ']) {
      await page.goto(`/search?search=${encodeURIComponent(q)}`);
      await expect(results(page)).toHaveText([KAKEIBO]);
    }
  });
});
