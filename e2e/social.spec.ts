import { formatCount } from '../src/shared/rules/format';
import { expect, test } from './helpers/fixtures';
import { apiTrack, catalogue } from './helpers/listener';
import { apiAs, DEMO_EMAIL, demoTracks, LISTENER, newPage, pullDown, unreadBadge } from './helpers/social';
import { holdRequests, requestsSettled } from './helpers/waits';

const pending = (page: import('@playwright/test').Page, id: number) => page.evaluate((k) => localStorage.getItem(k), `pendingLike_${id}`);

test.describe('likes', () => {
  test('L-6-01 L-4.3-07 L-4.3-08 L-4.3-09: a like tapped while signed out is applied about 500 ms after sign-in', async ({
    page,
    request,
  }) => {
    await catalogue(request);
    await page.goto('/');
    const hero = page.getByTestId('hero-player');
    await expect(hero).toBeVisible();
    const trackId = Number(await hero.getAttribute('data-track-id'));
    const { api: demo } = await apiAs(DEMO_EMAIL);
    await demo.delete(`/api/likes/${trackId}`);
    const before = (await apiTrack(request, trackId)).likeCount;

    await hero.getByTestId('like-button').click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('ログインが必要です');
    expect(await pending(page, trackId)).toBe('1');

    // The real way back: Google (here the development chooser), then the page the like was tapped on.
    const liked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/likes/${trackId}`);
    await modal.getByRole('button', { name: 'Googleでログイン' }).click();
    await page.getByRole('button', { name: /デモユーザー/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const returnedAt = Date.now();
    await liked;
    expect(Date.now() - returnedAt).toBeLessThan(8000);
    await expect.poll(() => pending(page, trackId)).toBeNull();
    expect(await (await demo.get(`/api/likes/check/${trackId}`)).json()).toEqual({ isLiked: true });
    expect((await apiTrack(request, trackId)).likeCount).toBe(before + 1);
    if (Number(await hero.getAttribute('data-track-id')) === trackId) {
      await expect(hero.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    }
    await demo.delete(`/api/likes/${trackId}`);
    await demo.dispose();
  });

  test('L-4.3-10: closing the login prompt forgets the pending like', async ({ page, request }) => {
    await catalogue(request);
    await page.goto('/');
    const hero = page.getByTestId('hero-player');
    const trackId = Number(await hero.getAttribute('data-track-id'));
    await hero.getByTestId('like-button').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    expect(await pending(page, trackId)).toBe('1');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-modal')).toBeHidden();
    expect(await pending(page, trackId)).toBeNull();
  });

  test('L-4.3-01 L-4.3-02 L-4.3-03 L-4.3-05 L-4.3-06 L-7.2-14 L-2.1-12: like and unlike at once, roll back silently, list in favourites', async ({
    page,
    listener: _listener,
  }) => {
    const [track] = await demoTracks(page.request);
    await page.request.delete(`/api/likes/${track.id}`);
    const base = (await apiTrack(page.request, track.id)).likeCount;
    await page.goto(`/track/${track.id}`);
    const button = page.getByTestId('like-button');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button.getByTestId('like-count')).toHaveText(formatCount(base));

    // Optimistic: the count moves while the answer is held back, and the heart plays for 600 ms.
    const like = await holdRequests(page, `**/api/likes/${track.id}`);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/likes/${track.id}`);
    const refreshed = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/likes/check/${track.id}`);
    const trackRefetch = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/tracks/${track.id}`);
    await button.click();
    await sent;
    await expect(button.getByTestId('like-count')).toHaveText(formatCount(base + 1));
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const heart = button.locator('svg[data-animating="true"]');
    await expect(heart).toHaveCount(1);
    expect(await heart.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.6s');
    like.release();
    await refreshed;
    await trackRefetch;
    await page.unroute(`**/api/likes/${track.id}`);
    expect(await (await page.request.get(`/api/likes/check/${track.id}`)).json()).toEqual({ isLiked: true });

    // Unlike.
    const removed = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname === `/api/likes/${track.id}`);
    await button.click();
    await removed;
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button.getByTestId('like-count')).toHaveText(formatCount(base));

    // A failed call puts the count back and says nothing.
    await page.route(`**/api/likes/${track.id}`, (route) => route.abort());
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button.getByTestId('like-count')).toHaveText(formatCount(base));
    await expect(page.locator('[data-variant]')).toHaveCount(0);
    await page.unroute(`**/api/likes/${track.id}`);

    // Liked tracks are the favourites.
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'お気に入り', level: 1 })).toBeVisible();
    const list = page.getByTestId('favorites-list');
    await expect(list.locator(`[data-track-id="${track.id}"]`)).toContainText(track.title);
    const favorites: { id: number }[] = await (await page.request.get('/api/user/favorites')).json();
    await expect(list.getByTestId('track-row')).toHaveCount(favorites.length);
    await page.request.delete(`/api/likes/${track.id}`);
  });

  test('L-2.7-20: visitors are asked to sign in for their favourites', async ({ page }) => {
    await page.goto('/favorites');
    // Signed out: the access gate sends visitors to /closed-beta, or the page asks for sign-in.
    await expect
      .poll(async () => new URL(page.url()).pathname === '/closed-beta' || (await page.getByTestId('login-required').isVisible()))
      .toBe(true);
  });

  test('L-2.7-20: an empty favourites list says so, with a hint', async ({ page, listener: _listener }) => {
    await page.route('**/api/user/favorites', (route) => route.fulfill({ json: [] }));
    await page.goto('/favorites');
    await expect(page.getByTestId('favorites-empty')).toContainText('お気に入りがありません');
    await expect(page.getByTestId('favorites-empty')).toContainText('ハート');
  });
});

test.describe('follows and public profiles', () => {
  test('L-4.5-01 L-2.8-05 L-2.8-02 L-2.8-13 L-2.1-25 L-2.1-26: follow from a public profile and see the follower count change', async ({
    page,
    browser,
    listener: me,
  }) => {
    await page.request.delete('/api/users/demo/follow');
    await page.goto('/demo');
    await expect(page.getByTestId('profile-name')).toHaveText('デモユーザー');
    const count = page.getByTestId('follower-count');
    const before = Number((await count.locator('span').last().textContent()) ?? '0');

    const follow = page.getByTestId('follow-button');
    await expect(follow).toHaveText('フォローする');
    await follow.click();
    await expect(follow).toHaveText('フォロー中');
    await expect(count).toContainText(String(before + 1));
    expect(await (await page.request.get('/api/users/demo/follow-status')).json()).toEqual({ isFollowing: true });
    await page.reload();
    await expect(page.getByTestId('follow-button')).toHaveText('フォロー中');

    // The follower link lists me, with a way to my page.
    await page.getByTestId('follower-count').click();
    await expect(page).toHaveURL((url) => url.pathname === '/demo/followers');
    const records: { follower: { id: string } }[] = await (await page.request.get('/api/follows/followers/demo')).json();
    await expect(page.getByTestId('follow-row')).toHaveCount(records.length);
    const row = page.locator(`[data-testid="follow-row"][data-user-id="${me.id}"]`);
    await expect(row).toContainText(LISTENER.name);
    await expect(row).toContainText(`@${me.customUserId ?? me.id.slice(0, 8)}`);
    await row.getByRole('link', { name: /プロフィールを見る/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/${me.customUserId ?? me.id}`);
    await expect(page.getByTestId('profile-name')).toHaveText(LISTENER.name);
    // Oneself: no follow button.
    await expect(page.getByTestId('follow-button')).toHaveCount(0);
    await page.getByTestId('following-count').click();
    await expect(page).toHaveURL((url) => url.pathname === `/${me.customUserId ?? me.id}/following`);
    await expect(page.getByTestId('follow-row').filter({ hasText: 'デモユーザー' })).toHaveCount(1);

    // Unfollow.
    await page.goto('/demo');
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText('フォローする');
    await expect(page.getByTestId('follower-count')).toContainText(String(before));

    // Visitors see no follow button.
    const visitor = await newPage(browser);
    await visitor.page.goto('/demo');
    await expect(visitor.page.getByTestId('profile-name')).toHaveText('デモユーザー');
    await expect(visitor.page.getByTestId('follow-button')).toHaveCount(0);
    await visitor.context.close();
  });

  test('L-2.7-15 L-2.7-16 L-2.8-14: empty follow lists say so; a missing user has its own state', async ({ page }) => {
    await page.route('**/api/follows/followers/mugen', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/follows/following/mugen', (route) => route.fulfill({ json: [] }));
    await page.goto('/mugen/followers');
    await expect(page.getByTestId('follow-list-empty')).toContainText('フォロワーがいません');
    await page.goto('/mugen/following');
    await expect(page.getByTestId('follow-list-empty')).toContainText('フォロー中のユーザーがいません');
    for (const path of ['/no-such-user-e2e', '/no-such-user-e2e/followers', '/no-such-user-e2e/following', '/user/no-such-user-e2e']) {
      await page.goto(path);
      await expect(page.getByTestId('user-not-found'), path).toContainText('ユーザーが見つかりません');
      await expect(page.getByTestId('user-not-found'), path).toContainText('指定されたユーザーは存在しないか、非公開です');
    }
  });

  test('the official page and member pages: ∞ avatar, tabs, track and playlist links by the spec', async ({ page, request }) => {
    await catalogue(request);
    await page.goto('/mugen');
    const header = page.getByTestId('profile-header');
    await expect(header.locator('[data-avatar="emoji"]').first()).toHaveText('∞');
    await expect(header).toContainText('公式');
    const official = page.getByTestId('profile-tracks').getByTestId('track-row-link').first();
    await expect(official).toHaveAttribute('href', /^\/mugen\/track\/\d+$/);

    const demo = await (await request.get('/api/users/demo')).json();
    await page.goto(`/user/${demo.id}`);
    await expect(page.getByTestId('profile-name')).toHaveText('デモユーザー');
    await expect(page.getByTestId('profile-tracks').getByTestId('track-row-link').first()).toHaveAttribute('href', /^\/demo\/track\/\d+$/);
    await expect(page.getByTestId('follower-count')).toHaveAttribute('href', '/demo/followers');
    await expect(page.getByTestId('following-count')).toHaveAttribute('href', '/demo/following');
    await page.getByRole('tab', { name: /公開プレイリスト/ }).click();
    await expect(page.getByTestId('profile-playlists').or(page.getByTestId('profile-playlists-empty'))).toBeVisible();
  });

  test('copy link: the address of the profile, URLをコピーしました and a tick for 2 s; one toast at a time, F8 reaches it', async ({
    page,
    baseURL,
    clipboard: _clipboard,
  }) => {
    await page.goto('/demo');
    const copy = page.getByTestId('copy-profile-link');
    await copy.click();
    await expect(page.getByRole('status').filter({ hasText: 'URLをコピーしました' })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/demo`);
    await expect(copy).toHaveAttribute('data-copied', 'true');
    await expect(copy).toHaveAttribute('data-copied', 'false', { timeout: 4000 });
    await copy.click();
    await expect(page.getByRole('status').filter({ hasText: 'URLをコピーしました' })).toHaveCount(1);
    await page.keyboard.press('F8');
    const region = page.getByRole('region', { name: /通知/ });
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  test('L-8-18 L-8-19 L-8-20: a failed follow says 操作に失敗しました and which action failed', async ({ page, listener: _listener }) => {
    await page.request.delete('/api/users/demo/follow');
    await page.route('**/api/users/demo/follow', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.goto('/demo');
    await page.getByTestId('follow-button').click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toContainText('操作に失敗しました');
    await expect(toast).toContainText('フォロー操作に失敗しました');
    await expect(page.getByRole('alert').filter({ hasText: 'フォローに失敗しました' })).toBeVisible();
    await page.unroute('**/api/users/demo/follow');
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText('フォロー中');
    await page.route('**/api/users/demo/follow', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.getByTestId('follow-button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'フォロー解除に失敗しました' })).toBeVisible();
    await page.unroute('**/api/users/demo/follow');
    await page.request.delete('/api/users/demo/follow');
  });
});

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
