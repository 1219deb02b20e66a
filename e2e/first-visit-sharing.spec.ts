import type { Page } from '@playwright/test';
import { playlistShareUrl } from '../src/shared/rules/playlist-form';
import { lineShareUrl, trackShareUrl } from '../src/shared/rules/share';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import { catalogue } from './helpers/listener';

// Issue 20: sharing uses the share sheet, LINE and copy with the public address.

/**
 * Rewrites the public origin the server writes into app pages, as a server with PUBLIC_URL would. The
 * tests that use it block the service worker, whose own fetch of a page would pass by the route.
 */
async function withPublicUrl(page: Page, origin: string) {
  const seen: string[] = [];
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document' || new URL(route.request().url()).pathname.startsWith('/api/'))
      return route.fallback();
    const res = await route.fetch();
    const html = await res.text();
    const meta = /<meta name="mugen-public-origin" content="([^"]*)"/.exec(html);
    seen.push(meta?.[1] ?? 'none');
    await route.fulfill({
      response: res,
      body: meta ? html.replace(meta[0], `<meta name="mugen-public-origin" content="${origin}"`) : html,
    });
  });
  return seen;
}

const PUBLIC = 'https://mugen.example.jp';

test.describe('sharing on a phone: the share sheet and LINE, with the public address', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('#20: a track, a public playlist and an invitation are shared with PUBLIC_URL, never the listening address', async ({
    page,
    request,
    baseURL,
    newcomer,
  }) => {
    const served = await withPublicUrl(page, PUBLIC);
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: ShareData[] };
      w.__shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          w.__shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const shared = () => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);

    // A track.
    const [track] = await catalogue(request);
    await page.goto(`/track/${track.id}`);
    const actions = page.getByTestId('track-detail').getByTestId('share-actions');
    await actions.getByTestId('share-native').click();
    const trackUrl = trackShareUrl(PUBLIC, track);
    await expect.poll(shared).toEqual([{ title: track.title, text: `「${track.title}」を無限で聴いてみませんか`, url: trackUrl }]);
    await expect(actions.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(trackUrl));
    await expect(actions.getByTestId('share-line')).toHaveAttribute('target', '_blank');
    await expect(actions.getByTestId('share-line')).toHaveAccessibleName(/LINEで送る/);

    // A public playlist (a free member's playlists are public).
    const res = await page.request.post('/api/playlists', { data: { name: '週末に聴く音声' } });
    expect(res.status()).toBe(201);
    const playlist: Playlist = await res.json();
    await page.goto(`/playlists/${playlist.id}`);
    const hero = page.getByTestId('playlist-hero');
    await hero.getByTestId('share-native').click();
    const playlistUrl = playlistShareUrl(PUBLIC, { ...playlist, userId: newcomer.id });
    expect(playlistUrl).toBe(`${PUBLIC}/${newcomer.id}/playlist/${playlist.id}`);
    await expect.poll(async () => (await shared()).at(-1)?.url).toBe(playlistUrl);
    await expect(hero.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(playlistUrl));

    // An invitation that can still be used.
    await page.goto('/invite-friends');
    const usable = page.locator('[data-testid="invitation-row"][data-state="usable"]').first();
    const code = await usable.getAttribute('data-code');
    await expect(usable).toContainText(`${PUBLIC}/i/${code}`);
    await usable.getByTestId('share-native').click();
    await expect
      .poll(async () => (await shared()).at(-1))
      .toEqual({
        title: '無限への招待',
        text: '無限に招待します。このリンクから登録できます',
        url: `${PUBLIC}/i/${code}`,
      });
    await expect(usable.getByTestId('share-line')).toHaveAttribute('href', lineShareUrl(`${PUBLIC}/i/${code}`));
    // A used or stopped code offers no sharing.
    await expect(page.locator('[data-testid="invitation-row"]:not([data-state="usable"]) [data-testid="share-actions"]')).toHaveCount(0);
    // Each of the three pages came with the server's meta tag, which the route replaced.
    expect(served).toEqual([baseURL, baseURL, baseURL]);
  });
});

test.describe('sharing on a desktop without a share sheet: LINE and copy', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('L-8-36 #20: copy is the fallback, with the public address and its toast', async ({ page, request, clipboard: _clipboard }) => {
    await withPublicUrl(page, PUBLIC);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    const [track] = await catalogue(request);
    await page.goto(`/track/${track.id}`);
    const actions = page.getByTestId('track-detail').getByTestId('share-actions');
    await expect(actions.getByTestId('share-line')).toBeVisible();
    await expect(actions.getByTestId('share-native')).toHaveCount(0);
    await actions.getByTestId('share-copy').click();
    await expect(page.getByRole('status').filter({ hasText: 'URLをコピーしました' })).toContainText(trackShareUrl(PUBLIC, track));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackShareUrl(PUBLIC, track));
    await expect(actions.getByTestId('share-copy')).toHaveAttribute('data-copied', 'true');
  });
});
