import type { APIRequestContext, Page } from '@playwright/test';
import { CREATE_PAGE_CATEGORIES, DEFAULT_EDIT_CATEGORIES } from '../src/shared/categories';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import { audio, catalogue, skipToEnd } from './helpers/listener';
import { apiAs, DEMO_EMAIL, LISTENER, longPressDrag, newPage, signInAs } from './helpers/social';
import { requestsSettled } from './helpers/waits';

/** Removes the member's playlists, so that every run starts below the free limit of 10. */
async function clearPlaylists(api: APIRequestContext) {
  const mine: Playlist[] = await (await api.get('/api/playlists/user')).json();
  for (const p of mine) await api.delete(`/api/playlists/${p.id}`);
}

/** A playlist made through the API with the given tracks, in that order. */
async function makePlaylist(
  api: APIRequestContext,
  name: string,
  trackIds: number[],
  extra: Record<string, unknown> = {},
): Promise<Playlist> {
  const res = await api.post('/api/playlists', { data: { name, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
  const p: Playlist = await res.json();
  for (const trackId of trackIds) expect((await api.post(`/api/playlists/${p.id}/tracks`, { data: { trackId } })).status()).toBe(200);
  return (await api.get(`/api/playlists/${p.id}`)).json();
}

const itemTrackIds = (page: Page) =>
  page.getByTestId('playlist-item').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-track-id'))));

async function apiOrder(api: APIRequestContext, id: number): Promise<number[]> {
  const p: Playlist = await (await api.get(`/api/playlists/${id}`)).json();
  return p.items.map((i) => i.track.id);
}

test.describe('a playlist from creation to a listener at the other end (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('L-2.1-15 L-5-18..21 L-5-24..30 L-5-33 L-9-09 L-2.9-13..16 L-4.6-02 L-4.6-04 L-2.9-01 L-2.9-02 L-2.9-04 L-2.9-05 L-2.1-17..19 L-2.9-06..11 L-4.5-02 L-2.9-08: create, add three tracks from the player, reorder, share, open signed out, follow from another account, play to the end', async ({
    page,
    browser,
    baseURL,
    request,
    listener: me,
  }) => {
    test.setTimeout(180_000);
    await catalogue(request);
    await clearPlaylists(page.request);
    const title = `朝のニュース ${Date.now() % 100_000}`;

    // —— create ——
    await page.goto('/create-playlist');
    const submit = page.getByTestId('create-playlist-submit');
    const name = page.getByTestId('playlist-name');
    await expect(submit).toBeDisabled();
    await name.fill('あ'.repeat(51));
    await expect(page.getByRole('alert').filter({ hasText: 'プレイリスト名は50文字以内で入力してください' })).toBeVisible();
    await expect(submit).toBeDisabled();
    await name.fill('');
    await expect(page.getByRole('alert').filter({ hasText: 'プレイリスト名は必須です' })).toBeVisible();
    await expect(submit).toBeDisabled();
    await name.fill(title);
    await expect(submit).toBeEnabled();

    const suggestions = page.getByTestId('category-suggestions').getByRole('button');
    await expect(suggestions).toHaveText(CREATE_PAGE_CATEGORIES.map((c) => c));
    const searches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/categories/search') searches.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const category = page.getByTestId('category-input');
    await category.pressSequentially('ニュース', { delay: 60 });
    // One search, for the whole word, once the typing pauses: never one per keystroke.
    await expect.poll(() => searches).toEqual(['ニュース']);
    await requestsSettled(page);
    expect(searches).toEqual(['ニュース']);
    await category.press('Enter');
    await category.fill('ニュース');
    await category.press('Enter');
    await page.getByTestId('category-suggestions').getByRole('button', { name: '科学' }).click();
    await expect(page.getByTestId('chosen-categories').getByRole('listitem')).toHaveText(['ニュース', '科学']);
    await page.getByTestId('playlist-description').fill('朝の支度をしながら聴く');
    await expect(page.getByRole('radiogroup', { name: '公開設定' })).toHaveCount(0);
    await expect(page.getByText('無料会員のプレイリストは公開されます')).toBeVisible();

    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/playlists');
    await submit.click();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      name: title,
      category: 'ニュース,科学',
      description: '朝の支度をしながら聴く',
      isPublic: true,
      userId: me.id,
    });
    expect(body.publicSlug).toMatch(new RegExp(`^${me.id}-`));
    await expect(page).toHaveURL(/\/playlists\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('status').filter({ hasText: 'プレイリストを作成しました' })).toBeVisible();

    // —— add three tracks from the home player (a popover at least 200 px wide on a desktop) ——
    await page.goto('/');
    const hero = page.getByTestId('hero-player');
    const added: number[] = [];
    const popover = page.getByTestId('add-to-playlist-popover');
    for (let i = 0; i < 3; i++) {
      const trackId = Number(await hero.getAttribute('data-track-id'));
      await hero.getByTestId('add-to-playlist-button').click();
      await expect(popover).toBeVisible();
      if (i === 0) {
        expect(await popover.evaluate((el) => getComputedStyle(el).minWidth)).toBe('200px');
        const mine: Playlist[] = await (await page.request.get('/api/playlists/user')).json();
        await expect(popover.getByTestId('playlist-choice')).toHaveCount(mine.length);
        await expect(popover.getByTestId('create-playlist-option')).toHaveAttribute('href', `/create-playlist?track=${trackId}`);
      }
      await popover.getByTestId('playlist-choice').filter({ hasText: title }).click();
      await expect(page.getByRole('status').filter({ hasText: 'プレイリストに追加しました' })).toBeVisible();
      await expect(popover).toBeHidden();
      added.push(trackId);
      if (i < 2) {
        await hero.getByRole('button', { name: '次の音声' }).click();
        await expect(hero).not.toHaveAttribute('data-track-id', String(trackId));
      }
    }
    // The playlist that has the track is disabled when the list opens again.
    await hero.getByTestId('add-to-playlist-button').click();
    await expect(popover.getByTestId('playlist-choice').filter({ hasText: title })).toBeDisabled();
    await page.keyboard.press('Escape');
    await hero
      .getByRole('button', { name: '一時停止' })
      .click()
      .catch(() => {});

    // —— the owner page: reorder by drag, share, back ——
    await page.goto(`/playlists/${id}`);
    await expect(page.getByTestId('owner-playlist')).toBeVisible();
    expect(await itemTrackIds(page)).toEqual(added);
    await expect(page.getByTestId('follow-playlist')).toHaveCount(0);
    const handles = page.getByTestId('drag-handle');
    await page.getByTestId('sortable-tracks').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = (await handles.nth(2).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    const reordered = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/playlists/${id}/reorder`);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let s = 1; s <= 12; s++)
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 12) * s) / 12);
    await page.mouse.up();
    expect((await reordered).postDataJSON().items).toHaveLength(3);
    await expect(page.getByRole('status').filter({ hasText: '順序を更新しました' })).toBeVisible();
    const expected = [added[2], added[0], added[1]];
    expect(await itemTrackIds(page)).toEqual(expected);
    expect(await apiOrder(page.request, id)).toEqual(expected);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByTestId('share-copy').click();
    const shareUrl = `${baseURL}/${me.customUserId || me.id}/playlist/${id}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await expect(page.getByTestId('back-button')).toHaveAttribute('href', '/playlists');
    await page.goto(`/playlists/${id}?from=profile`);
    await expect(page.getByTestId('back-button')).toHaveAttribute('href', '/profile?tab=playlists');
    await page.goto(`/playlists/${id}`);
    await page.getByTestId('back-button').click();
    await expect(page).toHaveURL((url) => url.pathname === '/playlists');
    const saved: Playlist = await (await page.request.get(`/api/playlists/${id}`)).json();

    // —— the shared link, signed out: public detail with its title and social card ——
    const visitor = await newPage(browser);
    await visitor.page.goto(shareUrl);
    const detail = visitor.page.getByTestId('public-playlist');
    await expect(detail.getByTestId('playlist-name')).toHaveText(title);
    await expect(detail.getByTestId('category-chip')).toHaveText(['ニュース', '科学']);
    await expect(detail.getByTestId('category-chip').first()).toHaveAttribute('href', `/search?category=${encodeURIComponent('ニュース')}`);
    await expect(detail).toContainText('朝の支度をしながら聴く');
    await expect(detail.getByTestId('playlist-track-count')).toHaveText('3');
    await expect(detail.getByTestId('playlist-followers')).toHaveText('0');
    await expect(detail.getByTestId('playlist-views')).toHaveText(/^\d+$/);
    await expect(visitor.page).toHaveTitle(new RegExp(title));
    const html = await (await request.get(shareUrl)).text();
    const og = await (await request.get(`/api/og/${me.customUserId || me.id}/playlist/${id}`)).json();
    expect(html).toContain(`<meta property="og:title" content="${og.title}"`);
    await expect(detail.getByTestId('follow-playlist')).toBeVisible();
    // The slug routes show the same playlist.
    await visitor.page.goto(`/playlist/${saved.publicSlug}`);
    await expect(visitor.page.getByTestId('playlist-name')).toHaveText(title);
    await visitor.page.goto(`/u/${me.customUserId || me.id}/${saved.publicSlug}`);
    await expect(visitor.page.getByTestId('playlist-name')).toHaveText(title);
    await visitor.context.close();

    // —— another member follows it and plays it to the end ——
    const other = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    // The page's own clock, so that "nothing plays after the last track" is proved without waiting.
    await other.page.clock.install();
    await signInAs(other.page, DEMO_EMAIL);
    await other.page.goto(shareUrl);
    const follow = other.page.getByTestId('follow-playlist');
    await follow.click();
    await expect(follow).toHaveText('フォロー中');
    await expect(other.page.getByTestId('playlist-followers')).toHaveText('1');
    await follow.click();
    await expect(follow).toHaveText('フォロー');
    await expect(other.page.getByTestId('playlist-followers')).toHaveText('0');
    await follow.click();
    await expect(other.page.getByTestId('playlist-followers')).toHaveText('1');
    expect((await (await request.get(`/api/playlists/${id}`)).json()).followerCount).toBe(1);

    await other.page.getByTestId('play-playlist').click();
    await expect(other.page.getByTestId('player-bar')).toBeVisible();
    await expect(other.page.getByTestId('player-bar').getByRole('button', { name: /再生速度/ })).toBeVisible();
    for (const [i, trackId] of expected.entries()) {
      await expect.poll(async () => (await audio(other.page)).src).toBe(`/api/stream/${trackId}`);
      await skipToEnd(other.page);
      if (i < expected.length - 1)
        await expect.poll(async () => (await audio(other.page)).src, { timeout: 10_000 }).toBe(`/api/stream/${expected[i + 1]}`);
    }
    // After the last track playback stops: no next track, nothing playing.
    await expect.poll(async () => (await audio(other.page)).paused, { timeout: 10_000 }).toBe(true);
    await other.page.clock.runFor(2000);
    await requestsSettled(other.page);
    const end = await audio(other.page);
    expect(end.src).toBe(`/api/stream/${expected[2]}`);
    expect(end.paused).toBe(true);
    await expect(other.page.getByTestId('play-playlist')).toHaveText(/再開|再生/);
    await other.context.close();
  });
});

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
