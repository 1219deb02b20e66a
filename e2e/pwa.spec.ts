import type { BrowserContext, Page } from '@playwright/test';
import { DAY_MS } from '../src/shared/constants';
import { expect, test } from './helpers/fixtures';
import { catalogue } from './helpers/listener';

/** Waits until a service worker controls the page and returns its script URL. */
async function controllingWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

async function openMenu(page: Page) {
  // The app's own button (the first paint's copy in index.html queues a tap; this journey is about the menu,
  // so it waits for the app to have taken over the header).
  await page.getByTestId('menu-button').click();
  return page.getByRole('dialog', { name: 'メニュー' });
}

async function openPwaSettings(page: Page) {
  const drawer = await openMenu(page);
  await drawer.getByRole('button', { name: 'PWA設定' }).click();
  const dialog = page.getByRole('dialog', { name: 'PWA設定' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Makes the signed-in member premium in the answers of the user endpoints (the premium slice decides later). */
async function asPremium(context: BrowserContext) {
  const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
  await context.route(/\/api\/auth\/(user|premium-status)$/, async (route) => {
    const res = await route.fetch();
    if (!res.ok()) return route.fulfill({ response: res });
    const json = await res.json();
    return route.fulfill({ response: res, json: { ...json, isPremium: true, premiumEndDate: until, endDate: until, daysRemaining: 30 } });
  });
}

test.describe('service worker and offline shell', () => {
  test('L-7.6-05: the worker registers with a version, controls the page, and the app shell loads offline', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    // The very first install gains a controller without reloading the page.
    await page.evaluate(() => {
      (window as Window & { firstLoadMarker?: boolean }).firstLoadMarker = true;
    });
    const script = await controllingWorker(page);
    expect(new URL(script).pathname).toBe('/service-worker.js');
    expect(new URL(script).searchParams.get('v')).toMatch(/^index-/);
    expect(await page.evaluate(() => (window as Window & { firstLoadMarker?: boolean }).firstLoadMarker)).toBe(true);

    // The shell is cached; the API is not.
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const urls: string[] = [];
      for (const k of keys) for (const r of await (await caches.open(k)).keys()) urls.push(new URL(r.url).pathname);
      return { keys, urls };
    });
    expect(cached.keys).toHaveLength(1);
    expect(cached.keys[0]).toMatch(/^mugen-shell-index-/);
    expect(cached.urls).toContain('/index.html');
    expect(cached.urls.some((u) => /^\/assets\/index-.+\.js$/.test(u))).toBe(true);
    expect(cached.urls.filter((u) => u.startsWith('/api/'))).toEqual([]);
    // The stylesheet is part of index.html (docs/decisions/0012-first-paint.md), so the cached shell has it.
    expect(cached.urls.filter((u) => u.endsWith('.css'))).toEqual([]);
    const shell = await page.evaluate(async () => (await (await caches.match('/index.html'))?.text()) ?? '');
    expect(shell).toMatch(/<style>[^<]*tailwindcss/);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible();
    // Another page of the app opens offline too (navigation falls back to the cached shell).
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'よくある質問' })).toBeVisible();
    await context.setOffline(false);
  });

  test('L-4.12-02: when another worker version takes control the page reloads, and old caches are removed', async ({ page }) => {
    await page.goto('/');
    const own = await controllingWorker(page);
    const ownCache = `mugen-shell-${new URL(own).searchParams.get('v')}`;
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // Another build's worker (a new URL) installs and takes over: the page reloads. The reloaded page
    // still runs this build, which registers its own version again: a second take-over, a second reload.
    await page.evaluate(() => void navigator.serviceWorker.register('/service-worker.js?v=e2e-other-build'));
    await expect.poll(() => loads, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const settled = async <T>(fn: () => Promise<T>) => {
      try {
        return await fn();
      } catch {
        return null; // the page was reloading
      }
    };
    await expect.poll(() => settled(() => controllingWorker(page)), { timeout: 30_000 }).toBe(own);
    // Each activation removed the shell caches of the other versions.
    await expect.poll(() => settled(() => page.evaluate(() => caches.keys())), { timeout: 30_000 }).toEqual([ownCache]);
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
  });
});

test.describe('install guide and PWA settings', () => {
  test('L-2.5-12 L-2.5-13: the menu offers ホーム画面に追加, marked 近日公開, with its three steps', async ({ page }) => {
    await page.goto('/');
    const drawer = await openMenu(page);
    const entry = drawer.getByRole('button', { name: /ホーム画面に追加/ });
    await expect(entry).toContainText('近日公開');
    await entry.click();
    const guide = page.getByRole('dialog', { name: 'ホーム画面に追加' });
    await expect(guide).toBeVisible();
    await expect(guide.getByTestId('install-step')).toHaveText([/共有ボタンをタップ/, /「ホーム画面に追加」を選び/, /「追加」をタップ/]);
    await page.keyboard.press('Escape');
    await expect(guide).toBeHidden();
  });

  test('L-2.5-14: outside PWA mode the menu has no PWA設定', async ({ page }) => {
    await page.goto('/');
    const drawer = await openMenu(page);
    await expect(drawer.getByRole('button', { name: /ホーム画面に追加/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'PWA設定' })).toHaveCount(0);
  });

  test('L-4.2-14 L-3-27: a path under /pwa/ opens the app in PWA mode, which holds for the session', async ({ page }) => {
    await page.goto('/pwa/');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('pwa-mode'))).toBe('true');
    await page.goto('/faq');
    const drawer = await openMenu(page);
    await expect(drawer.getByRole('button', { name: 'PWA設定' })).toBeVisible();
  });

  test('L-4.2-15 L-2.5-15 L-3-26: with the session flag, PWA設定 has three switches kept in localStorage', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('pwa-mode', 'true'));
    await page.goto('/');
    let dialog = await openPwaSettings(page);
    const notifications = dialog.getByRole('switch', { name: 'プッシュ通知' });
    const autoplay = dialog.getByRole('switch', { name: '自動再生' });
    const background = dialog.getByRole('switch', { name: 'バックグラウンド再生' });
    for (const s of [notifications, autoplay, background]) await expect(s).toHaveAttribute('aria-checked', 'false');

    await autoplay.click();
    await expect(autoplay).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('pwa-autoplay-enabled'))).toBe('true');

    await page.reload();
    dialog = await openPwaSettings(page);
    await expect(dialog.getByRole('switch', { name: '自動再生' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('switch', { name: '自動再生' }).click();
    await expect(dialog.getByRole('switch', { name: '自動再生' })).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => localStorage.getItem('pwa-autoplay-enabled'))).toBe('false');
  });

  test('L-3-26: the notifications switch asks the permission and is stored', async ({ page, context, request, demo: _demo }) => {
    await catalogue(request);
    await context.grantPermissions(['notifications']);
    await page.addInitScript(() => sessionStorage.setItem('pwa-mode', 'true'));
    await page.goto('/');
    const dialog = await openPwaSettings(page);
    const notifications = dialog.getByRole('switch', { name: 'プッシュ通知' });
    await notifications.click();
    await expect(notifications).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('pwa-notifications-enabled'))).toBe('true');
    await notifications.click();
    await expect(notifications).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => localStorage.getItem('pwa-notifications-enabled'))).toBe('false');
  });

  test('background play is refused for a non-premium member with the premium-only alert', async ({ page, demo: _demo }) => {
    await page.addInitScript(() => sessionStorage.setItem('pwa-mode', 'true'));
    await page.goto('/');
    const dialog = await openPwaSettings(page);
    const background = dialog.getByRole('switch', { name: 'バックグラウンド再生' });
    await background.click();
    await expect(dialog.getByRole('alert')).toContainText('バックグラウンド再生はプレミアム会員限定の機能です');
    await expect(background).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => localStorage.getItem('pwa-background-play-enabled'))).not.toBe('true');
    await dialog.getByRole('link', { name: 'プレミアムについて見る' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/premium');
  });

  test('a premium member can switch background play on', async ({ page, context, demo: _demo }) => {
    await asPremium(context);
    await page.addInitScript(() => sessionStorage.setItem('pwa-mode', 'true'));
    await page.goto('/');
    const dialog = await openPwaSettings(page);
    const background = dialog.getByRole('switch', { name: 'バックグラウンド再生' });
    await background.click();
    await expect(background).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-background-play-enabled'))).toBe('true');
  });
});
