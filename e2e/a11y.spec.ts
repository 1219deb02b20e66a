import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/fixtures';
import { catalogue, expectPlaying, signInAsDemo } from './helpers/listener';
import { animationsDone } from './helpers/waits';

/**
 * axe-core over the home, track and search pages, light and dark, signed out and in: no serious or
 * critical violation (WCAG 2.1 A and AA rules). Failures list each rule with the offending elements.
 */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.html.slice(0, 160)}: ${n.failureSummary ?? ''}`).join('\n')}`,
    );
}

for (const signedIn of [false, true]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`accessibility scan: home, track and search pages, ${theme} theme, ${signedIn ? 'signed in' : 'signed out'}`, async ({
      page,
      request,
    }) => {
      const tracks = await catalogue(request);
      if (signedIn) await signInAsDemo(page);
      await page.addInitScript((t) => localStorage.setItem('mugen_theme', t), theme);
      for (const path of ['/', `/track/${tracks[0].id}`, '/search']) {
        await page.goto(path);
        await expect(page.getByTestId('bottom-nav')).toBeVisible();
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        // Let entrance animations end, so colours are measured as they stay.
        await animationsDone(page);
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
      }
    });
  }
}

test('L-2.4-30: a player icon button shows its name as a tooltip after a 700 ms hover, not at once', async ({ page, request }) => {
  await catalogue(request);
  await page.goto('/');
  const next = page.getByRole('button', { name: '次の音声' });
  await expect(next).toBeVisible();
  const started = Date.now();
  await next.hover();
  await expect(page.getByRole('tooltip', { name: '次の音声' })).toBeVisible();
  // Only a lower bound: a slow machine can make it later, never earlier.
  expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('keyboard: the home player is reached and operated with Tab, Enter and Space; every stop has a name', async ({ page, request }) => {
  await catalogue(request);
  await page.goto('/');
  await expect(page.getByTestId('hero-player')).toBeVisible();
  const stops: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const label = el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby') ?? el.textContent ?? '';
      return `${el.tagName.toLowerCase()}:${label.trim()}`;
    });
    stops.push(name);
    if (/^button:(再生|一時停止)$/.test(name)) break;
  }
  for (const s of stops) expect(s, stops.join('\n')).toMatch(/^[a-z]+:.+/);
  const play = page.getByTestId('hero-player').getByRole('button', { name: /^(再生|一時停止)$/ });
  await expect(play).toBeFocused();
  await page.keyboard.press('Enter');
  await expectPlaying(page);
  // The focused control shows a visible focus ring.
  const outline = await play.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '次の音声' })).toBeFocused();
});

test('accessibility scan: the menu, the install guide and the PWA settings dialog', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('pwa-mode', 'true'));
  await page.goto('/');
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
  await animationsDone(page);
  expect(await seriousViolations(page), 'menu').toEqual([]);
  await page.getByRole('button', { name: /ホーム画面に追加/ }).click();
  await expect(page.getByRole('dialog', { name: 'ホーム画面に追加' })).toBeVisible();
  await animationsDone(page);
  expect(await seriousViolations(page), 'install guide').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-button').click();
  await page.getByRole('button', { name: 'PWA設定' }).click();
  const dialog = page.getByRole('dialog', { name: 'PWA設定' });
  await expect(dialog).toBeVisible();
  // Keyboard: the switches are reached with Tab and toggled with Space.
  await dialog.getByRole('switch', { name: '自動再生' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('switch', { name: '自動再生' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('switch', { name: 'バックグラウンド再生' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('alert')).toBeVisible();
  await animationsDone(page);
  expect(await seriousViolations(page), 'PWA settings').toEqual([]);
});
