import { expect, test } from './helpers/fixtures';
import { type Invitation, pngBuffer, recordRequests, signUpNewcomer, toastWith, usableCode } from './helpers/identity';
import { catalogue, signInAsDemo } from './helpers/listener';
import { requestsSettled } from './helpers/waits';

test.describe('invitation, sign-in and My Page', () => {
  test('L-2.3-01 L-2.3-02 L-2.2-13 L-5-03 L-5-10 L-5-13 L-7.1-15 L-8-24 L-7.1-19 L-8-28 L-2.7-10 L-7.1-07: a newcomer comes in by an invitation link, edits the profile, uploads a picture and logs out', async ({
    page,
  }) => {
    const code = await usableCode(page);
    const access: unknown[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/access-control') void r.json().then((answer) => access.push(answer));
    });

    // The invitation link keeps the code and starts sign-in with it: here the development chooser.
    await page.goto(`/i/${code}`);
    await page.waitForURL((url) => url.pathname === '/api/auth/dev');
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
    expect(await page.evaluate(() => sessionStorage.getItem('invitationCode'))).toBe(code);
    await expect(page.locator('#code')).toHaveValue(code);

    const email = `invited-${Date.now()}@example.com`;
    await page.locator('#email').fill(email);
    await page.locator('#name').fill('招待さん');
    await page.getByRole('button', { name: 'ログイン' }).click();

    // Back in the app: the access check passes and from_auth leaves the address.
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect.poll(() => access).toContainEqual({ hasAccess: true, reason: 'approved' });
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email, name: '招待さん' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mugen_user_id'))).toBe(me.id);
    expect(await page.evaluate(() => sessionStorage.getItem('invitationCode'))).toBeNull();

    // My Page through the bottom navigation.
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: 'マイページ' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('招待さん');

    // A bad user ID: the spec's message, no server check and nothing saved.
    const checks = recordRequests(page, /^\/api\/auth\/check-user-id\//);
    const saves = recordRequests(page, '/api/auth/profile');
    await page.getByTestId('edit-profile').click();
    const dialog = page.getByTestId('edit-profile-dialog');
    await expect(dialog.getByRole('heading', { name: 'プロフィールを編集' })).toBeVisible();
    await expect(dialog.getByTestId('profile-email')).toHaveValue(email);
    await expect(dialog.getByTestId('profile-email')).toHaveJSProperty('readOnly', true);
    await expect(dialog).toContainText('メールアドレスは変更できません');
    await expect(dialog).toContainText('JPEG、PNG、GIF、WebP（10MBまで）');
    await dialog.getByTestId('profile-user-id-input').fill('ab');
    await expect(dialog.getByTestId('user-id-status')).toHaveText('ユーザーIDは3文字以上で入力してください');
    await dialog.getByTestId('profile-save').click();
    await expect(dialog.getByRole('alert')).toHaveText('ユーザーIDは3文字以上で入力してください');
    expect(checks).toHaveLength(0);
    expect(saves).toHaveLength(0);

    // A good one: checked by the server after typing stops, then saved.
    const userId = `inv_${Date.now().toString(36)}`;
    await dialog.getByTestId('profile-user-id-input').fill(userId);
    await expect(dialog.getByTestId('user-id-preview')).toContainText(`/${userId}`);
    await expect(dialog.getByTestId('user-id-status')).toHaveText('利用可能です');
    expect(checks.map((c) => new URL(c.url).pathname)).toEqual([`/api/auth/check-user-id/${userId}`]);
    await dialog.getByTestId('profile-x-input').fill('mugen_fm');
    await dialog.getByTestId('profile-save').click();
    await expect(page.getByRole('status').filter({ hasText: 'プロフィールを更新しました' })).toContainText('変更が保存されました');
    await expect(dialog).toBeHidden();
    expect(saves.map((s) => s.method)).toEqual(['PUT']);
    expect(JSON.parse(saves[0].body ?? '{}')).toMatchObject({ name: '招待さん', customUserId: userId, xHandle: 'mugen_fm' });
    await expect(page.getByTestId('public-url')).toContainText(`${new URL(page.url()).host}/${userId}`);
    const x = page.getByTestId('x-link');
    await expect(x).toHaveAttribute('href', 'https://x.com/mugen_fm');
    await expect(x).toHaveAttribute('target', '_blank');

    // A picture: a file that is not an image is refused here, a PNG is uploaded and shown.
    await page.getByTestId('edit-profile').click();
    await dialog
      .getByTestId('profile-image-input')
      .setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(toastWith(page, 'ファイル形式エラー')).toContainText('画像ファイルのみアップロード可能です');
    const uploads = recordRequests(page, '/api/upload/profile-image');
    await dialog.getByTestId('profile-image-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBuffer() });
    await expect(toastWith(page, '画像アップロード完了')).toContainText('プロフィール画像を更新しました');
    expect(uploads).toHaveLength(1);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
    const avatar = page.getByTestId('profile-header').locator('[data-avatar="image"] img');
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/profile\/.+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Logout posts to the logout endpoint, then goes home; the session has ended (issue 13.8).
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('mugen_user_id'))).toBeNull();
  });

  test('L-1-01 L-2.2-07 L-2.2-08 L-2.2-11 L-2.2-12 L-7.1-13: a visitor without invitation opening /favorites ends on /closed-beta, history replaced', async ({
    page,
  }) => {
    await page.goto('/search');
    const access = recordRequests(page, '/api/access-control');

    // Held for a moment: the spinner shows while the check runs.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/access-control', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/favorites');
    await expect(page.getByTestId('access-spinner')).toBeVisible();
    release();
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
    await expect(page.getByRole('heading', { name: '招待制のクローズドベータです' })).toBeVisible();
    await expect(page.getByText('新規登録には招待が必要です')).toBeVisible();
    await page.unroute('**/api/access-control');

    // Back does not return to /favorites: the redirect replaced it.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/search');

    // Asked every time, never from a cache.
    await page.goto('/notifications');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
    await page.goto('/create-post');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
    expect(access.length).toBe(3);

    // Registering without an invitation ends there too (L-1-01), and existing members sign in from it.
    await page.getByRole('button', { name: 'Googleでログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/api/auth/dev');
    await page.locator('#email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('L-2.2-10 L-2.2-09: a failing check or a session whose member is gone lands on /closed-beta', async ({ page }) => {
    await page.route('**/api/access-control', (route) => route.abort());
    await page.goto('/favorites');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
    await page.unroute('**/api/access-control');

    // A session whose member is gone (the server answers user_not_found for it).
    await signInAsDemo(page);
    await page.route('**/api/access-control', (route) => route.fulfill({ json: { hasAccess: false, reason: 'user_not_found' } }));
    await page.goto('/favorites');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');
  });

  test('L-2.2-01 .. L-2.2-06: public paths make no access check', async ({ page, request }) => {
    const [track] = await catalogue(request);
    const access = recordRequests(page, '/api/access-control');
    for (const path of [
      '/',
      `/track/${track.id}`,
      '/playlist/some-list',
      '/demo',
      '/search',
      '/profile',
      '/invite-friends',
      '/closed-beta',
      '/pending-approval',
      '/access-denied',
      '/invalid-invitation',
    ]) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await requestsSettled(page);
      expect(access, path).toHaveLength(0);
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });

  test('L-2.2-13 L-6-08 L-2.3-07 L-2.3-08 L-2.3-09 L-2.3-10: approved members pass; pending and denied members see their status pages', async ({
    page,
    demo: _demo,
  }) => {
    await page.goto('/notifications?from_auth=1');
    await expect(page).toHaveURL((url) => url.pathname === '/notifications' && url.search === '');

    await page.route('**/api/access-control', (route) => route.fulfill({ json: { hasAccess: false, reason: 'pending_approval' } }));
    await page.goto('/favorites');
    await expect(page).toHaveURL((url) => url.pathname === '/pending-approval');
    await expect(page.getByTestId('pending-approval')).toContainText('招待リンクをお持ちの方のみご利用いただけます');

    await page.unroute('**/api/access-control');
    await page.route('**/api/access-control', (route) => route.fulfill({ json: { hasAccess: false, reason: 'access_denied' } }));
    await page.goto('/create-post');
    await expect(page).toHaveURL((url) => url.pathname === '/access-denied');
    const denied = page.getByTestId('access-denied');
    await expect(denied.getByRole('heading')).toHaveText('アクセスが拒否されました');
    await expect(denied).toContainText('アカウントの承認が拒否された');
    await expect(denied.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', '/contact');
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await denied.getByRole('link', { name: 'お問い合わせ' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/contact');
    await page.goBack();
    await page.getByTestId('access-denied').getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('L-2.3-03 L-2.3-04 L-2.3-11: /invitation-required stores the code and starts sign-in; without one it is /closed-beta; a bad code is invalid', async ({
    page,
  }) => {
    await page.goto('/invitation-required');
    await expect(page).toHaveURL((url) => url.pathname === '/closed-beta');

    await page.goto('/invitation-required?code=NOSUCHCODE');
    await page.waitForURL((url) => url.pathname === '/api/auth/dev');
    expect(await page.evaluate(() => sessionStorage.getItem('invitationCode'))).toBe('NOSUCHCODE');
    await expect(page.locator('#code')).toHaveValue('NOSUCHCODE');

    await page.locator('#email').fill(`bad-code-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/invalid-invitation');
    await expect(page.getByTestId('invalid-invitation')).toContainText('既に使用されているか、有効期限が切れています');
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
  });

  test('L-2.4-03: after sign-in from a protected item the member returns to it', async ({ page, request }) => {
    await catalogue(request);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '通知' }).click();
    await page.getByTestId('login-modal').getByRole('button', { name: 'Googleでログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/api/auth/dev');
    await page.getByRole('button', { name: /デモユーザー/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/notifications' && url.search === '');
    expect(await page.evaluate(() => sessionStorage.getItem('returnPath'))).toBeNull();

    // A stored returnPath wins over another landing page.
    await page.evaluate(() => sessionStorage.setItem('returnPath', '/invite-friends'));
    await page.goto('/?from_auth=1');
    await expect(page).toHaveURL((url) => url.pathname === '/invite-friends' && url.search === '');
  });

  test('L-2.3-12 L-2.3-13 L-2.3-14 L-4.11-02 L-4.11-03 L-5-35 L-5-36 L-8-37: /invite-friends lists rights and codes; copying refuses used and inactive codes', async ({
    page,
    demo: _demo,
    clipboard: _clipboard,
  }) => {
    const codes: Invitation[] = await (await page.request.get('/api/invitations/my')).json();
    const stats = await (await page.request.get('/api/invitations/stats')).json();
    await page.goto('/invite-friends');
    await expect(page.getByTestId('available-invites')).toHaveText(`${stats.availableInvites}人`);
    const rows = page.getByTestId('invitation-row');
    await expect(rows).toHaveCount(codes.length);
    const mine = await (await page.request.get('/api/invitations/my')).json();
    expect((await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).sort()).toEqual(
      mine.map((i: { code: string }) => i.code).sort(),
    );
    // Shareable codes come first.
    await expect(rows.first()).toHaveAttribute('data-state', 'usable');

    const usable = page.locator('[data-testid="invitation-row"][data-state="usable"]').first();
    const code = await usable.getAttribute('data-code');
    await usable.getByTestId('copy-invitation').click();
    const origin = new URL(page.url()).origin;
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/i/${code}`);
    await expect(page.getByRole('status').filter({ hasText: '招待リンクをコピーしました' })).toBeVisible();

    await page.evaluate(() => navigator.clipboard.writeText('unchanged'));
    const used = page.locator('[data-testid="invitation-row"][data-state="used"]').first();
    await expect(used).toContainText('使用済み');
    await used.getByTestId('copy-invitation').click();
    await expect(page.getByRole('status').filter({ hasText: '使用済みの招待コードはコピーできません' })).toBeVisible();
    const inactive = page.locator('[data-testid="invitation-row"][data-state="inactive"]').first();
    await expect(inactive).toHaveCSS('opacity', '0.5');
    await inactive.getByTestId('copy-invitation').click();
    await expect(page.getByRole('status').filter({ hasText: '無効な招待コードはコピーできません' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('unchanged');

    // A clipboard that refuses: the failure message asks to copy the link by hand.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await usable.getByTestId('copy-invitation').click();
    await expect(page.getByRole('status').filter({ hasText: 'コピーに失敗しました' })).toContainText('手動でコピー');
  });

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
