import { expect, test } from './helpers/fixtures';
import { recordRequests, signUpNewcomer, toastWith } from './helpers/identity';
import { catalogue } from './helpers/listener';

test.describe('invitation, sign-in and My Page', () => {
  test('L-2.7-03 .. L-2.7-09 L-2.7-11 L-2.7-12 L-2.7-13 L-2.7-15 L-2.7-16 L-2.7-17: the My Page header of the demo member', async ({
    page,
    demo: _demo,
    clipboard: _clipboard,
  }) => {
    const me = await (await page.request.get('/api/auth/user')).json();
    const counts = await (await page.request.get(`/api/users/${me.id}/follow-counts`)).json();
    const lists = recordRequests(page, /\/api\/users\/[^/]+\/(followers|following)$/);
    await page.goto('/profile');
    const header = page.getByTestId('profile-header');
    await expect(header.getByTestId('profile-name')).toHaveText(me.name);
    await expect(header.getByTestId('following-count')).toContainText(`${counts.followingCount}フォロー中`);
    await expect(header.getByTestId('followers-count')).toContainText(`${counts.followerCount}フォロワー`);
    await expect(header.getByTestId('following-count')).toHaveAttribute('href', `/${me.customUserId}/following`);
    await expect(header.getByTestId('followers-count')).toHaveAttribute('href', `/${me.customUserId}/followers`);
    expect(lists).toHaveLength(0);

    // The public URL: {host}/{customUserId}; a click copies the full URL and ticks for 2 s.
    const url = header.getByTestId('public-url');
    const origin = new URL(page.url()).origin;
    await expect(url).toHaveText(`${new URL(origin).host}/${me.customUserId}`);
    await url.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/${me.customUserId}`);
    await expect(header.getByTestId('public-url-check')).toBeVisible();
    await expect(header.getByTestId('public-url-check')).toBeHidden({ timeout: 3500 });

    // The dialogs: asked for only when opened, scrolling at 24rem.
    await header.getByTestId('followers-open').click();
    const followers = page.getByTestId('followers-dialog');
    await expect(followers.getByRole('heading', { name: 'フォロワー' })).toBeVisible();
    if (counts.followerCount === 0) await expect(followers).toContainText('フォロワーがいません');
    else await expect(followers.getByTestId('follow-row')).toHaveCount(counts.followerCount);
    await expect(followers.getByTestId('follow-list-scroll')).toHaveCSS('max-height', '384px');
    expect(lists.map((r) => new URL(r.url).pathname)).toEqual([`/api/users/${me.id}/followers`]);
    await page.keyboard.press('Escape');
    await header.getByTestId('following-open').click();
    const following = page.getByTestId('following-dialog');
    if (counts.followingCount === 0) await expect(following).toContainText('フォロー中のユーザーがいません');
    else await expect(following.getByTestId('follow-row')).toHaveCount(counts.followingCount);
    await page.keyboard.press('Escape');

    // No X account, no X icon.
    await expect(header.getByTestId('x-link')).toHaveCount(me.xHandle ? 1 : 0);

    await header.getByTestId('following-count').click();
    await expect(page).toHaveURL((u) => u.pathname === `/${me.customUserId}/following`);
  });

  test('L-2.7-18 L-2.1-10 L-2.1-11 L-2.7-21 L-2.7-29: My Page tabs follow ?tab=', async ({ page, demo: _demo }) => {
    const playlists = await (await page.request.get('/api/playlists/user')).json();
    const tabs = page.getByRole('tablist', { name: 'マイページのタブ' });
    for (const [query, label] of [
      ['', 'お気に入り'],
      ['?tab=playlists', 'プレイリスト'],
      ['?tab=my-tracks', '投稿音声'],
      ['?tab=xyz', 'お気に入り'],
    ]) {
      await page.goto(`/profile${query}`);
      await expect(tabs.getByRole('tab')).toHaveText(['お気に入り', 'プレイリスト', '投稿音声']);
      await expect(tabs.getByRole('tab', { name: label }), query).toHaveAttribute('aria-selected', 'true');
    }
    await page.goto('/profile?tab=playlists');
    await expect(page.getByTestId('playlists-heading')).toHaveText(`マイプレイリスト (${playlists.length}件)`);
    await page.getByTestId('new-playlist').click();
    await expect(page).toHaveURL((u) => u.pathname === '/create-playlist');

    await page.goto('/profile');
    await tabs.getByRole('tab', { name: '投稿音声' }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get('tab') === 'my-tracks');
  });

  test('L-2.7-31 L-2.7-32 L-2.7-35 L-8-30: the owner hides and shows a posted track after confirming; a delete asks first and a failed one keeps it', async ({
    page,
    request,
    demo: _demo,
  }) => {
    await catalogue(request);
    const mine = await (await page.request.get('/api/my-tracks')).json();
    expect(mine.length, 'the demo member has posted tracks').toBeGreaterThan(0);
    await page.goto('/profile?tab=my-tracks');
    const rows = page.getByTestId('my-track-row');
    await expect(rows).toHaveCount(mine.length);
    const row = rows.first();
    await expect(row.getByRole('link')).toHaveAttribute('href', `/track/${mine[0].id}`);
    const wasVisible = mine[0].isVisible === true;

    const refetches = recordRequests(page, '/api/my-tracks');
    await row.getByTestId('visibility-toggle').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: wasVisible ? '非公開にする' : '公開する' }).click();
    await expect(page.getByRole('status').filter({ hasText: '成功' })).toContainText(
      wasVisible ? '音声を非公開にしました' : '音声を公開しました',
    );
    await expect(row).toHaveAttribute('data-visible', String(!wasVisible));
    // The list is asked for again once, after the change.
    await expect.poll(() => refetches.map((r) => r.method)).toEqual(['GET']);

    // Back as it was, so other journeys see the catalogue unchanged.
    await row.getByTestId('visibility-toggle').click();
    await confirm.getByRole('button', { name: wasVisible ? '公開する' : '非公開にする' }).click();
    await expect(row).toHaveAttribute('data-visible', String(wasVisible));

    // A failing change says so in the spec's words, whatever the server's message (L-8-30, #20).
    await page.route('**/api/tracks/*/visibility', (route) =>
      route.fulfill({ status: 500, json: { message: 'サーバーでエラーが発生しました' } }),
    );
    await row.getByTestId('visibility-toggle').click();
    await confirm.getByRole('button', { name: wasVisible ? '非公開にする' : '公開する' }).click();
    const failure = page.getByRole('status').filter({ hasText: 'エラー' });
    await expect(failure).toContainText('公開状態の変更に失敗しました');
    await expect(failure).not.toContainText('サーバーでエラーが発生しました');

    // Delete asks first; a failure is reported and nothing disappears.
    await page.route('**/api/tracks/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await row.getByTestId('delete-track').click();
    await expect(confirm).toContainText('この音声を削除しますか？この操作は取り消せません。');
    await confirm.getByRole('button', { name: '削除' }).click();
    await expect(page.getByRole('status').filter({ hasText: '削除に失敗しました。もう一度お試しください。' })).toBeVisible();
    await expect(rows).toHaveCount(mine.length);
  });

  test('L-2.7-01 L-2.7-02: My Page while signed out shows the login-required message and the sign-in dialog', async ({ page }) => {
    await page.goto('/profile');
    const notice = page.getByTestId('profile-login-required');
    await expect(notice.getByRole('heading', { name: 'ログインが必要です' })).toBeVisible();
    await expect(page.getByTestId('my-page')).toHaveCount(0);
    await notice.getByRole('button', { name: 'ログイン' }).click();
    const modal = page.getByTestId('login-modal');
    await expect(modal.getByRole('button', { name: 'Googleでログイン' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/invite-friends');
    await expect(page.getByTestId('invite-login-required')).toBeVisible();
  });

  test('L-5-01 L-5-05 L-5-08 L-5-11 L-5-14 L-8-22 L-8-29 L-5-16: the edit dialog refuses bad values with the spec messages', async ({
    page,
  }) => {
    await signUpNewcomer(page, '検証さん');
    await page.goto('/profile');
    await page.getByTestId('edit-profile').click();
    const dialog = page.getByTestId('edit-profile-dialog');
    const checks = recordRequests(page, /^\/api\/auth\/check-user-id\//);

    await dialog.getByTestId('profile-name-input').fill('');
    await dialog.getByTestId('profile-user-id-input').fill('ab.c');
    await expect(dialog.getByTestId('user-id-status')).toHaveText('ユーザーIDは英数字、ハイフン、アンダースコアのみ使用可能です');
    await dialog.getByTestId('profile-x-input').fill('a-b');
    await dialog.getByTestId('profile-save').click();
    await expect(dialog.getByText('名前を入力してください')).toBeVisible();
    await expect(dialog.getByText('Xアカウントは英数字とアンダースコアのみ使用可能です')).toBeVisible();
    expect(checks).toHaveLength(0);

    // Taken by the demo member: the server's reason.
    await dialog.getByTestId('profile-name-input').fill('検証さん');
    await dialog.getByTestId('profile-x-input').fill('');
    await dialog.getByTestId('profile-user-id-input').fill('demo');
    await expect(dialog.getByTestId('user-id-status')).toHaveText('このユーザーIDは既に使用されています');
    expect(checks).toHaveLength(1);

    // A failing check shows as unavailable.
    await page.route('**/api/auth/check-user-id/**', (route) => route.abort());
    await dialog.getByTestId('profile-user-id-input').fill('someone_new_1');
    await expect(dialog.getByTestId('user-id-status')).toHaveText('確認中にエラーが発生しました');
    await page.unroute('**/api/auth/check-user-id/**');

    // A failing save: the toast carries the server message, or the generic one.
    await dialog.getByTestId('profile-user-id-input').fill('');
    await page.route('**/api/auth/profile', (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByTestId('profile-save').click();
    await expect(toastWith(page, '更新に失敗しました')).toContainText('プロフィールの更新中にエラーが発生しました');
    await expect(dialog.getByRole('alert')).toContainText('プロフィールの更新に失敗しました');
    await expect(dialog).toBeVisible();

    // An image over 10 MB is refused before anything is sent.
    const uploads = recordRequests(page, '/api/upload/profile-image');
    await dialog
      .getByTestId('profile-image-input')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(toastWith(page, 'ファイルサイズエラー')).toContainText('画像ファイルは10MB以下にしてください');
    expect(uploads).toHaveLength(0);
  });

  test('L-7.1-17 L-8-26 L-8-25: a member deletes the account from My Page after confirming', async ({ page }) => {
    await signUpNewcomer(page, '退会さん');
    await page.goto('/profile');
    await page.route('**/api/auth/account', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByTestId('delete-account').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('アカウントを削除しますか？この操作は取り消せません。');
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'アカウント削除に失敗しました' })).toBeVisible();
    await page.unroute('**/api/auth/account');

    await page.getByTestId('delete-account').click();
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'アカウントを削除しました' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
