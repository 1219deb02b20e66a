import type { Page } from '@playwright/test';
import { DAY_MS } from '../src/shared/constants';
import { expect, test } from './helpers/fixtures';
import { recordRequests, toastWith } from './helpers/identity';
import { audio, catalogue } from './helpers/listener';

// The browser's clock starts here (Asia/Tokyo 09:00) and is moved on by the tests.
const START = new Date('2026-05-01T00:00:00Z');

const speedPill = (page: Page) => page.getByTestId('hero-player').getByRole('button', { name: /^再生速度/ });
const trialLabel = (page: Page) => page.getByTestId('trial-remaining');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Taps the home speed pill until it shows `rate` (at most four taps). */
async function cycleTo(page: Page, rate: number) {
  for (let i = 0; i < 4 && (await speedPill(page).getAttribute('data-rate')) !== String(rate); i++) await speedPill(page).click();
  await expect(speedPill(page)).toHaveAttribute('data-rate', String(rate));
}

/** Answers GET /api/auth/premium-status as the server would for a member with `days` of premium left. */
async function answerPremium(page: Page, days: number) {
  await page.route('**/api/auth/premium-status', (route) =>
    route.fulfill({
      json: { isPremium: true, endDate: new Date(START.getTime() + days * DAY_MS - 3_600_000).toISOString(), daysRemaining: days },
    }),
  );
}

test.describe('premium and the 2x trial', () => {
  test.beforeEach(async ({ request }) => {
    await catalogue(request);
  });

  test('L-1-09 L-4.2-10 L-4.1-08 L-4.1-09 L-4.1-10 L-4.1-11 L-4.1-12 L-3-22 L-4.2-09: a free member starts the one-time 24-hour trial at 2x, sees hours and minutes count down, loses 2x at zero and cannot start it again', async ({
    page,
    demo: _demo,
  }) => {
    await page.clock.install({ time: START });
    const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/premium-status');
    await page.goto('/');
    expect(await (await status).json()).toMatchObject({ isPremium: false });
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1');
    await expect(trialLabel(page)).toHaveCount(0);

    await cycleTo(page, 2);
    await expect(toastWith(page, '2倍速のお試しを開始しました')).toBeVisible();
    await expect(trialLabel(page)).toHaveText(/お試し残り (23時間59分|24時間0分)/);
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(2);
    const start = Number(await stored(page, 'mugen_trial_start'));
    expect(Number(await stored(page, 'mugen_trial_expiry')) - start).toBe(DAY_MS);
    expect(await stored(page, 'mugen_playback_rate')).toBe('2');

    // The label follows the clock minute by minute.
    await page.clock.fastForward('01:00:00');
    await expect(trialLabel(page)).toHaveText(/お試し残り 22時間59分/);
    await page.clock.fastForward('01:00');
    await expect(trialLabel(page)).toHaveText(/お試し残り 22時間58分/);

    // The track page shows the same time left beside its speed selector.
    await page.getByTestId('hero-player').locator('[data-title]').first().waitFor();
    const trackId = await page.getByTestId('hero-player').getAttribute('data-track-id');
    await page.goto(`/track/${trackId}`);
    await expect(page.getByTestId('track-detail').getByTestId('trial-remaining')).toHaveText(/お試し残り 2[23]時間5\d分/);
    await expect(page.getByRole('radio', { name: '2倍速' })).toHaveAttribute('data-state', 'on');
    await page.goBack();

    // At zero the trial ends: its keys are cleared, the label goes and 2x drops to 1x.
    await page.clock.fastForward('23:00:00');
    await expect(trialLabel(page)).toHaveCount(0);
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1');
    await expect(toastWith(page, '2倍速のお試し期間が終了しました')).toBeVisible();
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(1);
    expect(await stored(page, 'mugen_trial_expiry')).toBeNull();
    expect(await stored(page, 'mugen_trial_start')).toBeNull();
    expect(await stored(page, 'mugen_playback_rate')).toBe('1');

    // The trial is one-time: 2x is skipped back to 1x, with the way to premium.
    await speedPill(page).click();
    await speedPill(page).click();
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1.5');
    await speedPill(page).click();
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1');
    const refused = toastWith(page, '2倍速はプレミアム会員限定です');
    await expect(refused).toBeVisible();
    await expect(trialLabel(page)).toHaveCount(0);
    expect(await stored(page, 'mugen_trial_expiry')).toBeNull();
    await refused.getByRole('link', { name: 'プレミアムを見る' }).click();
    await expect(page).toHaveURL(/\/premium$/);

    // Nor does the track page's selector give 2x, after a reload either.
    await page.goto(`/track/${trackId}`);
    await page.getByRole('radio', { name: '2倍速' }).click();
    await expect(toastWith(page, '2倍速はプレミアム会員限定です')).toBeVisible();
    await expect(page.getByRole('radio', { name: '1倍速' })).toHaveAttribute('data-state', 'on');
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(1);
  });

  test('L-4.1-11 L-3-23: a remembered 2x whose trial ran out while the app was closed opens at 1x', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/');
    await cycleTo(page, 2);
    await expect(trialLabel(page)).toBeVisible();
    await page.clock.setSystemTime(new Date(START.getTime() + DAY_MS + 60_000));
    await page.reload();
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1');
    await expect(trialLabel(page)).toHaveCount(0);
    expect(await stored(page, 'mugen_trial_expiry')).toBeNull();
    expect(await stored(page, 'mugen_trial_used')).toBe('true');
  });

  test('L-4.1-01 L-2.4-25 L-2.4-28 L-3-22: a premium member cycles through 2x without a trial, gets the yellow theme colour and sees the days left in the menu', async ({
    page,
    demo: _demo,
  }) => {
    await page.clock.install({ time: START });
    await answerPremium(page, 12);
    await page.goto('/');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#facc15');
    await expect(page.locator('html')).toHaveClass(/\bpremium\b/);

    await cycleTo(page, 2);
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(2);
    await expect(trialLabel(page)).toHaveCount(0);
    expect(await stored(page, 'mugen_trial_start')).toBeNull();
    expect(await stored(page, 'mugen_trial_used')).toBeNull();
    expect(await stored(page, 'mugen_premium')).toBe('true');
    expect(await stored(page, 'mugen_premium_expiry')).toBe(new Date(START.getTime() + 12 * DAY_MS - 3_600_000).toISOString());
    await speedPill(page).click();
    await expect(speedPill(page)).toHaveAttribute('data-rate', '1');

    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('premium-member-label')).toHaveText(/プレミアム会員.*残り12日/);
  });

  test('L-2.4-26 L-4.1-02: a free member keeps the white theme colour, and premium status is asked again when the window comes back', async ({
    page,
    demo: _demo,
  }) => {
    const asked = recordRequests(page, '/api/auth/premium-status');
    await page.goto('/');
    await expect.poll(() => asked.length).toBe(1);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    await page.getByTestId('menu-button').click();
    await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
    await expect(page.getByTestId('premium-member-label')).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const state of ['hidden', 'visible']) {
      await page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }, state);
    }
    await expect.poll(() => asked.length).toBe(2);
  });

  test('L-4.1-03 L-4.1-04: without an answer from the server the cached premium flags are used, and expired ones are cleared', async ({
    page,
    demo: _demo,
  }) => {
    await page.clock.install({ time: START });
    await page.route('**/api/auth/premium-status', (route) => route.fulfill({ status: 503, json: { message: '一時的に利用できません' } }));
    const valid = new Date(START.getTime() + 5 * DAY_MS).toISOString();
    await page.addInitScript(
      ([expiry]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('mugen_premium', 'true');
        localStorage.setItem('mugen_premium_expiry', expiry);
      },
      [valid],
    );
    await page.goto('/');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#facc15');
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('premium-member-label')).toHaveText(/残り5日/);
    await page.keyboard.press('Escape');
    expect(await stored(page, 'mugen_premium')).toBe('true');

    // Six days later the cached premium has expired: it is cleared and the member is free.
    await page.clock.setSystemTime(new Date(START.getTime() + 6 * DAY_MS));
    await page.reload();
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    await expect.poll(() => stored(page, 'mugen_premium')).toBeNull();
    expect(await stored(page, 'mugen_premium_expiry')).toBeNull();
  });
});
