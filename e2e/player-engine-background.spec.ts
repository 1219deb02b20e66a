import { DAY_MS } from '../src/shared/constants';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import { audio, catalogue, expectHeroTrack, expectPlaying, initialTrack, openWithCatalogue, skipToEnd } from './helpers/listener';
import { blurWindow, hidePage, playButton, stillPlaying } from './helpers/player-engine';
import { requestsSettled } from './helpers/waits';

// The player engine of issue 4, continued: the background rule and PWA mode, playlist mode.

// Every journey here starts from the demo catalogue, made by the server on its first start.
test.beforeEach(async ({ request }) => {
  await catalogue(request);
});

test.describe('background rule and PWA mode (issue 4)', () => {
  test('L-4.2-18 L-4.2-19: a free listener stops when the page is hidden or the window loses focus, in PWA mode with the switch on too', async ({
    page,
    demo: _demo,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('pwa-background-play-enabled', 'true');
      sessionStorage.setItem('pwa-mode', 'true');
    });
    await page.goto('/');
    await playButton(page).click();
    await expectPlaying(page);
    await blurWindow(page);
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await playButton(page).click();
    await expectPlaying(page);
    await hidePage(page);
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
  });

  test('L-4.2-20: a premium member in PWA mode with background play on keeps playing when hidden; without PWA mode or the switch it stops', async ({
    page,
    demo: _demo,
  }) => {
    test.setTimeout(120_000);
    // No way to make a member premium exists yet (no purchase flow, no admin route): the member's answer
    // says premium, as the server will once a subscription exists. The rule itself is unit-tested.
    const premiumUntil = new Date(Date.now() + 30 * DAY_MS).toISOString();
    await page.route('**/api/auth/user', async (route) => {
      const res = await route.fetch();
      const user = await res.json();
      await route.fulfill({ response: res, json: { ...user, isPremium: true, premiumEndDate: premiumUntil } });
    });
    await page.route('**/api/auth/premium-status', (route) =>
      route.fulfill({ json: { isPremium: true, endDate: premiumUntil, daysRemaining: 30 } }),
    );
    await page.addInitScript(() => localStorage.setItem('pwa-background-play-enabled', 'true'));

    // Not in PWA mode: stops.
    await page.goto('/');
    await playButton(page).click();
    await expectPlaying(page);
    await blurWindow(page);
    await expect.poll(async () => (await audio(page)).paused).toBe(true);

    // PWA mode by a path under /pwa/ (L-4.2-14): keeps playing hidden and unfocused.
    await page.goto('/pwa/');
    // '/pwa/' itself ends with a slash: wait for the path to be '/', which the entry route sets after the flag.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('pwa-mode'))).toBe('true');
    await playButton(page).click();
    await expectPlaying(page);
    await blurWindow(page);
    await hidePage(page);
    await stillPlaying(page);

    // The switch off (read when the page hides): stops.
    await page.evaluate(() => {
      localStorage.setItem('pwa-background-play-enabled', 'false');
      window.dispatchEvent(new Event('blur'));
    });
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
  });

  test('L-4.2-14 L-4.2-15 L-4.2-16 L-4.2-17 L-3-27: in PWA mode with autoplay on, playback starts by itself 2 s after load, once per session', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('pwa-autoplay-enabled', 'true');
      const w = window as unknown as { __playingAt?: number };
      document.addEventListener('playing', () => (w.__playingAt ??= performance.now()), true);
    });
    await page.goto('/pwa/');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectPlaying(page);
    const startedAt = await page.evaluate(() => (window as unknown as { __playingAt: number }).__playingAt);
    console.log(`[pwa autoplay] first sound ${Math.round(startedAt)} ms after navigation start`);
    expect(startedAt).toBeGreaterThanOrEqual(2000);
    expect(await page.evaluate(() => [sessionStorage.getItem('pwa-mode'), sessionStorage.getItem('pwa-has-autoplayed')])).toEqual([
      'true',
      'true',
    ]);

    // The session flag alone keeps PWA mode (L-4.2-15); autoplay has been done in this session: the
    // page's clock runs past the autoplay delay at once, and nothing plays.
    await page.clock.install();
    await page.reload();
    await expect(playButton(page)).toBeEnabled();
    await page.clock.runFor(3500);
    expect((await audio(page)).paused).toBe(true);
  });

  test('L-8-05 L-8-07 L-4.2-16: PWA autoplay refused by the browser (NotAllowedError) asks for a tap, and a tap plays', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('pwa-autoplay-enabled', 'true');
      // The browser's autoplay policy, as on a phone: play() without a user gesture is refused.
      const play = HTMLMediaElement.prototype.play;
      let gesture = false;
      document.addEventListener('pointerdown', () => (gesture = true), true);
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!gesture) return Promise.reject(new DOMException("play() failed because the user didn't interact", 'NotAllowedError'));
        return play.call(this);
      };
    });
    await page.goto('/pwa/');
    const hero = page.getByTestId('hero-player');
    await expect(hero.getByRole('alert')).toContainText('再生ボタンを押して再生してください');
    expect((await audio(page)).paused).toBe(true);
    await expect(playButton(page)).toBeEnabled();
    await playButton(page).click();
    await expectPlaying(page);
    await expect(hero.getByRole('alert')).toHaveCount(0);
  });

  test('L-4.2-16: without the autoplay switch, PWA mode does not start playing', async ({ page }) => {
    await page.clock.install();
    await page.goto('/pwa/');
    await expect(playButton(page)).toBeEnabled();
    await page.clock.runFor(3500);
    expect((await audio(page)).paused).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('pwa-has-autoplayed'))).toBeNull();
  });
});

test.describe('playlist mode (issue 4)', () => {
  test('L-4.2-06 L-4.2-03 L-4.2-04: a playlist stops after its last track; the radio wraps from the last track to the first', async ({
    page,
    request,
    demo: _demo,
  }) => {
    test.setTimeout(120_000);
    const tracks = await catalogue(request);
    const res = await page.request.post('/api/playlists', { data: { name: `終わり ${Date.now() % 100_000}` } });
    expect(res.status(), await res.text()).toBe(201);
    const p: Playlist = await res.json();
    try {
      const ids = [tracks[1].id, tracks[0].id];
      for (const trackId of ids)
        expect((await page.request.post(`/api/playlists/${p.id}/tracks`, { data: { trackId } })).status()).toBe(200);
      await page.clock.install();
      await page.goto(`/playlists/${p.id}`);
      await page.getByTestId('play-playlist').click();
      await expect.poll(async () => (await audio(page)).src).toBe(`/api/stream/${ids[0]}`);
      await skipToEnd(page);
      await expect.poll(async () => (await audio(page)).src, { timeout: 10_000 }).toBe(`/api/stream/${ids[1]}`);
      await skipToEnd(page);
      await expect.poll(async () => (await audio(page)).paused, { timeout: 10_000 }).toBe(true);
      await page.clock.runFor(1500);
      await requestsSettled(page);
      expect((await audio(page)).src).toBe(`/api/stream/${ids[1]}`);
      expect((await audio(page)).paused).toBe(true);
    } finally {
      await page.request.delete(`/api/playlists/${p.id}`);
    }

    // The radio: the last track of the catalogue ends and the first one plays.
    const shown = await openWithCatalogue(page);
    const n = shown.length;
    for (let i = shown.indexOf(initialTrack(shown)); i !== n - 1; i = (i - 1 + n) % n) {
      await expectHeroTrack(page, shown[i]);
      await page.getByRole('button', { name: '前の音声' }).click();
    }
    await expectHeroTrack(page, shown[n - 1]);
    await skipToEnd(page);
    await expectHeroTrack(page, shown[0]);
    await expectPlaying(page);
  });
});
