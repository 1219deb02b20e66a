import { expect, test } from './helpers/fixtures';
import { recordRequests, toastWith } from './helpers/identity';
import { catalogue, seeded } from './helpers/listener';
import { premiumStatus, stored } from './helpers/premium';
import { requestsSettled } from './helpers/waits';

// Premium (issue 17) in the browser, with the demo checkout: the e2e server runs without Stripe, so the
// card form is the labelled test form and POST /api/demo-checkout/confirm stands in for Stripe.

test.describe('premium purchase page', () => {
  test('L-2.1-28 C-2.2-01 C-2.2-02 L-1-04 C-2.2-03: a visitor sees the benefits, 550円/月（税込） and the Google sign-in that returns to the payment, without the footer', async ({
    page,
  }) => {
    await page.goto('/premium');
    await expect(page).toHaveTitle('プレミアム | 無限 Mugen');
    const benefits = page.getByTestId('premium-benefits').getByRole('listitem');
    await expect(benefits).toHaveCount(8);
    for (const perk of ['広告なし', '高音質再生', 'バックグラウンド再生', 'オフライン再生', 'プレミアム限定コンテンツ', '2.0倍速再生']) {
      await expect(page.getByTestId('premium-benefits')).toContainText(perk);
    }
    await expect(page.getByTestId('premium-price')).toHaveText('550円/月（税込）');
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await expect(page.getByTestId('demo-card-form')).toHaveCount(0);

    const signIn = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/google');
    await page.getByRole('button', { name: 'Googleでログインして登録する' }).click();
    expect(new URL((await signIn).url()).search).toBe('?redirect=premium&payment=true');
  });

  test('C-2.2-06 C-8-01 C-8-02 C-8-03 C-8-04 C-8-05: an error code shows its message, then leaves the address', async ({ page }) => {
    const cases: [string, string][] = [
      ['auth_failed', 'Google認証に失敗しました。再度お試しください。'],
      ['server_error', 'サーバーエラーが発生しました。しばらく待ってから再度お試しください。'],
      ['token_failed', 'Google認証トークンの取得に失敗しました。再度お試しください。'],
      ['login_failed', 'ログインに失敗しました。再度お試しください。'],
      ['xyz', '認証中に予期しないエラーが発生しました。'],
    ];
    for (const [code, message] of cases) {
      await page.goto(`/premium?error=${code}`);
      const shown = toastWith(page, message);
      await expect(shown).toBeVisible();
      await expect(shown).toContainText('認証エラー');
      await expect(page).toHaveURL((u) => u.pathname === '/premium' && !u.searchParams.has('error'));
    }
  });

  test('#24.10: /premium-success never tells a member who is not premium, nor a visitor, プレミアム会員になりました: they go to /premium', async ({
    page,
    newcomer: _newcomer,
  }) => {
    // Every h1 the page ever shows is recorded, so "never shown" is a proof, not a moment's look.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1')) if (h.textContent && !seen.includes(h.textContent)) seen.push(h.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const seenHeadings = () => page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    expect((await premiumStatus(page)).isPremium).toBe(false);
    await page.goto('/premium-success');
    await expect(page).toHaveURL((u) => u.pathname === '/premium');
    await expect(page.getByTestId('premium-price')).toHaveText('550円/月（税込）');
    expect(await seenHeadings()).not.toContain('プレミアム会員になりました');

    // A made-up return from Stripe's redirect: the upgrade is refused (402), so /premium too.
    const upgrade = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/upgrade-premium');
    await page.goto('/premium-success?payment_intent=pi_madeup&redirect_status=succeeded');
    expect((await upgrade).status()).toBe(402);
    await expect(page).toHaveURL((u) => u.pathname === '/premium');
    expect(await seenHeadings()).not.toContain('プレミアム会員になりました');
    expect(await stored(page, 'mugen_premium_fallback')).toBeNull();
    expect((await premiumStatus(page)).isPremium).toBe(false);

    // A visitor as well.
    await page.context().clearCookies();
    await page.goto('/premium-success');
    await expect(page).toHaveURL((u) => u.pathname === '/premium');
    expect(await seenHeadings()).not.toContain('プレミアム会員になりました');
  });

  test("#24.11 L-1-08 #40.5: the demo's premium-only content is listed with its mark, and a free member's play opens /premium instead of playing", async ({
    page,
    newcomer: _newcomer,
  }) => {
    // The demo publishes two of the official channel's tracks premium-only (issue 40.5).
    const tracks = await catalogue(page.request);
    expect(tracks.filter((t) => t.isPremiumOnly)).toHaveLength(2);
    const { title } = seeded(
      tracks.find((t) => t.isPremiumOnly),
      'premium-only track',
    );
    await page.goto(`/search?search=${encodeURIComponent(title)}`);
    const row = page.getByTestId('search-results').getByTestId('track-row').filter({ hasText: title });
    // The first search of a server run starts the reading dictionary's helper (seconds on a busy machine).
    await expect(row.getByTestId('premium-only-mark')).toHaveText('プレミアム限定', { timeout: 30_000 });
    const id = Number(await row.getAttribute('data-track-id'));
    const streamed = recordRequests(page, `/api/stream/${id}`);
    await row.getByRole('button', { name: `${title}を再生` }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/premium');
    await expect(page.getByTestId('premium-price')).toHaveText('550円/月（税込）');
    await requestsSettled(page);
    expect(streamed).toEqual([]);
  });

  test('L-2.1-30: a visitor opening /cancel is asked to sign in', async ({ page }) => {
    await page.goto('/cancel');
    await expect(page.getByTestId('cancel-login-required')).toContainText('ご契約の一時停止や解約にはログインが必要です。');
  });
});
