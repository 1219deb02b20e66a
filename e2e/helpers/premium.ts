import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { animationsDone } from './waits';

/** Helpers of the premium journeys (issue 17), with the demo checkout. */

/** A date as the pages write it (formatDateJa): 2026年12月27日, in Japan's time. */
export const jaDate = (d: string | Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(d));
export const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
export const themeColor = (page: Page) => page.locator('meta[name="theme-color"]');
export const speedPill = (page: Page) => page.getByTestId('hero-player').getByRole('button', { name: /^再生速度/ });

export async function premiumStatus(page: Page): Promise<{ isPremium: boolean; endDate: string | null; daysRemaining: number }> {
  const res = await page.request.get('/api/auth/premium-status');
  expect(res.status()).toBe(200);
  return res.json();
}

/** axe-core's serious and critical violations of the page (WCAG 2.1 A and AA), as e2e/a11y.spec.ts scans. */
export async function seriousViolations(page: Page) {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`);
}

/** /premium's card step as a signed-in member: the clearly labelled test form, prefilled with the test card. */
export async function openTestForm(page: Page) {
  await page.goto('/premium');
  const form = page.getByTestId('demo-card-form');
  await expect(form).toContainText('テスト用の決済フォーム');
  await expect(form).toContainText('実際の請求は発生しません');
  await expect(form.getByLabel('カード番号')).toHaveValue('4242 4242 4242 4242');
  return form;
}

/** Pays with the test card and lands on /premium-success; `scanForm` looks at the form first. */
export async function buyPremium(page: Page, { scanForm = false } = {}) {
  const form = await openTestForm(page);
  if (scanForm) expect(await seriousViolations(page), '/premium with the test form').toEqual([]);
  await form.getByRole('button', { name: '550円を支払って登録する' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/premium-success');
  await expect(page.getByRole('heading', { level: 1, name: 'プレミアム会員になりました' })).toBeVisible();
  await expect.poll(async () => (await premiumStatus(page)).isPremium).toBe(true);
}
