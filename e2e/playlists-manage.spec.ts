import { DEFAULT_EDIT_CATEGORIES } from '../src/shared/categories';
import { expect, test } from './helpers/fixtures';
import { catalogue } from './helpers/listener';
import { apiOrder, clearPlaylists, itemTrackIds, makePlaylist } from './helpers/playlists';
import { apiAs, LISTENER, longPressDrag, newPage } from './helpers/social';
import { requestsSettled } from './helpers/waits';

test.describe('playlists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('L-4.6-03 L-4.6-04 L-2.9-01: a 250 ms long press starts a drag, with vibration', async ({
    page,
    context,
    request,
    listener: _listener,
  }) => {
    const tracks = await catalogue(request);
    await context.addInitScript(() => {
      (window as unknown as { vibrations: number }).vibrations = 0;
      navigator.vibrate = () => {
        (window as unknown as { vibrations: number }).vibrations += 1;
        return true;
      };
    });
    await clearPlaylists(page.request);
    const ids = tracks.slice(0, 3).map((t) => t.id);
    const p = await makePlaylist(page.request, `通勤 ${Date.now() % 100_000}`, ids);
    await page.goto(`/playlists/${p.id}`);
    await expect(page.getByTestId('owner-playlist')).toBeVisible();
    expect(await itemTrackIds(page)).toEqual(ids);

    // Press the first row (on its text, not the handle) for longer than 250 ms, then move it below the last.
    const first = (await page.getByTestId('playlist-item').nth(0).getByTestId('track-row-link').boundingBox())!;
    const last = (await page.getByTestId('playlist-item').nth(2).boundingBox())!;
    const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/playlists/${p.id}/reorder`);
    await longPressDrag(page, { x: first.x + 20, y: first.y + first.height / 2 }, { x: first.x + 20, y: last.y + last.height - 4 });
    await put;
    await expect(page.getByRole('status').filter({ hasText: '順序を更新しました' })).toBeVisible();
    const expected = [ids[1], ids[2], ids[0]];
    expect(await itemTrackIds(page)).toEqual(expected);
    expect(await apiOrder(page.request, p.id)).toEqual(expected);
    expect(await page.evaluate(() => (window as unknown as { vibrations: number }).vibrations)).toBeGreaterThanOrEqual(1);

    // A quick swipe on a row scrolls; it never reorders.
    const before = await apiOrder(page.request, p.id);
    const reorders: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/reorder')) reorders.push(r.url());
    });
    const row = (await page.getByTestId('playlist-item').nth(0).boundingBox())!;
    await longPressDrag(page, { x: row.x + 40, y: row.y + 20 }, { x: row.x + 40, y: row.y + 200 }, { hold: false });
    await requestsSettled(page);
    await expect(page.locator('[data-dragging="true"]')).toHaveCount(0);
    expect(reorders).toEqual([]);
    expect(await apiOrder(page.request, p.id)).toEqual(before);

    // The dialog (not a popover) on a phone: adding from the track page.
    await page.goto(`/track/${tracks[3].id}`);
    await page.getByTestId('add-to-playlist-button').click();
    const dialog = page.getByTestId('add-to-playlist-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('playlist-choice').filter({ hasText: p.name }).click();
    await expect(page.getByRole('status').filter({ hasText: 'プレイリストに追加しました' })).toBeVisible();
    expect(await apiOrder(page.request, p.id)).toEqual([...expected, tracks[3].id]);
  });
});

test.describe('my playlists', () => {
  test('L-2.1-13 L-2.1-14 L-5-32 L-9-08 L-3-06: the list with the edit dialog and delete; visitors see a login prompt', async ({
    page,
    browser,
    listener: me,
  }) => {
    await clearPlaylists(page.request);
    const p = await makePlaylist(page.request, `編集前 ${Date.now() % 100_000}`, []);
    expect(p.category).toBe('その他');
    await page.goto('/playlists');
    const card = page.getByTestId('playlist-card').filter({ hasText: p.name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('playlist-visibility')).toHaveText('公開');
    await expect(card.getByTestId('playlist-item-count')).toHaveText('0件の音声');
    await expect(page.getByTestId('new-playlist')).toHaveAttribute('href', '/create-playlist');

    await card.getByRole('button', { name: /を編集/ }).click();
    const dialog = page.getByTestId('playlist-edit-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'その他を外す' }).click();
    await expect(dialog.getByTestId('category-suggestions').getByRole('button')).toHaveText(DEFAULT_EDIT_CATEGORIES.map((c) => c));
    await dialog.getByTestId('category-suggestions').getByRole('button', { name: 'リラックス' }).click();
    await dialog.getByTestId('category-suggestions').getByRole('button', { name: '作業用' }).click();
    await dialog.getByTestId('edit-playlist-name').fill('My List!');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/playlists/${p.id}`);
    await dialog.getByTestId('edit-playlist-save').click();
    const body = (await put).postDataJSON();
    expect(body).toMatchObject({ name: 'My List!', publicSlug: `${me.id}-my-list`, category: 'リラックス,作業用' });
    expect(body).not.toHaveProperty('isPublic');
    await expect(dialog).toBeHidden();
    const renamed = page.getByTestId('playlist-card').filter({ hasText: 'My List!' });
    await expect(renamed.getByTestId('category-chip')).toHaveText(['リラックス', '作業用']);
    expect((await (await page.request.get(`/api/playlists/${p.id}`)).json()).category).toBe('リラックス,作業用');

    await renamed.getByRole('button', { name: /を削除/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除する' }).click();
    await expect(page.getByTestId('playlists-empty')).toBeVisible();
    expect((await page.request.get(`/api/playlists/${p.id}`)).status()).toBe(404);

    const visitor = await newPage(browser);
    await visitor.page.goto('/playlists');
    await expect(visitor.page.getByTestId('login-required')).toBeVisible();
    await visitor.page.getByTestId('login-required').getByRole('button', { name: 'ログイン' }).click();
    await expect(visitor.page.getByTestId('login-modal')).toBeVisible();
    await visitor.context.close();
  });

  test('L-5-22: create is disabled once a free member has 10 playlists', async ({ page, listener: _listener }) => {
    await clearPlaylists(page.request);
    const one = await makePlaylist(page.request, `上限 ${Date.now() % 100_000}`, []);
    const ten = Array.from({ length: 10 }, (_, i) => ({ ...one, id: one.id * 100 + i, name: `上限 ${i}` }));
    await page.route('**/api/playlists/user', (route) => route.fulfill({ json: ten }));
    await page.goto('/create-playlist');
    await page.getByTestId('playlist-name').fill('11個目');
    await expect(page.getByTestId('playlist-limit')).toContainText('10個まで');
    await expect(page.getByTestId('create-playlist-submit')).toBeDisabled();
    await page.request.delete(`/api/playlists/${one.id}`);
  });

  test('L-2.9-12: a missing playlist says プレイリストが見つかりません', async ({ page }) => {
    for (const path of ['/playlists/99999999', '/playlist/no-such-slug-e2e', '/u/demo/no-such-slug-e2e', '/demo/playlist/99999999']) {
      await page.goto(path);
      await expect(page.getByTestId('playlist-not-found'), path).toContainText('プレイリストが見つかりません');
    }
  });
});

test.describe('playlist errors', () => {
  test('L-6-02: add-to-playlist asks a visitor to sign in', async ({ page, request }) => {
    await catalogue(request);
    await page.goto('/');
    await page.getByTestId('hero-player').getByTestId('add-to-playlist-button').click();
    await expect(page.getByTestId('login-modal')).toContainText('ログインが必要です');
  });

  test('L-8-12 L-8-13 L-8-14 L-8-15 L-8-16 L-8-17: failures are destructive toasts titled エラー with the spec message', async ({
    page,
    request,
    listener: _listener,
  }) => {
    const tracks = await catalogue(request);
    await clearPlaylists(page.request);
    const p = await makePlaylist(page.request, `失敗 ${Date.now() % 100_000}`, [tracks[0].id, tracks[1].id]);
    const toast = page.locator('[data-variant="destructive"]');

    await page.route('**/api/playlists', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'サーバーでエラーが発生しました' } })
        : route.fallback(),
    );
    await page.goto('/create-playlist');
    await page.getByTestId('playlist-name').fill('作れない');
    await page.getByTestId('create-playlist-submit').click();
    await expect(toast).toContainText('エラー');
    await expect(toast).toContainText('プレイリストの作成に失敗しました');

    await page.route(`**/api/playlists/${p.id}/tracks`, (route) => route.fulfill({ status: 409, json: { error: 'もう入っています' } }));
    await page.goto(`/track/${tracks[2].id}`);
    await page.getByTestId('add-to-playlist-button').click();
    await page.getByTestId('add-to-playlist-dialog').getByTestId('playlist-choice').filter({ hasText: p.name }).click();
    await expect(toast).toContainText('エラー');
    await expect(toast).toContainText('もう入っています');
    await expect(toast).toContainText('プレイリストへの追加に失敗しました');

    await page.route(`**/api/playlists/${p.id}/tracks/*`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'x' } }) : route.fallback(),
    );
    await page.goto(`/playlists/${p.id}`);
    await page.getByTestId('remove-from-playlist').first().click();
    await expect(toast).toContainText('プレイリストからの削除に失敗しました');
    expect(await itemTrackIds(page)).toEqual([tracks[0].id, tracks[1].id]);

    await page.route(`**/api/playlists/${p.id}/reorder`, (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    // The failed removal refetches the list; the keyboard drag starts once that has settled, and is tried
    // again if the refetch took the focus away in between (a failed reorder changes nothing).
    await expect(async () => {
      const handle = page.getByTestId('drag-handle').nth(1);
      await handle.focus();
      await expect(handle).toBeFocused();
      await page.keyboard.press('Space');
      // The keyboard drag has started (the handle is pressed) before it moves: on a loaded machine the
      // arrow could otherwise reach the list before the drag exists, and nothing would be reordered.
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
      await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
      await expect(toast).toContainText('順序の更新に失敗しました', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => itemTrackIds(page)).toEqual([tracks[0].id, tracks[1].id]);

    // Removing for real works and says so.
    await page.unroute(`**/api/playlists/${p.id}/tracks/*`);
    await page.getByTestId('remove-from-playlist').first().click();
    await expect(page.getByRole('status').filter({ hasText: 'プレイリストから削除しました' })).toBeVisible();
    await expect.poll(() => itemTrackIds(page)).toEqual([tracks[1].id]);
  });
});

test.afterAll(async () => {
  const { api } = await apiAs(LISTENER.email, LISTENER.name);
  await clearPlaylists(api);
  await api.dispose();
});
