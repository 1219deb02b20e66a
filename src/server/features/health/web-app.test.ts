import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

// The built web app is served with a fallback to index.html for app routes, immutable caching for
// hashed assets, and compression.
let t: TestApp;
let webDir: string;
const bigScript = `console.log(${JSON.stringify('無限'.repeat(5000))});`;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html lang="ja"><body><div id="root"></div></body></html>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), bigScript);
  await fs.writeFile(path.join(webDir, 'manifest.webmanifest'), '{"name":"無限"}');
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

  it('answers a missing asset or API path with a 404, never index.html', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });
});
