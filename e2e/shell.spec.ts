import { expect, test } from './helpers/fixtures';
import { catalogue, openHero } from './helpers/listener';
import { nextFrame } from './helpers/waits';

test.describe('app shell', () => {
  test('L-2.1-48: unknown paths of several segments show the 404 page; one segment is a profile', async ({ page }) => {
    for (const path of ['/a/b/c', '/a/b', '/track/1/extra']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/someone');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('user-not-found')).toBeVisible();
  });

  test('L-2.1-38..42: every route of the route table has its page: the support and legal pages are no longer 準備中', async ({ page }) => {
    const pages: [string, string][] = [
      ['/faq', 'よくある質問'],
      ['/terms', '利用規約'],
      ['/privacy', 'プライバシーポリシー'],
      ['/commercial-law', '特定商取引法に基づく表記'],
      ['/contact', 'お問い合わせ'],
    ];
    // /search, /audio-test (e2e/search.spec.ts), /create-post (e2e/creation.spec.ts), /premium,
    // /premium-success, /cancel (e2e/premium.spec.ts) and the admin console (e2e/admin.spec.ts) are real
    // pages too; the support pages' journeys are e2e/support.spec.ts.
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      await expect(page.getByTestId('coming-soon')).toHaveCount(0);
      await expect(page).toHaveTitle(`${title} | 無限 Mugen`);
    }
  });

  test('L-2.4-01 L-2.4-02: the bottom navigation has 5 items; protected ones open the login modal while signed out', async ({
    page,
    request,
  }) => {
    await catalogue(request);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    const items = nav.getByRole('link');
    await expect(items).toHaveCount(5);
    await expect(items).toHaveText(['ホーム', '検索', '投稿', '通知', 'マイページ']);
    await expect(nav.getByRole('link', { name: 'ホーム' })).toHaveAttribute('href', '/');

    const modal = page.getByTestId('login-modal');
    for (const [label, path] of [
      ['投稿', '/create-post'],
      ['通知', '/notifications'],
      ['マイページ', '/profile'],
    ]) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', path);
      await nav.getByRole('link', { name: label }).click();
      await expect(modal).toBeVisible();
      await expect(modal).toContainText('この機能を利用するにはログインが必要です');
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
    }

    // The overlay closes it too.
    await nav.getByRole('link', { name: '通知' }).click();
    await expect(modal).toBeVisible();
    await page.getByTestId('login-overlay').click({ position: { x: 8, y: 200 } });
    await expect(modal).toBeHidden();

    // The terms link and consent text are there; sign-in goes to Google with the way back.
    await nav.getByRole('link', { name: 'マイページ' }).click();
    await expect(modal.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/terms');
    await expect(modal).toContainText('同意');
    let started = '';
    await page.route('**/api/auth/google**', (route) => {
      started = route.request().url();
      // 204: the browser stays on the page, as it would while Google's page is still loading.
      return route.fulfill({ status: 204 });
    });
    await modal.getByRole('button', { name: 'Googleでログイン' }).click();
    await expect.poll(() => started).toContain('/api/auth/google?redirect=%2Fprofile');
    expect(await page.evaluate(() => sessionStorage.getItem('returnPath'))).toBe('/profile');

    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: '検索' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('the sign-in button rests for 3 s after a click', async ({ page }) => {
    await page.goto('/search');
    // 204: the browser stays on the page, as while Google's page is slow to come.
    await page.route('**/api/auth/google**', (route) => route.fulfill({ status: 204 }));
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '通知' }).click();
    const button = page.getByRole('button', { name: 'Googleでログイン' });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toBeEnabled({ timeout: 5000 });
  });

  test('L-2.4-23 L-2.4-24 L-3-21: the theme is light by default and the toggle persists after reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('menu-button').click();
    const toggle = page.getByRole('switch', { name: 'ダークモード' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('mugen_theme'))).toBe('dark');

    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('html.dark', { state: 'attached' });
    await expect(html).toHaveClass(/dark/);
    await page.getByTestId('menu-button').click();
    await expect(page.getByRole('switch', { name: 'ダークモード' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'ダークモード' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('L-2.4-27: the menu drawer links to the support, legal and premium pages', async ({ page }) => {
    await page.goto('/');
    const links: [string, string][] = [
      ['友達を招待', '/invite-friends'],
      ['よくある質問', '/faq'],
      ['利用規約', '/terms'],
      ['プライバシーポリシー', '/privacy'],
      ['特定商取引法に基づく表記', '/commercial-law'],
      ['プレミアム', '/premium'],
    ];
    for (const [label, path] of links) {
      await page.getByTestId('menu-button').click();
      const drawer = page.getByRole('dialog', { name: 'メニュー' });
      await drawer.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(drawer).toBeHidden();
    }
  });

  test('L-2.1-49 L-2.1-50 L-2.1-51: no footer on premium, invitation and closed-beta pages', async ({ page }) => {
    for (const path of [
      '/premium',
      '/premium-success',
      '/i/ABCDEFGH',
      '/invitation-required',
      '/closed-beta',
      '/pending-approval',
      '/access-denied',
      '/invalid-invitation',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first(), path).toBeVisible();
      await expect(page.getByTestId('bottom-nav'), path).toHaveCount(0);
    }
    await page.goto('/faq');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
  });

  test('L-2.1-52: the footer hides when the on-screen keyboard shrinks the viewport by more than 150 px', async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await phone.newPage();
    await page.goto('/search');
    const nav = page.getByTestId('bottom-nav');
    await expect(nav).toBeVisible();
    await page.setViewportSize({ width: 390, height: 744 });
    await nextFrame(page);
    await expect(nav).toBeVisible();
    await page.setViewportSize({ width: 390, height: 644 });
    await expect(nav).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(nav).toBeVisible();
    await phone.close();
  });

  test('L-2.1-52: a desktop window made shorter keeps its footer', async ({ page }) => {
    await page.goto('/search');
    await page.setViewportSize({ width: 390, height: 600 });
    await nextFrame(page);
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
  });

  test('L-2.4-26 L-1-10: a white theme colour, a Japanese document, a manifest with icons', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: '無限', short_name: '無限', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toContain('image/png');
  });

  test('L-2.5-03 L-2.5-04: like and add-to-playlist ask a signed-out visitor to sign in', async ({ page, request }) => {
    const hero = await openHero(page, request);
    await hero.getByRole('button', { name: /^いいね/ }).click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await hero.getByRole('button', { name: 'プレイリストに追加' }).click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  test('L-2.4-01: signed in, each item of the bottom navigation goes to its page', async ({ page, request, demo: _demo }) => {
    await catalogue(request);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    for (const [label, path] of [
      ['検索', '/search'],
      ['投稿', '/create-post'],
      ['通知', '/notifications'],
      ['マイページ', '/profile'],
      ['ホーム', '/'],
    ]) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByTestId('login-modal')).toHaveCount(0);
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('L-2.5-03 L-2.5-04: signed in, like toggles at once and add-to-playlist opens the list of playlists', async ({
    page,
    request,
    demo: _demo,
  }) => {
    const hero = await openHero(page, request);
    const like = hero.getByRole('button', { name: /^いいね/ });
    const was = await like.getAttribute('aria-pressed');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', was === 'true' ? 'false' : 'true');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(was));
    await hero.getByRole('button', { name: 'プレイリストに追加' }).click();
    const dialog = page.getByTestId('add-to-playlist-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('create-playlist-option')).toBeVisible();
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
  });
});
