import { expect, test } from './helpers/fixtures';
import { type Invitation, pngBuffer, recordRequests, toastWith, usableCode } from './helpers/identity';
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
});
