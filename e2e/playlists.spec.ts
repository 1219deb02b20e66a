import { CREATE_PAGE_CATEGORIES } from '../src/shared/categories';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import { audio, catalogue, skipToEnd } from './helpers/listener';
import { apiOrder, clearPlaylists, itemTrackIds } from './helpers/playlists';
import { apiAs, DEMO_EMAIL, LISTENER, newPage, signInAs } from './helpers/social';
import { requestsSettled } from './helpers/waits';

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

test.afterAll(async () => {
  const { api } = await apiAs(LISTENER.email, LISTENER.name);
  await clearPlaylists(api);
  await api.dispose();
});
