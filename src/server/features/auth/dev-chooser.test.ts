import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CHOOSER_TEXT } from '../../../shared/messages/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { devChooserPage } from './dev-chooser';

// The development chooser is the first page a newcomer sees (issue 20): it looks like the app and
// nothing on it is refused by its own Content-Security-Policy.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = (over: Partial<Parameters<typeof devChooserPage>[0]> = {}) =>
  devChooserPage({
    members: [{ name: 'デモ<ユーザー>', email: 'demo@example.com' }],
    target: '/?from_auth=true',
    back: '/',
    invitationCode: '',
    nonce: 'N0NCE',
    ...over,
  });

describe('the development account chooser (#20)', () => {
  it('has no style attribute and no element the nonce does not cover', () => {
    const html = page();
    expect(html).not.toMatch(/\sstyle=/);
    const styles = [...html.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(styles).toEqual([' nonce="N0NCE"']);
    expect(scripts).toEqual([' nonce="N0NCE"', ' nonce="N0NCE"']);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it("names the app's icon, so the browser asks for no missing /favicon.ico", () => {
    expect(page()).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it("has the app's header with the way home, a back link to where sign-in started, and the catalogue's words", () => {
    const html = page({ back: '/notifications' });
    expect(html).toMatch(/<header><div class="bar"><a class="home" href="\/">/);
    expect(html).toContain(`<span class="name">${DEV_CHOOSER_TEXT.productName}</span>`);
    expect(html).toContain(`<a class="back" href="/notifications" data-testid="dev-back">`);
    expect(html).toContain(`${DEV_CHOOSER_TEXT.back}</a>`);
    expect(html).toContain(`<title>${DEV_CHOOSER_TEXT.documentTitle}</title>`);
    // The names are escaped.
    expect(html).toContain('デモ&#60;ユーザー&#62;');
  });

  it('wraps its Japanese between phrases only (<wbr> and keep-all)', () => {
    const html = page();
    expect(html).toContain('word-break:keep-all');
    const note = /<p class="note">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(note.replaceAll('<wbr>', '')).toBe(DEV_CHOOSER_TEXT.note);
    expect(note).toContain('設定されていないため、<wbr>開発用の<wbr>');
  });

  it('is served with its nonce in the CSP, the back link naming the redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/dev?redirect=%2Fprofile%3Ftab%3Dplaylists' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    expect(res.body).toContain('<a class="back" href="/profile?tab=playlists"');
  });
});
