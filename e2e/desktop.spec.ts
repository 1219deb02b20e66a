import type { Locator } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { catalogue, expectPlaying } from './helpers/listener';

/**
 * Issue 20, desktop (DESIGN.md): from 1024 px the app uses the width: the navigation at the side, the
 * content in columns, the player bar along the bottom of the window; never a phone column with a bottom
 * tab bar. Below 1024 px the phone layout stays.
 */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

const NAV_LABELS = ['ホーム', '検索', '投稿', '通知', 'マイページ'];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test.describe(`desktop at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`#20 L-2.4-01: the navigation is at the side, with no bottom tab bar, and it navigates (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await catalogue(request);
      await page.goto('/search');
      const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
      await expect(nav).toHaveCount(1);
      await expect(nav).toHaveAttribute('data-testid', 'side-nav');
      await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
      await expect(page.getByTestId('bottom-nav')).toBeHidden();
      const side = await box(nav);
      const main = await box(page.locator('main'));
      // At the start of the window, beside the page, below the header.
      expect(side.x).toBeLessThan(main.x);
      expect(side.x + side.width).toBeLessThanOrEqual(main.x + 1);
      expect(side.y).toBeGreaterThanOrEqual((await box(page.locator('header'))).height - 1);
      await expect(nav.getByRole('link', { name: '検索' })).toHaveAttribute('aria-current', 'page');
      await nav.getByRole('link', { name: 'ホーム' }).click();
      await expect(page.getByTestId('hero-player')).toBeVisible();
      await expect(nav.getByRole('link', { name: 'ホーム' })).toHaveAttribute('aria-current', 'page');
      // Signed out, a members' item opens the login modal instead, as on a phone (L-2.4-02).
      await nav.getByRole('link', { name: '通知' }).click();
      await expect(page.getByRole('dialog')).toContainText('ログインが必要です');
      await expect(page).toHaveURL(/\/$/);
    });

    test(`#20 L-2.4-18: the player bar runs along the bottom of the window, under the navigation and the page (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await catalogue(request);
      await page.goto('/');
      await page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true }).click();
      await expectPlaying(page);
      await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
      const bar = page.getByTestId('player-bar');
      await expect(bar).toBeVisible();
      const b = await box(bar);
      expect(b.x).toBe(0);
      expect(b.width).toBe(viewport.width);
      expect(b.y + b.height).toBe(viewport.height);
      // Its play button in the middle, the track at the start, minimise at the end.
      const play = await box(bar.locator('button[data-ready]'));
      expect(Math.abs(play.x + play.width / 2 - viewport.width / 2)).toBeLessThan(80);
      expect((await box(bar.getByTestId('player-bar-title'))).x).toBeLessThan(play.x);
      expect((await box(bar.getByTestId('player-bar-minimise'))).x).toBeGreaterThan(viewport.width - 80);
      // Still at the bottom with the page scrolled to its end, and the page's end above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await box(bar)).y + (await box(bar)).height).toBe(viewport.height);
      const lastRow = await box(page.getByTestId('search-results').getByTestId('track-row').last());
      expect(lastRow.y + lastRow.height).toBeLessThanOrEqual((await box(bar)).y);
    });

    test(`#20: content in columns: home with 次に再生, search results side by side, My Page and profiles in two columns (${viewport.width} px)`, async ({
      page,
      request,
      demo: _demo,
    }) => {
      const tracks = await catalogue(request);
      await page.goto('/');
      const hero = page.getByTestId('hero-player');
      await expect(hero).toBeVisible();
      const upNext = page.getByTestId('up-next');
      await expect(upNext.getByTestId('track-row').first()).toBeVisible();
      const heroBox = await box(hero);
      expect(heroBox.width).toBeLessThanOrEqual(480);
      expect((await box(upNext)).x).toBeGreaterThanOrEqual(heroBox.x + heroBox.width);
      // 次に再生 is what next plays: its first row is the track 次の音声 brings.
      const current = await hero.getAttribute('data-track-id');
      const next = await upNext.getByTestId('track-row').first().getAttribute('data-track-id');
      expect(next).not.toBe(current);
      expect(tracks.some((t) => String(t.id) === next)).toBe(true);
      await hero.getByRole('button', { name: '次の音声' }).click();
      await expect(hero).toHaveAttribute('data-track-id', next ?? '');

      await page.goto('/search');
      const rows = page.getByTestId('search-results').getByTestId('track-row');
      await expect(rows.nth(1)).toBeVisible();
      const [first, second] = [await box(rows.nth(0)), await box(rows.nth(1))];
      // Two rows side by side (the list is at least 42rem wide from 1024 px).
      expect(second.y).toBe(first.y);
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
      // The search box and its chips as wide as the results.
      const input = await box(page.getByRole('searchbox', { name: '検索キーワード' }));
      const list = await box(page.getByTestId('search-results'));
      expect(Math.abs(input.width - list.width)).toBeLessThanOrEqual(2);

      await page.goto('/profile');
      const header = await box(page.getByTestId('profile-header'));
      const tabs = await box(page.getByRole('tablist', { name: 'マイページのタブ' }));
      expect(tabs.x).toBeGreaterThan(header.x + header.width);
      expect(Math.abs(tabs.y - header.y)).toBeLessThan(40);
      await expect(page.getByTestId('account-section')).toBeVisible();
      expect((await box(page.getByTestId('account-section'))).x).toBe(header.x);

      await page.goto('/demo');
      const profileHeader = await box(page.getByTestId('profile-header'));
      const tracksTab = await box(page.getByTestId('profile-tracks'));
      expect(tracksTab.x).toBeGreaterThan(profileHeader.x + profileHeader.width);
    });

    test(`#20 decision 0012: the header of the first paint is the app's, at the desktop width too (${viewport.width} px)`, async ({
      page,
    }) => {
      // The static header index.html paints before any script, and the app's header once it runs.
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto('/');
      const staticLogo = await box(page.locator('header a[href="/"]'));
      const staticMenu = await box(page.locator('header button'));
      await page.unroute(/\.js(\?|$)/);
      await page.goto('/');
      await expect(page.getByTestId('menu-button')).toBeVisible();
      // React has replaced the static markup.
      await expect(page.locator('#root > [aria-busy="true"]')).toHaveCount(0);
      expect(await box(page.locator('header a[href="/"]'))).toEqual(staticLogo);
      expect(await box(page.getByTestId('menu-button'))).toEqual(staticMenu);
      expect(staticLogo.x).toBeLessThan(40);
      expect(staticMenu.x).toBeGreaterThan(viewport.width - 80);
    });
  });
}

test.describe('below 1024 px the phone layout stays', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('#20 L-2.4-01: a bottom tab bar and no side navigation at 1000 px', async ({ page, request }) => {
    await catalogue(request);
    await page.goto('/search');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'メインナビゲーション' })).toHaveAttribute('data-testid', 'bottom-nav');
  });
});
