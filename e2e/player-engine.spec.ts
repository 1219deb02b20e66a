import type { APIRequestContext, Page } from '@playwright/test';
import { mediaMetadataFor } from '../src/shared/rules/player-media';
import type { Playlist } from '../src/shared/schemas/playlist';
import { expect, test } from './helpers/fixtures';
import {
  audio,
  catalogue,
  expectHeroTrack,
  expectPlaying,
  initialTrack,
  openWithCatalogue,
  seeded,
  skipToEnd,
  swipe,
} from './helpers/listener';
import { requestsSettled } from './helpers/waits';

// The player engine of issue 4: Media Session, the prepared next track, listening history and resume,
// audio errors, the background rule and PWA mode, playlist mode. No timed assertions: figures of the
// next-to-sound time come from bench/next-to-sound.ts.

type Details = { seekTime?: number; seekOffset?: number };

/** Keeps every Media Session action handler the app registers, so the test can press them like a lock screen. */
async function captureMediaSession(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __media: Record<string, ((d: object) => void) | null> };
    w.__media = {};
    const ms = navigator.mediaSession;
    const original = ms.setActionHandler.bind(ms);
    ms.setActionHandler = (action, handler) => {
      w.__media[action] = handler as ((d: object) => void) | null;
      original(action, handler);
    };
  });
}

function press(page: Page, action: string, details: Details = {}) {
  return page.evaluate(
    ([a, d]) => {
      const h = (window as unknown as { __media: Record<string, ((d: object) => void) | null> }).__media[a as string];
      if (!h) throw new Error(`no handler for ${a}`);
      h({ action: a, ...(d as object) });
    },
    [action, details] as const,
  );
}

const mediaSession = (page: Page) =>
  page.evaluate(() => {
    const m = navigator.mediaSession.metadata;
    return {
      title: m?.title,
      artist: m?.artist,
      artwork: m ? [...m.artwork].map((a) => new URL(a.src).pathname) : [],
      state: navigator.mediaSession.playbackState,
    };
  });

/** Makes the page look hidden (another tab, the screen off) and tells the app so. */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

const blurWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('blur')));

/** Waits some real playing time, then checks the audio is still going. */
async function stillPlaying(page: Page) {
  const at = (await audio(page)).currentTime;
  await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(at + 1);
  expect((await audio(page)).paused).toBe(false);
}

const playButton = (page: Page) => page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true });

type HistoryEntry = { trackId: number; duration: number; progressPercent: number; completed: boolean };

/**
 * Waits until the page has played `seconds` of audio, counted as the engine counts them: forward steps
 * of the position, never a jump (the resume of a track heard before moves the position part-way, maybe
 * after the test first read it).
 */
async function heardAtLeast(page: Page, seconds: number) {
  let last: number | null = null;
  let heard = 0;
  await expect
    .poll(
      async () => {
        const now = (await audio(page)).currentTime;
        if (last !== null && now > last && now - last <= 3) heard += now - last;
        last = now;
        return heard;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(seconds);
}

async function history(api: APIRequestContext, trackId: number): Promise<HistoryEntry[]> {
  const res = await api.get(`/api/user/listening-history?trackId=${trackId}`);
  expect(res.status()).toBe(200);
  return res.json();
}

// Every journey here starts from the demo catalogue, made by the server on its first start.
test.beforeEach(async ({ request }) => {
  await catalogue(request);
});

test.describe('Media Session (issue 4)', () => {
  test('L-2.5-01 L-4.2-04 L-4.2-21: the lock screen shows the track, and play, pause, next, previous, seek, skip and stop act on the player', async ({
    page,
  }) => {
    await captureMediaSession(page);
    const tracks = await openWithCatalogue(page);
    const first = initialTrack(tracks);
    const at = (i: number) => tracks[(tracks.indexOf(first) + i + tracks.length) % tracks.length];
    await expectHeroTrack(page, first);
    await expect.poll(async () => (await mediaSession(page)).title).toBe(first.title);
    const m = await mediaSession(page);
    expect(m.artist).toBe(first.posterName ?? '無限');
    expect(m.artwork).toEqual(mediaMetadataFor(first).artwork.map((a) => new URL(a.src, page.url()).pathname));

    await expect(playButton(page)).toBeEnabled();
    await press(page, 'play');
    await expectPlaying(page);
    await expect.poll(async () => (await mediaSession(page)).state).toBe('playing');

    await press(page, 'pause');
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await expect(playButton(page)).toBeVisible();
    await expect.poll(async () => (await mediaSession(page)).state).toBe('paused');

    await press(page, 'seekto', { seekTime: 6 });
    await expect.poll(async () => (await audio(page)).currentTime).toBeCloseTo(6, 0);
    await press(page, 'seekforward');
    await expect.poll(async () => (await audio(page)).currentTime).toBeCloseTo(16, 0);
    await press(page, 'seekbackward');
    await expect.poll(async () => (await audio(page)).currentTime).toBeCloseTo(6, 0);
    await press(page, 'seekbackward', { seekOffset: 30 });
    await expect.poll(async () => (await audio(page)).currentTime).toBe(0);

    await press(page, 'nexttrack');
    await expectHeroTrack(page, at(1));
    await expectPlaying(page);
    await expect.poll(async () => (await mediaSession(page)).title).toBe(at(1).title);
    await press(page, 'previoustrack');
    await expectHeroTrack(page, at(0));
    await expectPlaying(page);

    await press(page, 'stop');
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    expect((await audio(page)).currentTime).toBe(0);
  });
});

test.describe('the next track, prepared (issue 4)', () => {
  test('L-4.2-01 L-4.2-02 L-4.2-03: while a track plays the next one loads; next and auto-next play that prepared element', async ({
    page,
  }) => {
    const tracks = await openWithCatalogue(page);
    const first = initialTrack(tracks);
    const at = (i: number) => tracks[(tracks.indexOf(first) + i) % tracks.length];
    const prepared = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/stream/${at(1).id}`);
    await playButton(page).click();
    await expectPlaying(page);
    await prepared;
    const next = page.getByTestId('player-audio-next');
    await expect(next).toHaveAttribute('src', `/api/stream/${at(1).id}`);
    expect(await next.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await next.evaluate((el) => {
      (el as unknown as { mark: string }).mark = 'prepared';
    });

    await page.getByRole('button', { name: '次の音声' }).click();
    await expectHeroTrack(page, at(1));
    await expectPlaying(page);
    // The element that spoke is now the one that was prepared; the other one stopped and prepares the next.
    expect(await page.getByTestId('player-audio').evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('prepared');
    expect((await audio(page)).src).toBe(`/api/stream/${at(1).id}`);
    await expect(page.getByTestId('player-audio-next')).toHaveAttribute('src', `/api/stream/${at(2).id}`);
    await page.getByTestId('player-audio-next').evaluate((el) => {
      (el as unknown as { mark: string }).mark = 'prepared-2';
    });

    // Auto-next at the end of the track takes the prepared one too (500 ms after the end).
    await skipToEnd(page);
    await expectHeroTrack(page, at(2));
    await expectPlaying(page);
    expect(await page.getByTestId('player-audio').evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('prepared-2');
  });

  test('L-2.5-08: a swipe up plays the prepared next track', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('mugen_cookie_consent', 'true'));
    const tracks = await openWithCatalogue(page);
    const first = initialTrack(tracks);
    const second = tracks[(tracks.indexOf(first) + 1) % tracks.length];
    await playButton(page).tap();
    await expectPlaying(page);
    const next = page.getByTestId('player-audio-next');
    await expect(next).toHaveAttribute('src', `/api/stream/${second.id}`);
    await next.evaluate((el) => {
      (el as unknown as { mark: string }).mark = 'prepared';
    });
    const box = (await page.getByTestId('hero-player').locator('[data-title]').first().boundingBox())!;
    await swipe(page, { x: box.x + box.width / 2, y: box.y - 40, dy: -150, durationMs: 200 });
    await expectHeroTrack(page, second);
    await expectPlaying(page);
    expect(await page.getByTestId('player-audio').evaluate((el) => (el as unknown as { mark?: string }).mark)).toBe('prepared');
    await context.close();
  });
});

test.describe('audio errors (issue 4)', () => {
  test('L-8-03 L-8-04 L-8-06 L-8-07: a stream answering 404 says so in Japanese, never spins, and next still plays', async ({
    page,
    request,
  }) => {
    const tracks = await catalogue(request);
    const first = tracks[1];
    await page.route(`**/api/stream/${first.id}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto(`/?track=${first.id}`);
    await expectHeroTrack(page, first);
    const hero = page.getByTestId('hero-player');
    await expect(hero.getByRole('alert')).toContainText('この音声は再生できない形式です');
    // Not ready and greyed (L-8-03), but no spinner: the listener is not left waiting.
    await expect(playButton(page)).toHaveAttribute('data-ready', 'false');
    await expect(hero.locator('.animate-spin')).toHaveCount(0);
    expect(logged.some((l) => /media error 4/.test(l))).toBe(true);

    await page.getByRole('button', { name: '次の音声' }).click();
    await expect(hero).not.toHaveAttribute('data-track-id', String(first.id));
    await expectPlaying(page);
    await expect(hero.getByRole('alert')).toHaveCount(0);

    // The broken one again, then the stream comes back: 再試行 loads it again and it plays.
    await page.goto(`/?track=${first.id}`);
    await expectHeroTrack(page, first);
    await expect(hero.getByRole('alert')).toContainText('この音声は再生できない形式です');
    await page.unroute(`**/api/stream/${first.id}`);
    await hero.getByRole('button', { name: '再試行' }).click();
    await expectPlaying(page);
    await expectHeroTrack(page, first);
  });

  test('L-8-04: a broken next track is not prepared; going next shows its error, and the one after plays', async ({ page }) => {
    const shown = await openWithCatalogue(page);
    const first = initialTrack(shown);
    const at = (i: number) => shown[(shown.indexOf(first) + i) % shown.length];
    await page.route(`**/api/stream/${at(1).id}`, (route) =>
      route.fulfill({ status: 200, contentType: 'audio/mpeg', body: 'これは音声ではありません'.repeat(40) }),
    );
    await playButton(page).click();
    await expectPlaying(page);
    // The failed preparation is dropped quietly: no message while the current track plays.
    await expect.poll(() => page.getByTestId('player-audio-next').getAttribute('src'), { timeout: 15_000 }).toBeNull();
    await expect(page.getByTestId('hero-player').getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: '次の音声' }).click();
    await expectHeroTrack(page, at(1));
    await expect(page.getByTestId('hero-player').getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: '次の音声' }).click();
    await expectHeroTrack(page, at(2));
    await expectPlaying(page);
  });
});

test.describe('listening history and resume (issue 4)', () => {
  test('L-7.2-07 L-7.2-08 L-3-16: a member pausing after some seconds, ending a track and leaving the page is recorded', async ({
    page,
    demo: _demo,
  }) => {
    test.setTimeout(120_000);
    const tracks = await openWithCatalogue(page);
    const first = initialTrack(tracks);
    const before = (await history(page.request, first.id)).length;

    // Pause after more than 5 s: the stretch heard, as seconds played (not the position).
    await playButton(page).click();
    await expectPlaying(page);
    await heardAtLeast(page, 6);
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/listening-history' && r.request().method() === 'POST');
    await page.getByTestId('hero-player').getByRole('button', { name: '一時停止' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    const body = res.request().postDataJSON();
    expect(body).toMatchObject({ trackId: first.id, completed: false });
    expect(body.duration).toBeGreaterThanOrEqual(5);
    expect(body.progressPercent).toBeGreaterThan(0);
    expect(body.progressPercent).toBeLessThan(100);
    // Sent with keepalive from the page: same-origin, so it carries the Origin the server checks.
    expect((await res.request().allHeaders()).origin).toBe(new URL(page.url()).origin);

    // The end of the track: completed, 100 %.
    await playButton(page).click();
    const completed = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/listening-history' && r.postDataJSON()?.completed === true,
    );
    await skipToEnd(page);
    expect((await completed).postDataJSON()).toMatchObject({ trackId: first.id, progressPercent: 100, completed: true });

    // Leaving the page while playing: sent with keepalive as the page goes, and the server has it.
    const second = tracks[(tracks.indexOf(first) + 1) % tracks.length];
    await expectHeroTrack(page, second);
    await expectPlaying(page);
    const secondBefore = (await history(page.request, second.id)).length;
    // More than 5 s heard from where it started (a track heard before resumes part-way, L-7.2-08).
    await heardAtLeast(page, 6);
    // #27.7: left while the service worker controls the page, as a listener's installed app is. The
    // beacon used to be handed to the worker first and was lost when the page went before the worker
    // let it through (it passed only on a retry); the worker's static routes now send writes past it.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('about:blank');
    await expect.poll(async () => (await history(page.request, second.id)).length, { timeout: 30_000 }).toBe(secondBefore + 1);
    expect((await history(page.request, first.id)).length).toBe(before + 2);
  });

  test('L-7.2-08: a member opening a track left half-way starts where they left it; a completed one from the start', async ({
    page,
    request,
    demo: _demo,
  }) => {
    const tracks = await catalogue(request);
    const long = tracks.filter((t) => t.duration >= 40);
    expect(long.length, 'demo tracks of 40 s or more').toBeGreaterThanOrEqual(2);
    const [half, done] = long;
    const post = (data: object) => page.request.post('/api/listening-history', { data });
    expect((await post({ trackId: half.id, duration: 20, progressPercent: 50, completed: false })).status()).toBe(201);
    expect((await post({ trackId: done.id, duration: 20, progressPercent: 100, completed: true })).status()).toBe(201);

    const lookup = page.waitForRequest((r) => r.url().includes(`/api/user/listening-history?trackId=${half.id}`));
    await page.goto(`/?track=${half.id}`);
    await lookup;
    await expectHeroTrack(page, half);
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(half.duration / 2 - 3);
    expect((await audio(page)).currentTime).toBeLessThan(half.duration / 2);
    await playButton(page).click();
    await expectPlaying(page);
    expect((await audio(page)).currentTime).toBeGreaterThan(half.duration / 2 - 3);

    await page.goto(`/?track=${done.id}`);
    await expectHeroTrack(page, done);
    await expect(playButton(page)).toBeEnabled();
    expect((await audio(page)).currentTime).toBe(0);
  });

  test('a visitor resumes from the position kept in this browser', async ({ page, request }) => {
    const tracks = await catalogue(request);
    const long = seeded(
      tracks.find((t) => t.duration >= 40),
      'track of 40 s or more',
    );
    await page.addInitScript(
      ([id]) => {
        localStorage.setItem('mugen_resume_positions', JSON.stringify({ [id]: { p: 50, c: false, t: Date.now() } }));
      },
      [long.id],
    );
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/listening-history')) asked = true;
    });
    await page.goto(`/?track=${long.id}`);
    await expectHeroTrack(page, long);
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(long.duration / 2 - 3);
    expect(asked).toBe(false);
  });
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
    const premiumUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
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
