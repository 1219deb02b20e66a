import fs from 'node:fs';
import { CookieConsentBanner } from '@web/features/consent/components/cookie-consent-banner';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../shared/constants';

// The inline theme script in index.html cannot import constants, so this keeps its key in step.
const html = fs.readFileSync(new URL('./index.html', import.meta.url), 'utf8');
const manifest = JSON.parse(fs.readFileSync(new URL('../../public/manifest.webmanifest', import.meta.url), 'utf8'));

describe('index.html (L-2.4-24, L-2.4-26)', () => {
  it('is Japanese, fits the notch and applies the stored theme before paint', () => {
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('viewport-fit=cover');
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}') === 'dark'`);
    expect(html).toMatch(/<meta name="theme-color" content="#ffffff"/);
  });

  it('asks for the catalogue early on home with the persisted user id header of api.ts', () => {
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.persistedUserId}')`);
    expect(html).toContain("window.__mugenEarly = { '/api/tracks': fetch('/api/tracks'");
  });

  it('links a manifest whose icons exist', () => {
    expect(html).toContain('href="/manifest.webmanifest"');
    expect(manifest).toMatchObject({ name: '無限', short_name: '無限', start_url: '/', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = new URL(`../../public${icon.src}`, import.meta.url);
      expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('paints the cookie banner of the app as static markup on a first visit (L-2.4-12)', () => {
    const section = html.match(/<section id="static-consent"[\s\S]*?<\/section>/)?.[0] ?? '';
    // What only the static copy has: its id, hidden until the script shows it, and each button's choice.
    const staticMarkup = section.replace(/>\s+</g, '><').replace(/ (id|data-choice)="[^"]*"| hidden/g, '');
    const app = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(CookieConsentBanner))).replace(
      / data-(testid|discover)="[^"]*"/g,
      '',
    );
    expect(staticMarkup).toBe(app);
    expect(section.match(/data-choice="(\w+)"/g)).toEqual([
      'data-choice="essential"', // the close button means essential only
      'data-choice="all"',
      'data-choice="essential"',
      'data-choice="custom"',
    ]);
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.cookieConsent}') !== 'true'`);
    expect(html).toContain(`localStorage.setItem('${STORAGE_KEYS.cookieConsent}', 'true')`);
    expect(html).toContain(`localStorage.setItem('${STORAGE_KEYS.analyticsConsent}', String(choice === 'all'))`);
  });
});
