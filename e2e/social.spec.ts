import { formatCount } from '../src/shared/rules/format';
import { expect, test } from './helpers/fixtures';
import { apiTrack, catalogue, openHero } from './helpers/listener';
import { apiAs, DEMO_EMAIL, demoTracks, LISTENER, newPage } from './helpers/social';
import { holdRequests } from './helpers/waits';

const pending = (page: import('@playwright/test').Page, id: number) => page.evaluate((k) => localStorage.getItem(k), `pendingLike_${id}`);

test.describe('likes', () => {
  test('L-6-01 L-4.3-07 L-4.3-08 L-4.3-09: a like tapped while signed out is applied about 500 ms after sign-in', async ({
    page,
    request,
  }) => {
    const hero = await openHero(page, request);
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
    // Back on the page, the pending like is sent without another tap.
    await liked;
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
    const hero = await openHero(page, request);
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
