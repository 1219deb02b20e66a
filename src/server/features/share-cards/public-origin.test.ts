import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ORIGIN_META } from '../../../shared/rules/share';
import { createTestApp, insertTrack, type TestApp } from '../../test/app';

// Shared links use PUBLIC_URL, never the address the server listens on (issue 20): the server gives
// every app page the public origin in a meta tag, which the page's share buttons read.
let webDir: string;
const apps: TestApp[] = [];

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-web-origin-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="ja"><head><title>無限 Mugen</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const metaOf = (html: string) => new RegExp(`<meta name="${PUBLIC_ORIGIN_META}" content="([^"]*)"`).exec(html)?.[1];

describe('the public origin in every app page (#20)', () => {
  it("is PUBLIC_URL's origin, whatever host the request came to", async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://mugen.example.jp/app/' }, { webDir });
    apps.push(t);
    const tr = await insertTrack(t, { title: '共有される音声' });
    for (const url of ['/', `/mugen/track/${tr.id}`, '/invite-friends', '/playlists/1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.5:3000', accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body), url).toBe('https://mugen.example.jp');
      expect(res.body).not.toContain('10.0.0.5');
    }
  });

  it('#36.9 is http://localhost and the configured port without PUBLIC_URL, never the Host the request names', async () => {
    const t = await createTestApp({ PUBLIC_URL: '', PORT: '4321' }, { webDir });
    apps.push(t);
    const tr = await insertTrack(t, { title: 'ホストを名乗る' });
    // The site's card for a page without its own (its address is the site's), a track's card for the track's page.
    for (const [url, page] of [
      ['/search', '/'],
      [`/mugen/track/${tr.id}`, `/mugen/track/${tr.id}`],
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(metaOf(res.body), url).toBe('http://localhost:4321');
      expect(/<meta property="og:url" content="([^"]*)"/.exec(res.body)?.[1], url).toBe(`http://localhost:4321${page}`);
      expect(/<meta property="og:image" content="([^"]*)"/.exec(res.body)?.[1], url).toBe('http://localhost:4321/icons/og-image.png');
      expect(res.body, url).not.toContain('evil.example');
    }
  });
});
