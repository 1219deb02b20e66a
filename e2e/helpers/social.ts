import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page, request } from '@playwright/test';
import type { Track } from '../../src/shared/schemas/track';
import { touchGesture } from './touch';

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
  expect(code, 'an unused invitation code of the demo member').toMatch(/^[A-Z2-9]{8}$/);
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
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user;
}

/** An API context signed in as `email`: another member acting while the page is someone else. */
export async function apiAs(email: string, name?: string): Promise<{ api: APIRequestContext; me: Member }> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const res = await devLogin(api, email, name);
  expect(res.status(), await res.text()).toBe(200);
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

/**
 * A press held until the page picks the row up (its `data-dragging`), then moved to `to` and put down.
 * `hold: false` is a quick swipe that starts moving at once: the page must scroll, never pick the row up.
 */
export async function longPressDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, { hold = true } = {}) {
  await touchGesture(page, {
    from,
    to,
    moveMs: hold ? 360 : 120,
    steps: 12,
    heldWhen: hold ? page.locator('[data-dragging="true"]') : undefined,
    restMs: hold ? 150 : 0,
  });
}

/** A finger pulling down from `y` by `dy` px, then letting go. */
export async function pullDown(page: Page, x: number, y: number, dy: number) {
  await touchGesture(page, { from: { x, y }, to: { x, y: y + dy }, moveMs: 200, steps: 10 });
}
