import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../db/schema';
import { createTestApp, insertTrack, insertUser, type TestApp } from '../test/app';

// The built web app is served with a fallback to index.html for app routes, immutable caching for
// hashed assets, and compression.
let t: TestApp;
let webDir: string;
const bigScript = `console.log(${JSON.stringify('無限'.repeat(5000))});`;
// The built index.html carries the stylesheet inline (vite.config.ts).
const bigStyle = '.a{color:red}'.repeat(500);

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    `<!doctype html><html lang="ja"><head><title>無限 Mugen</title><meta name="description" content="x" /><style>${bigStyle}</style><script>document.documentElement.dataset.t = "1";</script></head><body><div id="root"></div></body></html>`,
  );
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), bigScript);
  await fs.writeFile(path.join(webDir, 'manifest.webmanifest'), '{"name":"無限"}');
  await fs.writeFile(path.join(webDir, 'service-worker.js'), "self.addEventListener('fetch', () => {});");
  await fs.writeFile(path.join(webDir, 'precache-manifest.json'), '{"version":"index-abc123","urls":["/index.html"]}');
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every app route, known or not, with index.html (the app renders its own 404)', async () => {
    for (const url of ['/', '/search?search=x', '/track/1', '/mugen/track/3', '/demo', '/a/b/c', '/playlists/9']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<html lang="ja">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("compresses the app routes' index.html (with its inline stylesheet)", async () => {
    for (const url of ['/', '/search']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.rawPayload.length).toBeLessThan(bigStyle.length / 10);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(bigStyle);
    }
    const gzip = await t.app.inject({ method: 'GET', url: '/track/1', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<html lang="ja">');
  });

  it('serves hashed assets with long-lived caching and compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(bigScript));
  });

  it('serves other static files without immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('L-7.6-05 L-4.12-01: serves the service worker uncached, as JavaScript, allowed by the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/service-worker.js?v=index-abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    // The browser must see a new build's worker at once: never served from the HTTP cache without asking.
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
    // The list of files the worker caches at install, also never stale.
    const list = await t.app.inject({ method: 'GET', url: '/precache-manifest.json' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.json()).toEqual({ version: 'index-abc123', urls: ['/index.html'] });
    // The offline fallback page the worker caches.
    const shell = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
  });

  it('answers a missing asset or API path with a 404, never index.html', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('social cards in the HTML (no JavaScript needed)', () => {
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it('gives a track page its title and Open Graph and X card metadata', async () => {
    const tr = await insertTrack(t, { title: '朝の<ニュース>&話', category: 'ニュース' });
    for (const url of [`/track/${tr.id}`, `/mugen/track/${tr.id}`]) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html).toContain('<title>朝の&#60;ニュース&#62;&#38;話 | 無限 Mugen</title>');
      expect(meta(html, 'og:title')).toBe('朝の&#60;ニュース&#62;&#38;話 | 無限 Mugen');
      expect(meta(html, 'og:image')).toMatch(/\/icons\/og-image\.png$/);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'og:url')).toMatch(new RegExp(`${url}$`));
    }
  });

  it('gives a public playlist its card on every public route, and a private one only the site card', async () => {
    const owner = await insertUser(t.db, { name: '選曲家', customUserId: 'dj_card' });
    const [pub] = await t.db
      .insert(playlists)
      .values({ userId: owner.id, name: '夜のプレイリスト', description: '眠る前に', publicSlug: 'dj-night' })
      .returning();
    const [priv] = await t.db
      .insert(playlists)
      .values({ userId: owner.id, name: '秘密のリスト', isPublic: false, publicSlug: 'dj-secret' })
      .returning();
    for (const url of ['/playlist/dj-night', '/u/dj_card/dj-night', `/dj_card/playlist/${pub.id}`, `/playlists/${pub.id}`]) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(meta(html, 'og:title'), url).toBe('夜のプレイリスト | 無限 Mugen');
      expect(meta(html, 'og:description')).toBe('眠る前に');
      expect(meta(html, 'twitter:title')).toBe('夜のプレイリスト | 無限 Mugen');
    }
    for (const url of ['/playlist/dj-secret', `/dj_card/playlist/${priv.id}`]) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html).not.toContain('秘密のリスト');
      expect(meta(html, 'og:title')).toBe('無限 Mugen');
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own scripts (and the inline theme script by hash), no framing, nosniff', async () => {
    for (const url of ['/', '/api/tracks', '/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://mugen-radio.jp' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});
