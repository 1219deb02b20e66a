import { type APIRequestContext, type Browser, type Page, request } from '@playwright/test';
import { DAY_MS } from '../src/shared/constants';
import { expect, test } from './helpers/fixtures';
import { toastWith } from './helpers/identity';
import { OPERATOR } from './helpers/operator';
import { BASE_URL, newPage, signInAs } from './helpers/social';

// Issue 18, 会員管理 (creator-operator spec §2.4, §8, §9; C-2.4-23 .. C-2.4-43, C-8-23 .. C-8-28, C-9-01)
// and the access status the operator sets, enforced for the member's browser.

const PREFIX = 'e2e-members-';
const DESKTOP = { width: 1280, height: 800 };

/** An API context signed in to the console. */
async function operatorApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect((await api.post('/api/admin/login', { data: OPERATOR })).status()).toBe(200);
  return api;
}

/**
 * A code that can still register someone, taken from the members these journeys registered before
 * (each gets invitation codes of their own), so the demo member's few codes are spent at most once.
 */
async function usableCode(): Promise<string | null> {
  const admin = await operatorApi();
  const list = await (await admin.get(`/api/admin/users?limit=100&search=${PREFIX}`)).json();
  await admin.dispose();
  for (const u of list.users as { email: string; accessStatus: string; canInvite: boolean }[]) {
    if (u.accessStatus !== 'approved' || !u.canInvite) continue;
    const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
    await api.post('/api/auth/dev-login', { data: { email: u.email } });
    const codes: { code: string; usedCount: number; maxUses: number; isActive: boolean }[] = await (
      await api.get('/api/invitations/my')
    ).json();
    await api.dispose();
    const code = codes.find((c) => c.isActive && c.usedCount < c.maxUses)?.code;
    if (code) return code;
  }
  return null;
}

/** A member registered just now (a name unique to the run), signed in in `page`'s browser. */
async function registerMember(label: string, page: Page): Promise<{ id: string; name: string; email: string }> {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const email = `${PREFIX}${tag}@example.com`;
  const name = `${label}${tag.slice(-4)}`;
  const code = await usableCode();
  if (!code) return { ...(await signInAs(page, email, name)), name, email }; // the first one: with a demo code
  const res = await page.request.post('/api/auth/dev-login', { data: { email, name, invitationCode: code } });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).user.id, name, email };
}

/** A fresh browser (own cookies) signed in as a newly registered member. */
async function memberBrowser(browser: Browser, label: string) {
  const { context, page } = await newPage(browser, {
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'mugen_cookie_consent', value: 'true' }] }],
    },
  });
  const member = await registerMember(label, page);
  return { context, page, member };
}

/** A screenshot to look at, when E2E_SHOTS names a folder (DESIGN.md: check 390 and 1280 px). */
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}`, fullPage: true }) : Promise.resolve();

const rowOf = (page: Page, id: string) => page.locator(`[data-testid="member-row"][data-user-id="${id}"]`);
const shortDate = (d: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const jaDate = (d: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(d);

async function openMembersTab(page: Page) {
  await page.goto('/admin?tab=users');
  await expect(page.getByTestId('members-count')).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByTestId('members-search').fill(text);
  await expect(page.getByTestId('members-count')).toHaveText(/^1 \/ \d+ 人の会員$/);
}

test.describe('会員管理 at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('C-2.4-23 C-2.4-24 C-2.4-25 C-2.4-26 C-2.4-28 C-6-03 C-8-24 C-9-01: search, the columns, invite toggle, premium for 30 days and its expiry', async ({
    page,
    browser,
    operator,
  }) => {
    void operator;
    const { context, member } = await memberBrowser(browser, '会員管理テスト');
    await context.close();
    await openMembersTab(page);
    const total = Number((await page.getByTestId('members-count').textContent())?.split('/')[1].replace(/\D/g, ''));
    expect(total).toBeGreaterThan(1);
    await search(page, member.name);
    await expect(page.getByTestId('members-count')).toHaveText(`1 / ${total} 人の会員`);
    const row = rowOf(page, member.id);
    await expect(row.getByTestId('member-status')).toHaveText('無料');
    await expect(row.getByTestId('member-name')).toHaveText(member.name);
    await expect(row.getByTestId('member-id')).toHaveText(member.id.slice(0, 8));
    await expect(row.getByTestId('member-email')).toHaveText(member.email);
    await expect(row.getByTestId('member-registered')).toHaveText(shortDate(new Date()));
    await expect(row.getByTestId('member-premium-end')).toHaveText('—');

    // Invite permission: a new member may invite; the switch turns it off through the spec's call.
    const invite = row.getByTestId('member-invite');
    await expect(invite).toHaveAttribute('aria-checked', 'true');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/users/invitation-status') && r.method() === 'POST');
    await invite.click();
    expect((await sent).postDataJSON()).toEqual({ userId: member.id, canInvite: false });
    await expect(toastWith(page, '招待権限をオフにしました')).toBeVisible();
    await expect(invite).toHaveAttribute('aria-checked', 'false');
    await invite.click();
    await expect(invite).toHaveAttribute('aria-checked', 'true');

    // Premium for 30 days, after a confirmation.
    await row.getByTestId('member-premium').click();
    const dialog = page.getByTestId('confirm-dialog');
    const end = new Date(Date.now() + 30 * DAY_MS);
    await expect(dialog).toContainText(jaDate(end));
    const premium = page.waitForRequest((r) => r.url().endsWith('/api/admin/users/premium') && r.method() === 'POST');
    await dialog.getByRole('button', { name: '付与する' }).click();
    const body = (await premium).postDataJSON();
    expect(body).toMatchObject({ userId: member.id, isPremium: true });
    expect(Math.abs(Date.parse(body.endDate) - end.getTime())).toBeLessThan(60_000);
    await expect(toastWith(page, 'プレミアム会員ステータスを更新しました')).toBeVisible();
    await expect(row.getByTestId('member-status')).toHaveText('プレミアム');
    await expect(row.getByTestId('member-premium-end')).toHaveText(shortDate(end));
    // The table fits the desktop width: nothing scrolls, sideways or inside its own box.
    const table = page.getByTestId('members-table');
    expect(
      await table.evaluate((t) => (t.parentElement as HTMLElement).scrollWidth - (t.parentElement as HTMLElement).clientWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'admin-members-desktop.png');

    // Revoking it again.
    await row.getByTestId('member-premium').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '解除する' }).click();
    await expect(row.getByTestId('member-status')).toHaveText('無料');
  });

  test('C-8-23 C-2.4-30 C-8-25: a failed premium update toasts the failure; a failed load shows データの読み込みに失敗しました and reloads', async ({
    page,
    operator,
  }) => {
    void operator;
    await page.route('**/api/admin/users?*', (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
    await page.goto('/admin?tab=users');
    const failed = page.getByTestId('members-error');
    await expect(failed).toContainText('データの読み込みに失敗しました');
    await page.unroute('**/api/admin/users?*');
    await failed.getByRole('button', { name: '再読み込み' }).click();
    await expect(page.getByTestId('members-count')).toBeVisible();

    await page.route('**/api/admin/users/premium', (route) => route.fulfill({ status: 500, json: { message: 'サーバーエラー' } }));
    const row = page.getByTestId('member-row').first();
    await row.getByTestId('member-premium').click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: /付与する|解除する/ })
      .click();
    await expect(toastWith(page, 'プレミアム会員ステータスの更新に失敗しました')).toBeVisible();
  });

  test('C-2.4-27 C-7.4-07 C-8-27: deleting a member asks first, ends their session at once; a member already gone alerts ユーザーが見つかりません。', async ({
    page,
    browser,
    operator,
  }) => {
    void operator;
    const { context, page: memberPage, member } = await memberBrowser(browser, '削除テスト');
    await memberPage.goto('/favorites');
    await expect(memberPage).toHaveURL(/\/favorites$/);

    await openMembersTab(page);
    await search(page, member.name);
    const row = rowOf(page, member.id);
    const deletes: string[] = [];
    page.on('request', (r) => r.method() === 'DELETE' && deletes.push(r.url()));
    await row.getByTestId('member-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText(`${member.name} を削除しますか？`);
    expect(deletes).toEqual([]);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(row).toBeVisible();
    await row.getByTestId('member-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '削除する' }).click();
    await expect(toastWith(page, `${member.name} を削除しました`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(deletes).toEqual([`${BASE_URL}/api/admin/users/${member.id}`]);

    // The member's browser is signed out at once.
    expect((await memberPage.request.get('/api/auth/user')).status()).toBe(401);
    await memberPage.goto('/favorites');
    await expect(memberPage).toHaveURL(/\/closed-beta$/);
    await context.close();

    // Another operator deleted this one meanwhile: the spec's 404 alert.
    await page.getByTestId('members-search').fill('');
    await expect(page.getByTestId('member-row').first()).toBeVisible();
    await page.route('**/api/admin/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 404, json: { message: 'ユーザーが見つかりません' } })
        : route.fallback(),
    );
    await page.getByTestId('member-row').first().getByTestId('member-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '削除する' }).click();
    await expect(toastWith(page, 'ユーザーが見つかりません。')).toBeVisible();
  });

  test('C-2.4-41 C-2.4-42 C-2.4-43 C-9-06: the detail page shows info, statistics, listening history and sessions; an unknown id ユーザーが見つかりません', async ({
    page,
    browser,
    operator,
  }) => {
    void operator;
    const { context, member } = await memberBrowser(browser, '詳細テスト');
    await openMembersTab(page);
    await search(page, member.name);
    await rowOf(page, member.id).getByTestId('member-name').click();
    await expect(page).toHaveURL(`/admin/users/${member.id}`);
    await expect(page.getByTestId('user-name')).toHaveText(member.name);
    await expect(page.getByTestId('user-id')).toHaveText(member.id.slice(0, 8));
    for (const section of ['基本情報', '統計', '再生履歴', 'セッション'])
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    await expect(page.getByTestId('stat-tracks')).toHaveText('0');
    await expect(page.getByTestId('user-history')).toContainText('再生履歴はありません');
    const ids = page.getByTestId('session-id');
    await expect(ids).toHaveCount(1);
    await expect(ids.first()).toHaveText(/^[0-9a-f]{8}$/);
    await shot(page, 'admin-user-detail-desktop.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('user-detail')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-user-detail-phone.png');
    await context.close();

    await page.getByRole('link', { name: '一覧へ戻る' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await expect(page.getByRole('tab', { name: '会員管理' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/admin/users/no-such-member');
    await expect(page.getByTestId('user-not-found')).toContainText('ユーザーが見つかりません');
  });

  test('C-2.4-39 C-2.4-40: /admin/users lists members with a premium toggle and the days left; its back link goes home', async ({
    page,
    browser,
    operator,
  }) => {
    void operator;
    const { context, member } = await memberBrowser(browser, '一覧テスト');
    await context.close();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: '会員一覧' })).toBeVisible();
    const row = rowOf(page, member.id);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('member-remaining')).toHaveText('無料会員');
    await row.getByTestId('member-premium-toggle').click();
    await expect(toastWith(page, 'プレミアム会員ステータスを更新しました')).toBeVisible();
    await expect(row.getByTestId('member-remaining')).toHaveText('残り 30 日');
    await expect(row.getByTestId('member-premium-toggle')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'admin-users-list-desktop.png');
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});

test('#18 L-6-08: a member the operator sets pending or denied lands on the status page at their next navigation, and is back in once approved', async ({
  page,
  browser,
  operator,
}) => {
  void operator;
  const { context, page: memberPage, member } = await memberBrowser(browser, 'ゲートテスト');
  await memberPage.goto('/favorites');
  await expect(memberPage).toHaveURL(/\/favorites$/);

  await openMembersTab(page);
  await search(page, member.name);
  const access = rowOf(page, member.id).getByTestId('member-access');
  await access.selectOption('denied');
  await expect(toastWith(page, 'アクセス状態を「拒否」にしました')).toBeVisible();

  // The member's own calls are refused by the server, not only the pages.
  const refused = await memberPage.request.get('/api/notifications');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    reason: 'access_denied',
    message: 'アカウントの承認が拒否されたため、このサービスをご利用いただけません',
  });
  await memberPage.goto('/notifications');
  await expect(memberPage).toHaveURL(/\/access-denied$/);
  await expect(memberPage.getByTestId('access-denied')).toContainText('アクセスが拒否されました');
  // Even a public page: the shell's own members-only calls answer 403, and the browser follows.
  await memberPage.goto('/');
  await expect(memberPage).toHaveURL(/\/access-denied$/);

  await access.selectOption('pending');
  await expect(toastWith(page, 'アクセス状態を「承認待ち」にしました')).toBeVisible();
  await memberPage.goto('/favorites');
  await expect(memberPage).toHaveURL(/\/pending-approval$/);

  await access.selectOption('approved');
  await expect(toastWith(page, 'アクセス状態を「承認済み」にしました')).toBeVisible();
  await memberPage.goto('/favorites');
  await expect(memberPage).toHaveURL(/\/favorites$/);
  await expect(memberPage.getByTestId('access-spinner')).toHaveCount(0);
  await context.close();
});

test('C-2.4-24 C-2.4-29: at phone width the members are cards with every field, paged 10 a page, and nothing scrolls sideways', async ({
  page,
  operator,
}) => {
  void operator;
  await openMembersTab(page);
  await expect(page.getByTestId('members-cards')).toBeVisible();
  const rows = page.getByTestId('member-row');
  const total = Number((await page.getByTestId('members-count').textContent())?.split('/')[1].replace(/\D/g, ''));
  await expect(rows).toHaveCount(Math.min(10, total));
  for (const id of [
    'member-status',
    'member-name',
    'member-id',
    'member-email',
    'member-registered',
    'member-premium-end',
    'member-invite',
    'member-access',
    'member-premium',
    'member-delete',
  ]) {
    await expect(rows.first().getByTestId(id)).toBeVisible();
  }
  if (total > 10) await expect(page.getByTestId('admin-pagination').getByRole('button', { name: '2ページ目' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'admin-members-phone.png');
});
