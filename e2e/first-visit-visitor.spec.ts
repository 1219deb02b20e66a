import type { Playlist } from '../src/shared/schemas/playlist';
import { WIDTHS } from './helpers/first-visit';
import { expect, test } from './helpers/fixtures';
import { catalogue } from './helpers/listener';
import { requestsSettled } from './helpers/waits';

// Issue 20: the development chooser looks like the product, a signed-out visitor's console stays clean,
// My Page's posted tracks have their add-to-playlist menu.

for (const { name, viewport } of WIDTHS) {
  test.describe(`the development sign-in chooser on a ${name}`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } });

    test(`#20: it looks like the product, with the header, a back link and wrapped text, and the browser reports nothing (${name})`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
      });
      await page.goto('/api/auth/dev?redirect=%2Fsearch');
      await expect(page.getByRole('heading', { level: 1, name: '開発用ログイン' })).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: /ホーム/ })).toHaveAttribute('href', '/');
      await expect(header).toContainText('無限');
      await expect(page.getByRole('link', { name: '戻る' })).toHaveAttribute('href', '/search');
      await expect(page.getByRole('button', { name: /デモユーザー/ })).toBeVisible();
      // Nothing wider than the screen, and the stylesheet applied (the header is the app's 56 px bar).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect((await header.boundingBox())?.height).toBe(57);
      await requestsSettled(page);
      expect(problems).toEqual([]);

      await page.getByRole('link', { name: '戻る' }).click();
      await expect(page).toHaveURL(/\/search$/);
    });
  });
}

test.describe('a signed-out visitor', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("#20: no page logs an error beyond the browser's note of the user check's 401", async ({ page, request }) => {
    const [track] = await catalogue(request);
    // The browser notes every answer of 400 and above itself. Expected: the user check's 401 (signed out),
    // and on a page of nobody (/no-such-page) the 404 of that user, which the page shows as not found.
    const expected = (status: number, url: string) => {
      const path = new URL(url).pathname;
      return (status === 401 && path === '/api/auth/user') || (status === 404 && path === '/api/users/no-such-page');
    };
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const from = m.location().url;
      const status = /status of (\d{3})/.exec(m.text())?.[1];
      if (status && expected(Number(status), from)) return;
      problems.push(`${page.url()}: ${m.text()} (${from})`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400 && !expected(r.status(), r.url())) problems.push(`${r.status()} ${r.url()}`);
    });
    const pages = [
      '/',
      '/search',
      `/track/${track.id}`,
      `/mugen/track/${track.id}`,
      '/mugen',
      '/playlists',
      '/favorites',
      '/profile',
      '/notifications',
      '/create-post',
      '/invite-friends',
      '/premium',
      '/closed-beta',
      '/invalid-invitation',
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await requestsSettled(page);
    }
    expect(problems).toEqual([]);
  });
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`My Page's posted tracks on a ${name}`, () => {
    test.use({ viewport });

    test(`L-2.7-31 L-2.7-32 L-2.7-33 L-8-30 #20: each row has the visibility toggle, the add-to-playlist menu and delete; a failed change says the spec's words (${name})`, async ({
      page,
      demo: _demo,
    }) => {
      const mine = await (await page.request.get('/api/my-tracks')).json();
      expect(mine.length, 'the demo member has posted tracks').toBeGreaterThan(0);
      await page.goto('/profile?tab=my-tracks');
      const rows = page.getByTestId('my-track-row');
      await expect(rows).toHaveCount(mine.length);
      for (const row of await rows.all()) {
        // The add-to-playlist menu sits between the visibility toggle and delete (listener spec 2.7).
        const ids = await row.locator('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));
        const controls = ids.filter((id) => id === 'visibility-toggle' || id === 'add-to-playlist-button' || id === 'delete-track');
        expect(controls).toEqual(['visibility-toggle', 'add-to-playlist-button', 'delete-track']);
      }
      const playlists: Playlist[] = await (await page.request.get('/api/playlists')).json();
      await rows.first().getByTestId('add-to-playlist-button').click();
      const panel = viewport.width >= 768 ? page.getByTestId('add-to-playlist-popover') : page.getByRole('dialog');
      await expect(panel.getByTestId('create-playlist-option')).toBeVisible();
      await expect(panel.getByTestId('playlist-choice')).toHaveCount(playlists.length);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page.route('**/api/tracks/*/visibility', (route) =>
        route.fulfill({ status: 403, json: { message: 'この音声を変更する権限がありません' } }),
      );
      await rows.first().getByTestId('visibility-toggle').click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByRole('button', { name: mine[0].isVisible === true ? '非公開にする' : '公開する' }).click();
      const failure = page.getByRole('status').filter({ hasText: 'エラー' });
      await expect(failure).toContainText('公開状態の変更に失敗しました');
      await expect(failure).not.toContainText('権限がありません');
    });
  });
}
