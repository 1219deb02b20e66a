import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

export interface Invitation {
  id: number;
  code: string;
  usedCount: number;
  maxUses: number;
  isActive: boolean;
}

/** A real PNG (solid colour), small enough to build here; the server re-encodes it by its content. */
export function pngBuffer(width = 16, height = 16, rgb: [number, number, number] = [47, 85, 140]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo member's invitation codes, read through its own session (the page's cookies are left signed out). */
export async function demoInvitations(page: Page): Promise<Invitation[]> {
  const res = await page.request.post('/api/auth/dev-login', { data: { email: 'demo@example.com' } });
  expect(res.status(), await res.text()).toBe(200);
  const list: Invitation[] = await (await page.request.get('/api/invitations/my')).json();
  await page.context().clearCookies();
  return list;
}

/** A code that can still register someone (the one with the most uses left). */
export async function usableCode(page: Page): Promise<string> {
  const usable = (await demoInvitations(page))
    .filter((i) => i.isActive && i.usedCount < i.maxUses)
    .sort((a, b) => b.maxUses - b.usedCount - (a.maxUses - a.usedCount));
  expect(usable.length, 'the demo member has a usable invitation code').toBeGreaterThan(0);
  return usable[0].code;
}

/** Registers a new member through the API with a usable demo code, signed in in this page's context. */
export async function signUpNewcomer(page: Page, name = 'テスト新規'): Promise<{ id: string; email: string }> {
  const code = await usableCode(page);
  const email = `newcomer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post('/api/auth/dev-login', { data: { email, name, invitationCode: code } });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = await res.json();
  return { id: user.id, email };
}

/** The toast with this text (by its markup: while a modal dialog is open, the rest of the page is aria-hidden). */
export function toastWith(page: Page, text: string | RegExp) {
  return page.locator('[data-variant]').filter({ hasText: text });
}

/** Requests to a path made from now on. */
export function recordRequests(page: Page, pathname: string | RegExp) {
  const seen: { method: string; url: string; body: string | null }[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (typeof pathname === 'string' ? p === pathname : pathname.test(p))
      seen.push({ method: r.method(), url: r.url(), body: r.postData() });
  });
  return seen;
}
