import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { audio, catalogue, expectPlaying } from './helpers/listener';
import { touchGesture } from './helpers/touch';

/** Plays the home track, then opens the search page, where the persistent bar shows. */
async function barOnSearch(page: Page, play = true) {
  await page.goto('/');
  if (play) {
    await page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
  } else {
    await expect(page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true })).toBeEnabled();
  }
  await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('player-bar')).toBeVisible();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** Asserts the card lies fully inside the 390 x 844 window. */
async function expectInside(page: Page, mini: Locator) {
  const b = await box(mini);
  const view = page.viewportSize()!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(view.width);
  expect(b.y + b.height).toBeLessThanOrEqual(view.height);
}

/** A finger dragging the card; it rests before it lifts, as one that puts something down does (a quick
 * flick would start a fling, and Chromium turns the next tap into a fling stop rather than a click). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await touchGesture(page, { from, to, moveMs: 160, steps: 10, restMs: 150 });
}

test.describe('mini player', () => {
  test.beforeEach(async ({ request }) => {
    await catalogue(request);
  });

  test('L-2.4-18 L-2.4-19 L-2.4-20 L-2.4-21 L-2.4-22: minimise, drag far past every edge with the mouse and stay inside, play/pause, maximise', async ({
    page,
  }) => {
    await barOnSearch(page);
    const title = await page.getByTestId('player-bar-title').textContent();
    await page.getByRole('button', { name: 'プレイヤーを最小化' }).click();
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    const mini = page.getByTestId('mini-player');
    await expect(mini).toBeVisible();
    await expect(mini).toBeFocused();
    expect((await box(mini)).width).toBe(120);
    await expect(mini.locator('[data-title]')).toHaveAttribute('data-title', title ?? '');
    await expect(mini.getByRole('button', { name: 'プレイヤーを元のサイズに戻す' })).toBeVisible();
    await expectInside(page, mini);

    // Dragged by its title far beyond each edge, it stays fully inside the window.
    for (const [dx, dy] of [
      [-2000, -2000],
      [3000, 3000],
      [-3000, 1500],
      [2500, -4000],
    ]) {
      const start = await box(mini.locator('[data-title]'));
      const x = start.x + start.width / 2;
      const y = start.y + start.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 4, y + dy / 4, { steps: 4 });
      await page.mouse.move(x + dx, y + dy, { steps: 4 });
      await page.mouse.up();
      await expectInside(page, mini);
    }
    // It moved (the last drag went up and right): top right corner, inside the margin.
    const moved = await box(mini);
    expect(moved.y).toBeLessThan(40);
    expect(moved.x + moved.width).toBeGreaterThan(390 - 40);
    await expect(mini).toBeVisible();
    expect(await audio(page)).toMatchObject({ paused: false });

    // Its play/pause works.
    await mini.getByRole('button', { name: '一時停止' }).click();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await mini.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);

    // The place and the minimised state are remembered across a reload; a smaller window pulls it in.
    await page.goto('/');
    await expect(mini).toHaveCount(0);
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
    await expect(mini).toBeVisible();
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    const kept = await box(mini);
    expect(Math.abs(kept.x - moved.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(kept.y - moved.y)).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 320, height: 500 });
    // The app moves it on the window's resize event: wait for that state.
    await expect(async () => expectInside(page, mini)).toPass();
    await page.setViewportSize({ width: 390, height: 844 });

    await mini.getByRole('button', { name: 'プレイヤーを元のサイズに戻す' }).click();
    await expect(mini).toHaveCount(0);
    await expect(page.getByTestId('player-bar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'プレイヤーを最小化' })).toBeFocused();
  });

  test('L-2.4-19 L-2.4-22: by keyboard the arrow keys move the focused mini player and Enter restores the bar', async ({ page }) => {
    await barOnSearch(page, false);
    await page.getByRole('button', { name: 'プレイヤーを最小化' }).focus();
    await page.keyboard.press('Enter');
    const mini = page.getByTestId('mini-player');
    await expect(mini).toBeFocused();
    const before = await box(mini);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await box(mini)).x).toBe(before.x - 16);
    expect((await box(mini)).y).toBe(before.y - 16);
    for (let i = 0; i < 40; i++) await page.keyboard.press('Shift+ArrowRight');
    await expectInside(page, mini);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('player-bar')).toBeVisible();
    await expect(mini).toHaveCount(0);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test('L-2.4-19 L-2.4-20: a finger drags the mini player, clamped inside the window, and a tap still plays', async ({ page }) => {
      await barOnSearch(page, false);
      await page.getByRole('button', { name: 'プレイヤーを最小化' }).tap();
      const mini = page.getByTestId('mini-player');
      await expect(mini).toBeVisible();
      const start = await box(mini.locator('[data-title]'));
      const from = { x: start.x + start.width / 2, y: start.y + start.height / 2 };

      await touchDrag(page, from, { x: from.x - 150, y: from.y - 300 });
      const moved = await box(mini);
      expect(moved.y).toBeLessThan(start.y - 250);
      expect(moved.x).toBeLessThan(start.x - 100);
      await expectInside(page, mini);

      // A finger cannot leave the screen: it goes to the very corner, and the card stays fully inside.
      const again = await box(mini.locator('[data-title]'));
      await touchDrag(page, { x: again.x + 10, y: again.y + 5 }, { x: 1, y: 843 });
      await expectInside(page, mini);
      const corner = await box(mini);
      expect(corner.x).toBeLessThan(20);
      expect(corner.y + corner.height).toBeGreaterThan(844 - 20);

      await mini.getByRole('button', { name: '再生', exact: true }).tap();
      await expectPlaying(page);
    });
  });
});
