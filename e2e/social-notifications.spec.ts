import { expect, test } from './helpers/fixtures';
import { apiAs, demoTracks, LISTENER, newPage, pullDown, unreadBadge } from './helpers/social';
import { requestsSettled } from './helpers/waits';

test.describe('notifications', () => {
  test('L-2.4-04 L-7.5-04 L-3-12 L-4.7-01 L-2.11-03 L-2.11-05 L-2.11-07: another member likes my track; the badge shows it; the page marks it read', async ({
    page,
    demo: _demo,
  }) => {
    const { api: listener } = await apiAs(LISTENER.email, LISTENER.name);
    const [track] = await demoTracks(listener);
    await page.request.post('/api/notifications/read-all');
    const polls: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications/unread-count') polls.push(Date.now());
    });
    await page.goto('/search');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(unreadBadge(page)).toHaveCount(0);

    await listener.delete(`/api/likes/${track.id}`);
    expect((await listener.post(`/api/likes/${track.id}`)).status()).toBe(200);
    await expect(unreadBadge(page)).toHaveText('1', { timeout: 12_000 });
    expect(await (await page.request.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    // Polled about every 5 s.
    await expect.poll(() => polls.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(3);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]);
    expect(Math.max(...gaps)).toBeLessThan(7000);

    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: /通知/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/notifications');
    const row = page.getByTestId('notification').first();
    await expect(row).toHaveAttribute('data-type', 'like');
    await expect(row).toContainText(LISTENER.name);
    await expect(row).toContainText(track.title);
    await expect(row).toContainText('数秒前');
    await expect(row.locator('[data-avatar]')).toHaveCount(1);
    // Unread when shown, read about 1 s later; the badge goes.
    await expect(row).toHaveAttribute('data-read', 'true', { timeout: 5000 });
    await expect(unreadBadge(page)).toHaveCount(0, { timeout: 12_000 });
    expect(await (await page.request.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });

    // A follow, then read-all.
    await listener.delete('/api/users/demo/follow');
    await listener.post('/api/users/demo/follow');
    await page.reload();
    const readAll = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/notifications/read-all');
    await expect(page.locator('[data-testid="notification"][data-type="follow"]').first()).toContainText('フォローしました');
    await page.getByTestId('read-all').click();
    await readAll;
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
    await page.getByTestId('back-button').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await listener.delete('/api/users/demo/follow');
    await listener.delete(`/api/likes/${track.id}`);
    await listener.dispose();
  });

  test('L-2.4-05 L-9-01 L-2.11-04 L-2.11-06 L-2.11-08..12: badge 9+, kinds, bundles and relative times', async ({ page, demo: _demo }) => {
    let unread = 12;
    await page.route('**/api/notifications/unread-count', (route) => route.fulfill({ json: { count: unread } }));
    const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    const base = {
      actorName: '花子',
      actorPicture: '🌸',
      actorCustomUserId: 'hanako',
      actorUserId: 'u-h',
      trackId: 1,
      trackTitle: '朝の話',
      playlistId: null,
      playlistName: null,
    };
    const list = [
      { ...base, id: 9001, type: 'like', isRead: false, bundleCount: 12, createdAt: ago(30) },
      { ...base, id: 9002, type: 'follow', isRead: true, bundleCount: 3, createdAt: ago(5 * 60), trackId: null, trackTitle: null },
      {
        ...base,
        id: 9003,
        type: 'playlist_add',
        isRead: true,
        bundleCount: 1,
        createdAt: ago(3 * 3600),
        playlistId: 5,
        playlistName: '通勤用',
      },
      {
        ...base,
        id: 9004,
        type: 'milestone_100',
        isRead: true,
        bundleCount: 1,
        createdAt: ago(2 * 86_400),
        actorName: null,
        actorPicture: null,
      },
      { ...base, id: 9005, type: 'like', isRead: true, bundleCount: 1, createdAt: '2026-01-05T03:00:00.000Z' },
    ];
    await page.route('**/api/notifications', (route) => route.fulfill({ json: list }));
    await page.route('**/api/notifications/*/read', (route) => route.fulfill({ json: { success: true } }));
    await page.goto('/notifications');
    await expect(unreadBadge(page)).toHaveText('9+');
    const rows = page.getByTestId('notification');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0).getByTestId('notification-bundle')).toContainText('9+');
    await expect(rows.nth(0)).toContainText('数秒前');
    await expect(rows.nth(0)).toContainText('「朝の話」にいいね');
    await expect(rows.nth(1).getByTestId('notification-bundle')).toContainText('3');
    await expect(rows.nth(1)).toContainText('5分前');
    await expect(rows.nth(1)).toContainText('フォローしました');
    await expect(rows.nth(1)).toHaveAttribute('href', '/hanako');
    await expect(rows.nth(2)).toContainText('3時間前');
    await expect(rows.nth(2)).toContainText('通勤用');
    await expect(rows.nth(3)).toContainText('2日前');
    await expect(rows.nth(3)).toContainText('100回');
    await expect(rows.nth(4)).toContainText('2026/01/05');
    await expect(rows.nth(2).getByTestId('notification-bundle')).toHaveCount(0);
    unread = 9;
    await expect(unreadBadge(page)).toHaveText('9', { timeout: 12_000 });
  });
});

test.describe('notifications on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('L-2.11-01 L-9-02: pulling the list down 40 px or more asks for the notifications again', async ({ page, demo: _demo }) => {
    await page.goto('/notifications');
    await expect(page.getByTestId('notification-list').or(page.getByTestId('notifications-empty'))).toBeVisible();
    let asked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications' && r.method() === 'GET') asked += 1;
    });
    await pullDown(page, 195, 260, 100); // 30 px of pull: not enough
    await requestsSettled(page);
    expect(asked).toBe(0);
    await pullDown(page, 195, 260, 400); // 80 px (the most)
    await expect.poll(() => asked).toBe(1);
  });
});

test.describe('push', () => {
  test('L-8-08: a browser without push says so', async ({ page, context, demo: _demo }) => {
    await context.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing the API the page checks for
      delete (window as any).PushManager;
    });
    await page.goto('/notifications');
    await page.getByTestId('push-switch').click();
    await expect(page.getByTestId('push-error')).toHaveText('このブラウザはプッシュ通知をサポートしていません。');
    await expect(page.getByTestId('push-switch')).toHaveAttribute('aria-checked', 'false');
  });

  test('L-4.7-04 L-8-09: a refused permission says how to allow it', async ({ page, context, demo: _demo }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default', configurable: true });
      Notification.requestPermission = async () => 'denied';
    });
    await page.goto('/notifications');
    await page.getByTestId('push-switch').click();
    await expect(page.getByTestId('push-error')).toHaveText('通知権限が拒否されました。ブラウザの設定から通知を許可してください。');
  });

  test('L-8-10: any other failure asks to reload', async ({ page, context, baseURL, demo: _demo }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.route('**/api/push/vapid-key', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.goto('/notifications');
    await page.getByTestId('push-switch').click();
    await expect(page.getByTestId('push-error')).toHaveText('通知設定でエラーが発生しました。ページを再読み込みして再度お試しください。');
  });

  test('L-4.7-04 L-7.5-07 L-8-11: granted permission subscribes; a failed subscription leaves notifications on', async ({
    page,
    context,
    baseURL,
    demo: _demo,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.route('**/api/push/subscribe', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.goto('/notifications');
    const key = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/push/vapid-key');
    await page.getByTestId('push-switch').click();
    expect((await (await key).json()).publicKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await expect(page.getByTestId('push-switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('push-note')).toBeVisible();
    await expect(page.getByTestId('push-error')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-notifications-enabled'))).toBe('true');
    // The service worker is the one of the build, registered with its version.
    const script = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? '');
    expect(script).toMatch(/\/service-worker\.js\?v=.+/);
  });

  test('the service worker shows a pushed notification with its page to open', async ({ browser, baseURL }) => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const r = registrations.find((x: { scopeURL: string; isDeleted: boolean }) => x.scopeURL.startsWith(baseURL ?? '') && !x.isDeleted);
        if (r) resolve(r.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { title: '無限', body: '花子さんが「朝の話」にいいねしました', url: '/notifications', tag: 'n-1', notificationId: 1 };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(async () =>
        page.evaluate(async () => {
          const shown = await (await navigator.serviceWorker.ready).getNotifications();
          return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
        }),
      )
      .toEqual([{ title: '無限', body: payload.body, tag: 'n-1', url: '/notifications' }]);
    await cdp.detach();
    await context.close();
  });
});
