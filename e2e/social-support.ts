import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page, request } from '@playwright/test';
import type { Track } from '../src/shared/schemas/track';

/**
 * Helpers of the social and playlist journeys: members signed in through the development sign-in, and
 * API contexts that act as another member while the page is someone else.
 */

export const DEMO_EMAIL = 'demo@example.com';
/** The one member these journeys register (once per server; later runs sign in again). */
export const LISTENER = { email: 'e2e-listener@example.com', name: 'テスト聴き手' };

async function devLogin(api: APIRequestContext, email: string, name?: string) {
  const first = await api.post('/api/auth/dev-login', { data: { email } });
  if (first.ok()) return first;
  // A new member needs an invitation: one of the demo member's active codes.
  const demo = await request.newContext({ baseURL: BASE_URL });
  await demo.post('/api/auth/dev-login', { data: { email: DEMO_EMAIL } });
  const codes: { code: string; usedCount: number; maxUses: number; isActive: boolean }[] = await (
    await demo.get('/api/invitations/my')
  ).json();
  await demo.dispose();
  const code = codes.find((c) => c.isActive && c.usedCount < c.maxUses)?.code;
  expect(code, 'an unused invitation code of the demo member').toBeTruthy();
  return api.post('/api/auth/dev-login', { data: { email, name, invitationCode: code } });
}

/** The server of the run, as playwright.config.ts computes it. */
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

export interface Member {
  id: string;
  customUserId: string | null;
  name: string;
}

/** Signs the page's browser context in as `email` (registering the member first if needed). */
export async function signInAs(page: Page, email: string, name?: string): Promise<Member> {
  const res = await devLogin(page.request, email, name);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).user;
}

/** An API context signed in as `email`: another member acting while the page is someone else. */
export async function apiAs(email: string, name?: string): Promise<{ api: APIRequestContext; me: Member }> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const res = await devLogin(api, email, name);
  expect(res.ok(), await res.text()).toBe(true);
  return { api, me: (await res.json()).user };
}

/** A fresh browser context (own cookies) and its page. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo', ...options });
  return { context, page: await context.newPage() };
}

/** The demo member's own visible tracks (the demo member owns the non-official demo tracks). */
export async function demoTracks(api: APIRequestContext): Promise<Track[]> {
  let tracks: Track[] = [];
  await expect
    .poll(
      async () => {
        tracks = await (await api.get('/api/users/demo/tracks')).json();
        return tracks.length;
      },
      { timeout: 180_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThanOrEqual(1);
  return tracks;
}

/** The unread badge on the bottom navigation's 通知 item. */
export const unreadBadge = (page: Page) => page.getByTestId('badge-notifications');

/** A long press with a real finger, then a move to `to` and a release (Chrome DevTools touch events). */
export async function longPressDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, holdMs = 450) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  await page.waitForTimeout(holdMs);
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A finger pulling down from `y` by `dy` px, then letting go. */
export async function pullDown(page: Page, x: number, y: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * i) / steps }] });
    await page.waitForTimeout(20);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
