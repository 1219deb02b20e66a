import fs from 'node:fs';
import { MenuDrawer } from '@web/app/menu/menu-drawer';
import { AppHeader } from '@web/components/layout/app-header';
import { CookieConsentBanner } from '@web/features/consent/components/cookie-consent-banner';
import { CONSENT_ROOM } from '@web/features/consent/static-banner';
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

  /** The app's markup as React renders it, without what only the app has (test ids, the router's marks). */
  const rendered = (element: ReturnType<typeof createElement>) =>
    renderToStaticMarkup(createElement(MemoryRouter, null, element)).replace(/ data-(testid|discover)="[^"]*"/g, '');
  const compact = (markup: string) => markup.replace(/>\s+</g, '><');

  it('paints the complete app header, menu button included, before the app has loaded (#20)', () => {
    const header = html.match(/<header[\s\S]*?<\/header>/)?.[0] ?? '';
    expect(compact(header)).toBe(rendered(createElement(AppHeader, { menu: createElement(MenuDrawer) })));
    expect(header).toContain('aria-label="メニューを開く"');
    // A tap on it before the app has loaded is kept for the app (MenuDrawer opens the menu).
    expect(html).toContain(`document.querySelector('header button[aria-haspopup="dialog"]').addEventListener('click'`);
    expect(html).toContain('window.__mugenMenu = true;');
  });

  it('paints the cookie bar of the app as static markup on a first visit, in the flow under the header (L-2.4-12, #20)', () => {
    const section = html.match(/<section id="static-consent"[\s\S]*?<\/section>/)?.[0] ?? '';
    // What only the static copy has: its id, hidden until the script shows it, and each button's choice.
    const staticMarkup = compact(section).replace(/ (id|data-choice)="[^"]*"| hidden/g, '');
    expect(staticMarkup).toBe(rendered(createElement(CookieConsentBanner)));
    expect(section.match(/data-choice="(\w+)"/g)).toEqual([
      'data-choice="all"',
      'data-choice="essential"',
      'data-choice="custom"',
      'data-choice="essential"', // the close button means essential only
    ]);
    // Under the header, inside the page's column: it pushes the page down instead of covering it.
    expect(html.indexOf('<section id="static-consent"')).toBeGreaterThan(html.indexOf('</header>'));
    expect(html.indexOf('<section id="static-consent"')).toBeLessThan(html.indexOf('</div></div>'));
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.cookieConsent}') !== 'true'`);
    expect(html).toContain(`localStorage.setItem('${STORAGE_KEYS.cookieConsent}', 'true')`);
    expect(html).toContain(`localStorage.setItem('${STORAGE_KEYS.analyticsConsent}', String(choice === 'all'))`);
    expect(html).toContain(`root.style.setProperty('${CONSENT_ROOM}', \`\${banner.offsetHeight}px\`)`);
    expect(html).toContain(`root.style.removeProperty('${CONSENT_ROOM}')`);
  });
});
