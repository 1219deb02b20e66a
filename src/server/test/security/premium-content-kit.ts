import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { createTestApp, insertTrack, insertUser, sessionCookie, type TestApp } from '../app';

// What the tests of issue 36.4 and 36.6 share (who may have a premium-only or hidden track's content):
// an app that serves its pages (the social card), the five kinds of caller and the poster's tracks.

/** What the premium-only track says: words no other track holds, so any answer that quotes them is a leak. */
export const LOCKED_SCRIPT = 'ハルカ：土星の環は氷でできています\nケンタ：限定の話題ですね';
export const LOCKED_CLAIM = { text: '土星の環は氷でできています', line: 0, status: 'verified' as const, sources: [] };
export const HIDDEN_SCRIPT = 'ハルカ：非公開の秘密の話です';

export interface PremiumContentSuite {
  t: TestApp;
  /** The poster of every track below: a free member. */
  poster: { id: string; cookie: string };
  premium: string;
  free: string;
  /** An operator's console session, no member. */
  admin: string;
  /** The poster's premium-only track (140 s, category 天文), its claims kept. */
  locked: { id: number; title: string };
  /** The poster's hidden track (140 s). */
  hidden: { id: number };
  /** The poster's track anyone may hear (140 s). */
  open: { id: number; title: string };
}

/**
 * Fills the suite in the file's beforeAll and closes it in its afterAll. `webDir` holds a minimal
 * index.html, so the app serves its pages with their social card.
 */
export function premiumContentSuite(): PremiumContentSuite {
  const s = {} as PremiumContentSuite;
  let webDir = '';
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-premium-content-'));
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>無限 Mugen</title><meta name="description" content="x" /></head><body></body></html>',
    );
    s.t = await createTestApp({}, { webDir });
    const poster = await insertUser(s.t.db, { name: '投稿者' });
    s.poster = { id: poster.id, cookie: await sessionCookie(s.t.db, { userId: poster.id }) };
    const premium = await insertUser(s.t.db, { isPremium: true, premiumEndDate: new Date(Date.now() + 30 * DAY_MS) });
    s.premium = await sessionCookie(s.t.db, { userId: premium.id });
    s.free = await sessionCookie(s.t.db, { userId: (await insertUser(s.t.db)).id });
    s.admin = await sessionCookie(s.t.db, { isAdmin: true });
    const mine = { userId: poster.id, createdBy: poster.id, duration: 140 };
    s.locked = await insertTrack(s.t, {
      ...mine,
      title: '限定の星空談義',
      category: '天文',
      isPremiumOnly: true,
      script: LOCKED_SCRIPT,
      claims: [LOCKED_CLAIM],
    });
    s.hidden = await insertTrack(s.t, { ...mine, title: '非公開の談義', isVisible: false, script: HIDDEN_SCRIPT });
    s.open = await insertTrack(s.t, { ...mine, title: 'みんなの談義', category: 'ニュース', script: 'ハルカ：誰でも聴ける話です' });
  });
  afterAll(async () => {
    await s.t?.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });
  return s;
}

/** A GET as a browser page makes it, with this cookie (none: a visitor). */
export const getAs = (s: PremiumContentSuite, url: string, cookie?: string, headers: Record<string, string> = {}) =>
  s.t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
