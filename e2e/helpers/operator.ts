import { expect, type Page } from '@playwright/test';

/** The operator account scripts/serve-e2e.mjs gives the journeys' server. */
export const OPERATOR = { username: 'operator', password: 'e2e-operator-password' } as const;

/** Signs the page's browser in to the admin console through POST /api/admin/login (its own cookie). */
export async function signInAsOperator(page: Page, opts: { remember?: boolean } = {}) {
  const res = await page.request.post('/api/admin/login', { data: { ...OPERATOR, remember: opts.remember ?? false } });
  expect(res.status()).toBe(200);
}

/** Signs in through the console's form, as an operator would. */
export async function signInThroughForm(page: Page, opts: { remember?: boolean } = {}) {
  await page.getByLabel('ユーザー名').fill(OPERATOR.username);
  await page.getByLabel('パスワード', { exact: true }).fill(OPERATOR.password);
  if (opts.remember) await page.getByLabel(/ログイン情報を保存/).check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}
