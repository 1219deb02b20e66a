import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What vite.config.ts's paintFirst() and precacheManifest() make of a real build
// (docs/decisions/0012-first-paint.md, docs/decisions/0009-pwa.md).
let outDir: string;
let html: string;
let assets: string[];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mugen-build-'));
  // The production build as `npm run build` makes it: vitest sets NODE_ENV=test, which Vite would
  // otherwise hand to React (its development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  assets = fs.readdirSync(path.join(outDir, 'assets'));
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the built index.html', () => {
  it('carries the stylesheet inline, and no stylesheet file is left', () => {
    expect(html).toMatch(/<style>\/\*! tailwindcss/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(assets.filter((f) => f.endsWith('.css'))).toEqual([]);
  });

  it('has no script tag the parser would fetch before the first paint; the loader asks for the entry and the app', () => {
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const tags: [string, string][] = JSON.parse(/const tags = (\[.*?\]);/.exec(html)?.[1] ?? '[]');
    const scripts = tags.filter(([kind]) => kind === 'script').map(([, url]) => url);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const urls = tags.map(([, url]) => url.replace('/assets/', ''));
    for (const chunk of ['react-dom-', 'start-', 'query-'])
      expect(
        urls.some((u) => u.startsWith(chunk)),
        chunk,
      ).toBe(true);
    for (const url of urls) expect(assets).toContain(url);
    expect(html).toContain('requestAnimationFrame(() => setTimeout(start, 0));');
  });

  it("#27.5 the home route downloads the entry, the three libraries, the app's start and the runtime: at most 150 kB gzip", () => {
    const tags: [string, string][] = JSON.parse(/const tags = (\[.*?\]);/.exec(html)?.[1] ?? '[]');
    const urls = [...new Set(tags.map(([, url]) => url))];
    expect(urls.map((u) => /^\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(u)?.[1]).sort()).toEqual([
      'index',
      'query',
      'react',
      'react-dom',
      'rolldown-runtime',
      'start',
    ]);
    const gzip = urls.reduce((sum, u) => sum + gzipSync(fs.readFileSync(path.join(outDir, u))).length, 0);
    expect(gzip).toBeLessThanOrEqual(150_000);
  });

  it('names the precache version after the entry chunk, as the page registers the worker', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'precache-manifest.json'), 'utf8'));
    const entry = /\["script","\/assets\/(index-[\w-]+)\.js"\]/.exec(html)?.[1];
    expect(manifest.version).toBe(entry);
    expect(manifest.urls).toContain('/index.html');
    expect(manifest.urls.filter((u: string) => u.endsWith('.css'))).toEqual([]);
  });
});
