import type { Page } from '@playwright/test';
import { holdApp } from './helpers/first-visit';
import { expect, test } from './helpers/fixtures';
import { recordRequests } from './helpers/identity';

// These journeys start with empty storage: the banner shows as to a first-time visitor.
test.use({ storageState: { cookies: [], origins: [] } });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function stored(page: Page) {
  return page.evaluate(() => ({
    cookie: localStorage.getItem('mugen_cookie_consent'),
    analytics: localStorage.getItem('mugen_analytics_consent'),
    sessionId: sessionStorage.getItem('mugen_session_id'),
  }));
}

test.describe('cookie consent banner', () => {
  test('L-2.4-12 L-2.4-13 L-2.4-15 L-2.4-16 L-2.4-17 L-3-19 L-3-20 L-7.1-09 L-7.1-10 L-7.1-11: a custom choice is stored, sent and not asked again', async ({
    page,
  }) => {
    const sessions = recordRequests(page, '/api/session');
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner.getByRole('button', { name: 'すべて許可' })).toBeVisible();
    await expect(banner.getByRole('button', { name: '必要なもののみ' })).toBeVisible();
    expect(sessions).toHaveLength(0);

    await banner.getByRole('button', { name: 'カスタマイズ' }).click();
    const essential = banner.getByRole('switch', { name: /必須Cookie/ });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    const analytics = banner.getByRole('switch', { name: /分析Cookie/ });
    await expect(analytics).not.toBeChecked();
    await analytics.click();
    await expect(analytics).toBeChecked();
    await banner.getByRole('button', { name: '選択した設定を保存' }).click();
    await expect(banner).toBeHidden();

    await expect.poll(() => sessions.length).toBe(1);
    const body = JSON.parse(sessions[0].body ?? '{}');
    const s = await stored(page);
    expect(s).toMatchObject({ cookie: 'true', analytics: 'true' });
    expect(s.sessionId).toMatch(UUID);
    expect(body).toEqual({ id: s.sessionId, cookieConsent: true, analyticsConsent: true });

    // Reloaded: no banner, and the stored consent is sent again for this load.
    await page.reload();
    await expect(page.locator('main')).toBeVisible();
    await expect.poll(() => sessions.length).toBe(2);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(JSON.parse(sessions[1].body ?? '{}')).toEqual({ id: s.sessionId, cookieConsent: true, analyticsConsent: true });
  });

  test('L-2.4-14: closing the banner chooses essential only, and no analytics script loads', async ({ page }) => {
    const sessions = recordRequests(page, '/api/session');
    await page.goto('/search');
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: /閉じる/ })
      .click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect.poll(() => sessions.length).toBe(1);
    expect(await stored(page)).toMatchObject({ cookie: 'true', analytics: 'false' });
    expect(JSON.parse(sessions[0].body ?? '{}')).toMatchObject({ cookieConsent: true, analyticsConsent: false });
    const foreign = await page.evaluate(() =>
      [...document.scripts].map((s) => s.src).filter((src) => src && new URL(src).origin !== location.origin),
    );
    expect(foreign).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('L-2.4-12: allow all stores analytics consent; essential only does not', async ({ page }) => {
    await page.goto('/search');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'すべて許可' }).click();
    expect(await stored(page)).toMatchObject({ cookie: 'true', analytics: 'true' });
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByTestId('cookie-banner').getByRole('button', { name: '必要なもののみ' }).click();
    expect(await stored(page)).toMatchObject({ cookie: 'true', analytics: 'false' });
  });

  test('L-2.4-12 L-2.4-13: the banner is on the first paint, before the app has loaded, and a choice made there counts', async ({
    page,
  }) => {
    const sessions = recordRequests(page, '/api/session');
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const early = page.locator('#static-consent');
    await expect(early).toBeVisible();
    await expect(early.getByRole('link', { name: 'プライバシーポリシー' })).toHaveAttribute('href', '/privacy');
    await early.getByRole('button', { name: 'すべて許可' }).click();
    await expect(early).toBeHidden();
    expect(await stored(page)).toMatchObject({ cookie: 'true', analytics: 'true' });

    release();
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    // The app finds the choice stored: no banner of its own, and the consent session is sent.
    await expect.poll(() => sessions.length).toBe(1);
    expect(JSON.parse(sessions[0].body ?? '{}')).toMatchObject({ cookieConsent: true, analyticsConsent: true });
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test("L-2.4-13: カスタマイズ tapped before the app has loaded opens the app's banner on the custom choice", async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#static-consent').getByRole('button', { name: 'カスタマイズ' }).click();
    release();
    const banner = page.getByTestId('cookie-banner');
    await expect(banner.getByRole('switch', { name: /分析Cookie/ })).toBeVisible();
    await expect(page.locator('#static-consent')).toHaveCount(0);
    await banner.getByRole('button', { name: '選択した設定を保存' }).click();
    await expect(banner).toBeHidden();
    expect(await stored(page)).toMatchObject({ cookie: 'true', analytics: 'false' });
  });

  test('L-2.4-12: a visitor who has chosen never sees the banner, not even before the app has loaded', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('mugen_cookie_consent', 'true'));
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('#static-consent')).toBeHidden();
    release();
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });
});
