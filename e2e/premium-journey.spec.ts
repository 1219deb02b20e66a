import type { Response } from '@playwright/test';
import { DAY_MS } from '../src/shared/constants';
import type { Track } from '../src/shared/schemas/track';
import { expect, test } from './helpers/fixtures';
import { recordRequests, toastWith } from './helpers/identity';
import { audio, catalogue, expectPlaying, initialTrack, openWithCatalogue } from './helpers/listener';
import { buyPremium, jaDate, openTestForm, premiumStatus, seriousViolations, speedPill, stored, themeColor } from './helpers/premium';

// Premium (issue 17) in the browser, with the demo checkout: the e2e server runs without Stripe, so the
// card form is the labelled test form and POST /api/demo-checkout/confirm stands in for Stripe.

test.describe('premium journey with the demo checkout', () => {
  test.beforeEach(async ({ request }) => {
    await catalogue(request);
  });

  test('C-2.2-04 C-2.2-11 C-7.2-02 C-7.2-03 L-2.1-29 C-2.2-07 C-2.2-08 C-2.2-09 C-2.2-05 L-1-05 L-1-06 L-6-06 L-2.4-28 L-1-07 C-2.3-01 C-2.3-02 C-2.3-03 C-2.3-04 C-2.3-05 C-2.3-06 C-2.3-09 C-2.3-10 C-4-25: a member pays with the test form, gets the perks (no ad slot, 2x without a trial, the days left, a kept track that plays with the network cut), then pauses (#24.9: premium to the paid period’s end, the dates stated first)', async ({
    page,
    context,
    newcomer: _newcomer,
  }) => {
    // The longest journey (a purchase, offline play, the pause): three times the time of one step.
    test.slow();
    // Free: one ad slot under the home player, a white theme colour.
    const tracks = await openWithCatalogue(page);
    await expect(page.getByTestId('hero-player').getByTestId('ad-slot')).toHaveCount(1);
    await expect(themeColor(page)).toHaveAttribute('content', '#ffffff');

    // The payment: intent with the member's e-mail and name, the test form, upgrade with the paid intent.
    const intents = recordRequests(page, '/api/create-payment-intent');
    const confirms = recordRequests(page, '/api/demo-checkout/confirm');
    const upgrades = recordRequests(page, '/api/user/upgrade-premium');
    await buyPremium(page, { scanForm: true });
    expect(intents.map((r) => r.method)).toEqual(['POST']);
    expect(JSON.parse(intents[0].body ?? '{}')).toEqual({ email: _newcomer.email, name: 'テスト新規' });
    expect(confirms).toHaveLength(1);
    expect(upgrades).toHaveLength(1);
    expect(JSON.parse(upgrades[0].body ?? '{}').paymentIntentId).toMatch(/^pi_/);

    // /premium-success: the four perks and the way home.
    await expect(page.getByTestId('premium-success-perks').getByRole('listitem')).toHaveText([
      '広告なし',
      '高音質再生',
      'バックグラウンド再生',
      '2.0倍速再生',
    ]);
    expect(await seriousViolations(page), '/premium-success').toEqual([]);
    const status = await premiumStatus(page);
    expect(status.daysRemaining).toBeGreaterThanOrEqual(28);
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/');

    // The perks: the yellow theme colour, the 128 kbit/s stream asked for, no ad slot, the menu's label with the server's days.
    await expect(themeColor(page)).toHaveAttribute('content', '#facc15');
    await expect(page.getByTestId('hero-player')).toBeVisible();
    await expect.poll(async () => (await audio(page)).src).toMatch(/^\/api\/stream\/\d+\?quality=high$/);
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('premium-member-label')).toHaveText(new RegExp(`プレミアム会員.*残り${status.daysRemaining}日`));
    await page.keyboard.press('Escape');

    // 2x without the trial (L-6-06).
    for (let i = 0; i < 4 && (await speedPill(page).getAttribute('data-rate')) !== '2'; i++) await speedPill(page).click();
    await expect(speedPill(page)).toHaveAttribute('data-rate', '2');
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(2);
    await expect(page.getByTestId('trial-remaining')).toHaveCount(0);
    expect(await stored(page, 'mugen_trial_start')).toBeNull();
    expect(await stored(page, 'mugen_trial_used')).toBeNull();

    // A premium member opening /premium is sent home.
    await page.goto('/premium');
    await expect(page).toHaveURL((u) => u.pathname === '/');

    // Offline: keep a track that the home page does not load, then play it from My Page with the network cut.
    const first = initialTrack(tracks);
    const firstIndex = tracks.indexOf(first);
    const neighbours = new Set([first.id, tracks[(firstIndex + 1) % tracks.length].id]);
    const kept = tracks.find((t) => !neighbours.has(t.id)) as Track;
    await page.goto(`/track/${kept.id}`);
    await expect(page.getByTestId('track-detail').getByTestId('ad-slot')).toHaveCount(0);
    const keep = page.getByTestId('offline-keep');
    await expect(keep).toHaveText('オフライン保存');
    await keep.click();
    await expect(keep).toHaveText('保存済み', { timeout: 30_000 });
    await expect(keep).toHaveAttribute('aria-pressed', 'true');
    await expect(toastWith(page, 'オフライン再生用に保存しました')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('hero-player')).toHaveAttribute('data-track-id', String(first.id));
    await page.getByTestId('bottom-nav').getByRole('link', { name: 'マイページ' }).click();
    const list = page.getByTestId('offline-list');
    await expect(list.getByTestId('track-row')).toHaveCount(1);
    await expect(list.getByTestId('track-row')).toHaveAttribute('data-track-id', String(kept.id));

    const streamed: Response[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === `/api/stream/${kept.id}`) streamed.push(r);
    });
    await context.setOffline(true);
    await list.getByRole('button', { name: `${kept.title}を再生` }).click();
    await expect.poll(async () => (await audio(page)).src).toBe(`/api/stream/${kept.id}?quality=high`);
    await expectPlaying(page);
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.every((r) => r.fromServiceWorker() && [200, 206].includes(r.status()))).toBe(true);
    await context.setOffline(false);
    await page.getByRole('button', { name: `${kept.title}を一時停止` }).click();

    // Dropping it empties the list and the cache.
    await list.getByRole('button', { name: `${kept.title}の保存を解除` }).click();
    await expect(list.getByTestId('offline-list-empty')).toBeVisible();
    await expect.poll(() => page.evaluate(() => caches.has('mugen-audio-offline'))).toBe(false);

    // Pause: step 1 offers the 90-day pause once, cancel anyway, or continue; step 2 goes back to it.
    await page.goto('/cancel');
    await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-status', 'active');
    const step1 = page.getByTestId('cancel-step-1');
    await expect(step1.getByTestId('pause-offer')).toContainText('1回限り');
    await expect(step1.getByTestId('pause-offer')).toContainText('90日間は料金が発生しません');
    await expect(step1.getByTestId('pause-offer')).toContainText('90日後に自動で再開します。再開の前にメールでお知らせします。');
    await expect(step1.getByTestId('pause-offer')).toContainText('一時停止中はプレミアム機能をご利用いただけません。');
    await expect(step1.getByRole('button', { name: '90日間一時停止する' })).toBeVisible();
    await expect(step1.getByRole('link', { name: 'プレミアムを続ける' })).toBeVisible();
    // #24.9: before confirming, the dates: premium to the paid period's end, then 90 days paused, then billing resumes.
    const paidUntil = (await premiumStatus(page)).endDate ?? '';
    const resumesAt = new Date(new Date(paidUntil).getTime() + 90 * DAY_MS);
    await expect(step1.getByTestId('pause-dates')).toHaveText(
      `お支払い済みの${jaDate(paidUntil)}まではプレミアム機能をそのままご利用いただけます。一時停止は${jaDate(paidUntil)}から${jaDate(resumesAt)}までで、この間は料金が発生せずプレミアム機能もご利用いただけません。${jaDate(resumesAt)}に請求とプレミアム機能が自動で再開します。`,
    );
    expect(await seriousViolations(page), '/cancel step 1').toEqual([]);
    await step1.getByRole('button', { name: 'それでも解約する' }).click();
    await expect(page.getByTestId('cancel-step-2')).toBeVisible();
    expect(await seriousViolations(page), '/cancel step 2').toEqual([]);
    await page.getByRole('button', { name: '一時停止に戻る' }).click();
    await expect(page.getByTestId('cancel-step-1')).toBeVisible();

    await page.getByRole('button', { name: '90日間一時停止する' }).click();
    const pausedToast = toastWith(page, '一時停止しました');
    await expect(pausedToast).toBeVisible();
    await expect(pausedToast).toContainText(
      `${jaDate(paidUntil)}まではプレミアム機能をご利用いただけます。${jaDate(resumesAt)}に自動で再開します。`,
    );
    await expect(page).toHaveURL((u) => u.pathname === '/');
    // The paid days are kept: still premium, to the same end.
    expect(await premiumStatus(page)).toMatchObject({ isPremium: true, endDate: paidUntil });
    const subscription = await (await page.request.get('/api/premium/subscription')).json();
    expect(subscription).toEqual({
      status: 'paused',
      isPremium: true,
      currentPeriodEnd: paidUntil,
      pausedUntil: resumesAt.toISOString(),
      pauseUsed: true,
    });

    // Paused ahead: the state says until when premium runs and when it resumes, and the pause is not offered again.
    await page.goto('/cancel');
    await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-status', 'paused');
    await expect(page.getByTestId('subscription-state')).toContainText(
      `${jaDate(paidUntil)}までプレミアム機能をご利用いただけます。その後${jaDate(resumesAt)}まで一時停止し（料金はかかりません）、${jaDate(resumesAt)}に自動で再開します。`,
    );
    await expect(page.getByRole('button', { name: '90日間一時停止する' })).toHaveCount(0);
  });

  test('C-2.3-06 C-2.3-07 C-2.3-08 C-2.3-11 C-4-24: another member cancels and keeps premium until the period end (and the pages pass the accessibility scan in the dark theme)', async ({
    page,
    newcomer: _newcomer,
  }) => {
    await page.addInitScript(() => localStorage.setItem('mugen_theme', 'dark'));
    await buyPremium(page, { scanForm: true });
    expect(await seriousViolations(page), '/premium-success (dark)').toEqual([]);
    const { endDate } = await premiumStatus(page);
    await page.goto('/cancel');
    await expect(page.getByTestId('cancel-step-1')).toBeVisible();
    expect(await seriousViolations(page), '/cancel step 1 (dark)').toEqual([]);
    await page.getByRole('button', { name: 'それでも解約する' }).click();
    const step2 = page.getByTestId('cancel-step-2');
    await expect(step2).toBeVisible();
    expect(await seriousViolations(page), '/cancel step 2 (dark)').toEqual([]);
    await expect(step2.getByTestId('cancel-losses').getByRole('listitem')).toHaveText([
      '広告なしの再生',
      '高音質再生',
      'オフライン再生',
      'プレミアム限定コンテンツ',
    ]);
    await expect(step2.getByTestId('cancel-until')).toContainText('まではプレミアム機能を引き続きご利用いただけます。');
    await step2.getByRole('button', { name: '完全に解約する' }).click();
    await expect(toastWith(page, '解約手続きが完了しました')).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/');

    // Still premium until the period end.
    const after = await premiumStatus(page);
    expect(after.isPremium).toBe(true);
    expect(after.endDate).toBe(endDate);
    await expect(themeColor(page)).toHaveAttribute('content', '#facc15');
    await page.goto('/cancel');
    await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-status', 'cancelling');
    await expect(page.getByTestId('subscription-state')).toContainText('までプレミアム機能をご利用いただけます。');
    await expect(page.getByTestId('cancel-step-1')).toHaveCount(0);
  });

  test('C-2.2-12 C-8-07 C-8-08 C-8-06 C-8-09 C-4-26 C-2.2-10 C-8-10: the payment errors, and the 30-day local premium when the upgrade or the check fails', async ({
    page,
    newcomer: _newcomer,
  }) => {
    // The pay button cannot submit before the form is ready; a failed intent shows 決済エラー.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/create-payment-intent', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: '決済サービスに接続できません' } });
    });
    await page.goto('/premium');
    await expect(page.getByTestId('checkout-loading').getByTestId('pay-button')).toBeDisabled();
    release();
    const intentError = toastWith(page, '決済の準備に失敗しました：決済サービスに接続できません');
    await expect(intentError).toBeVisible();
    await expect(intentError).toContainText('決済エラー');
    await page.unroute('**/api/create-payment-intent');
    await page.getByRole('button', { name: 'もう一度準備する' }).click();
    const form = page.getByTestId('demo-card-form');
    await expect(form).toBeVisible();

    // A declined test card: 決済に失敗しました with the provider's message.
    await form.getByLabel('カード番号').fill('4000 0000 0000 0002');
    await form.getByRole('button', { name: '550円を支払って登録する' }).click();
    const declined = toastWith(page, 'カードが拒否されました（テストカード）。');
    await expect(declined).toBeVisible();
    await expect(declined).toContainText('決済に失敗しました');

    // The sign-in check before paying fails: the spec's message, nothing paid.
    const confirms = recordRequests(page, '/api/demo-checkout/confirm');
    await page.route('**/api/auth/user', (route) => route.fulfill({ status: 401, json: { message: '認証が必要です' } }));
    await form.getByLabel('カード番号').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: '550円を支払って登録する' }).click();
    await expect(toastWith(page, '認証に失敗しました。再度ログインしてください。')).toBeVisible();
    expect(confirms).toEqual([]);
    await page.unroute('**/api/auth/user');

    // Paid, but the upgrade fails: the warning, /premium-success, and 30 days of local premium.
    await page.route('**/api/user/upgrade-premium', (route) => route.fulfill({ status: 500, json: { message: '内部エラー' } }));
    const paid = await openTestForm(page);
    const before = Date.now();
    await paid.getByRole('button', { name: '550円を支払って登録する' }).click();
    await expect(toastWith(page, 'プレミアム状態の更新に一部問題がありましたが、サービスはご利用いただけます。')).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === '/premium-success');
    await expect.poll(() => stored(page, 'mugen_premium')).toBe('true');
    const expiry = new Date((await stored(page, 'mugen_premium_expiry')) ?? '').getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    // Display only: the browser shows premium, the server has not granted it.
    await expect(page.locator('html')).toHaveClass(/\bpremium\b/);
    expect((await premiumStatus(page)).isPremium).toBe(false);
    await page.unroute('**/api/user/upgrade-premium');

    // The success page cannot check the status: 注意, and 30 days of local premium from now.
    await page.addInitScript(() => {
      for (const k of ['mugen_premium', 'mugen_premium_expiry', 'mugen_premium_fallback']) localStorage.removeItem(k);
    });
    await page.route('**/api/auth/premium-status', (route) => route.fulfill({ status: 503, json: { message: '一時的に利用できません' } }));
    const checked = Date.now();
    await page.goto('/premium-success');
    const caution = toastWith(page, '一時的な接続の問題でプレミアム状態を確認できませんでしたが、プレミアム機能はご利用いただけます。');
    await expect(caution).toBeVisible();
    await expect(caution).toContainText('注意');
    await expect.poll(() => stored(page, 'mugen_premium_expiry')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(new Date((await stored(page, 'mugen_premium_expiry')) ?? '').getTime()).toBeGreaterThanOrEqual(checked + 30 * DAY_MS);
  });
});
