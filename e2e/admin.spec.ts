import { expect, test } from './helpers/fixtures';
import { OPERATOR, signInThroughForm } from './helpers/operator';

// Issue 18: the console's sign-in and shell (creator-operator spec §2.4; C-* of area admin).
test.describe('admin console sign-in', () => {
  test('C-2.4: the console shows the login form, refuses a wrong password with 認証に失敗しました, then opens on テーマ管理', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '管理者ログイン' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'ログイン', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('ユーザー名').fill(OPERATOR.username);
    await page.getByLabel('パスワード', { exact: true }).fill('wrong password');
    await submit.click();
    await expect(page.getByTestId('admin-login-error')).toHaveText('認証に失敗しました');

    await page.getByLabel('パスワード', { exact: true }).fill(OPERATOR.password);
    await submit.click();
    await expect(page.getByRole('tab', { name: 'テーマ管理' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['音声管理', '会員管理', '監視']) await expect(page.getByRole('tab', { name })).toBeVisible();
    // The session is an HttpOnly cookie: nothing of it, nor the password, is in the page's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(OPERATOR.password);
    expect(await page.evaluate(() => document.cookie)).not.toContain('mugen_admin');

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByRole('heading', { name: '管理者ログイン' })).toBeVisible();
  });

  test('C-2.4: 「ログイン情報を保存」 remembers the username only; the tab is kept in the address', async ({ page }) => {
    await page.goto('/admin?tab=monitoring');
    await signInThroughForm(page, { remember: true });
    await expect(page.getByRole('tab', { name: '監視' })).toHaveAttribute('aria-selected', 'true');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain(OPERATOR.username);
    expect(stored).not.toContain(OPERATOR.password);
    await page.getByRole('tab', { name: '会員管理' }).click();
    await expect(page).toHaveURL(/tab=users/);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByLabel('ユーザー名')).toHaveValue(OPERATOR.username);
    await expect(page.getByLabel('パスワード', { exact: true })).toHaveValue('');
  });

  test('C-6: a member signed in on the listener side is not an operator', async ({ page, listener }) => {
    void listener;
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '管理者ログイン' })).toBeVisible();
    const res = await page.request.get('/api/admin/status');
    expect(await res.json()).toMatchObject({ authenticated: false });
  });

  test('C-2.4: at phone width the console fits: the four tabs in one row, no sideways scroll', async ({ page, operator }) => {
    void operator;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'テーマ管理' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });
});

// Issues 18 and 19: a message sent with the contact form is read by the operator in the 監視 tab.
test('C-2.6 #19: the operator reads a contact message in 監視', async ({ page, operator }) => {
  void operator;
  const body = `お問い合わせ確認 ${Date.now()}`;
  const sent = await page.request.post('/api/contact', {
    data: { name: '問合 太郎', email: 'toiawase@example.jp', subject: 'cancellation', message: body },
  });
  expect(sent.status()).toBe(200);
  await page.goto('/admin?tab=monitoring');
  const message = page.getByTestId('contact-message').filter({ hasText: body });
  await expect(message).toBeVisible();
  await expect(message).toContainText('解約について');
  await expect(message).toContainText('toiawase@example.jp');
  await expect(message.getByRole('link', { name: '返信する' })).toHaveAttribute('href', 'mailto:toiawase@example.jp');
});
