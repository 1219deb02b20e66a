import { expect, test } from './helpers/fixtures';
import {
  audio,
  catalogue,
  expectHeroTrack,
  expectPlaying,
  heroTitle,
  initialTrack,
  openWithCatalogue,
  seeded,
  swipe,
} from './helpers/listener';
import { holdRequests, nextFrame, pauseClockSoon, requestsSettled } from './helpers/waits';

test.describe('home player', () => {
  test('L-2.1-01 L-2.5-01 L-2.5-05 L-4.2-02 L-4.2-07 L-4.2-08: a new visitor presses play and the audio plays', async ({
    page,
    request,
  }) => {
    await catalogue(request);
    const stream = page.waitForRequest((r) => r.url().includes('/api/stream/'));
    const first = initialTrack(await openWithCatalogue(page));
    await expectHeroTrack(page, first);
    expect((await stream).url()).toContain(`/api/stream/${first.id}`);
    await expect(page).toHaveTitle('無限 Mugen');

    const play = page.getByRole('button', { name: '再生', exact: true });
    await expect(play).toBeEnabled();
    const elapsed = page.getByTestId('elapsed-time');
    await expect(elapsed).toContainText('0:00');
    await play.click();
    await expectPlaying(page);
    await expect(page.getByRole('button', { name: '一時停止' })).toBeVisible();
    await expect(elapsed).not.toContainText('0:00', { timeout: 5000 });
    expect((await audio(page)).src).toBe(`/api/stream/${first.id}`);

    await page.getByRole('button', { name: '一時停止' }).click();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
  });

  test('L-2.5-02: the play button is greyed until the audio is ready', async ({ page, request }) => {
    await catalogue(request);
    const stream = await holdRequests(page, '**/api/stream/**');
    await page.goto('/');
    const play = page.getByRole('button', { name: '再生', exact: true });
    await expect(play).toBeDisabled();
    await expect(play).toHaveAttribute('aria-disabled', 'true');
    stream.release();
    await expect(play).toBeEnabled();
  });

  test('L-4.2-04 L-4.2-05 L-4.2-01: next and previous change the title and wrap', async ({ page, request }) => {
    await catalogue(request);
    const tracks = await openWithCatalogue(page);
    const start = tracks.indexOf(initialTrack(tracks));
    const at = (i: number) => tracks[(i + tracks.length) % tracks.length];
    await expectHeroTrack(page, at(start));

    await page.getByRole('button', { name: '次の音声' }).click();
    await expectHeroTrack(page, at(start + 1));
    await expectPlaying(page);
    expect((await audio(page)).src).toBe(`/api/stream/${at(start + 1).id}`);

    await page.getByRole('button', { name: '前の音声' }).click();
    await expectHeroTrack(page, at(start));
    await page.getByRole('button', { name: '前の音声' }).click();
    await expectHeroTrack(page, at(start - 1));

    // Back from the first track wraps to the last (L-4.2-05); next from the last wraps to the first (L-4.2-04).
    let i = start - 1; // -1: the previous press above already wrapped to the last track
    for (; i > 0; i--) {
      await page.getByRole('button', { name: '前の音声' }).click();
      await expectHeroTrack(page, at(i - 1));
    }
    if (i === 0) {
      await page.getByRole('button', { name: '前の音声' }).click();
    }
    await expectHeroTrack(page, at(tracks.length - 1));
    await page.getByRole('button', { name: '次の音声' }).click();
    await expectHeroTrack(page, at(0));
  });

  test('L-4.2-09 L-2.5-06 L-3-23: speed cycles 1 → 1.25 → 1.5 → 2 → 1, the audio follows and the choice is kept', async ({
    page,
    request,
  }) => {
    await catalogue(request);
    await page.goto('/');
    const pill = page.getByRole('button', { name: /^再生速度/ });
    await expect(pill).toHaveText('1x');
    await page.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
    for (const rate of [1.25, 1.5, 2, 1]) {
      await pill.click();
      await expect(pill).toHaveText(`${rate}x`);
      await expect.poll(async () => (await audio(page)).playbackRate).toBe(rate);
      expect(await page.evaluate(() => localStorage.getItem('mugen_playback_rate'))).toBe(String(rate));
    }
    await pill.click();
    await pill.click();
    await expect(pill).toHaveText('1.5x');
    await page.reload();
    await expect(page.getByRole('button', { name: /^再生速度/ })).toHaveText('1.5x');
    await expect(page.getByRole('button', { name: '再生', exact: true })).toBeEnabled();
    await page.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
    expect((await audio(page)).playbackRate).toBe(1.5);
  });

  test('L-2.1-02 L-2.1-03: ?track=ID selects that track and leaves the address', async ({ page, request }) => {
    const tracks = await catalogue(request);
    const wanted = tracks[Math.min(2, tracks.length - 1)];
    await page.goto(`/?track=${wanted.id}`);
    await expectHeroTrack(page, wanted);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect.poll(async () => (await audio(page)).src).toBe(`/api/stream/${wanted.id}`);
  });

  test('L-2.5-07: a title over 18 characters scrolls, a shorter one stays still', async ({ page, request }) => {
    const tracks = await catalogue(request);
    const long = seeded(
      tracks.find((t) => [...t.title].length > 18),
      'title over 18 characters',
    );
    const short = seeded(
      tracks.find((t) => [...t.title].length <= 18),
      'title of 18 characters or fewer',
    );
    await page.goto(`/?track=${long.id}`);
    await expect(heroTitle(page)).toHaveAttribute('data-marquee', 'true');
    const animation = await heroTitle(page)
      .locator('[data-marquee-track]')
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe('marquee');
    await page.goto(`/?track=${short.id}`);
    await expect(heroTitle(page)).toHaveAttribute('data-marquee', 'false');
  });

  test('L-2.5-07: under reduced motion a long title wraps instead of moving', async ({ browser, request }) => {
    const tracks = await catalogue(request);
    const long = seeded(
      tracks.find((t) => [...t.title].length > 18),
      'title over 18 characters',
    );
    const calm = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    const page = await calm.newPage();
    await page.goto(`/?track=${long.id}`);
    const track = heroTitle(page).locator('[data-marquee-track]');
    await expect(track).toHaveCSS('animation-name', 'none');
    await expect(track).toHaveCSS('white-space', 'normal');
    await calm.close();
  });

  test('L-4.2-03 L-4.2-21: seeking is clamped and the end of a track plays the next after 500 ms', async ({ page, request }) => {
    await catalogue(request);
    const tracks = await openWithCatalogue(page);
    const start = tracks.indexOf(initialTrack(tracks));
    await page.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);

    // Dragging past both ends keeps the position inside the track.
    const slider = page.getByTestId('progress-slider');
    const box = (await slider.boundingBox())!;
    const thumb = page.getByRole('slider', { name: '再生位置' });
    const tb = (await thumb.boundingBox())!;
    await page.mouse.move(tb.x + tb.width / 2, tb.y + tb.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x - 300, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    let a = await audio(page);
    expect(a.currentTime).toBeGreaterThanOrEqual(0);
    expect(a.currentTime).toBeLessThan(2);
    await thumb.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThanOrEqual(10);

    // End: to the very end, which ends the track; the next one follows.
    await page.keyboard.press('End');
    a = await audio(page);
    expect(a.currentTime).toBeLessThanOrEqual(a.duration);
    await expectHeroTrack(page, tracks[(start + 1) % tracks.length]);
    await expectPlaying(page);
  });

  test('L-4.2-11 L-7.2-05: the play count is sent once per load after 3 s of continuous playing', async ({ page, request }) => {
    await catalogue(request);
    const counted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/increment-play-count')) counted.push(r.url());
    });
    // The page's clock: the journey moves it instead of waiting. The page notes (in its own time) when
    // sound last started, so the 3 s are counted from there whatever the machine's load.
    await page.clock.install();
    await page.addInitScript(() => {
      document.addEventListener('playing', () => ((window as unknown as { __playingAt: number }).__playingAt = Date.now()), true);
    });
    const first = initialTrack(await openWithCatalogue(page));
    const toggle = page.getByTestId('hero-player').getByRole('button', { name: /^(再生|一時停止)$/ });
    await toggle.click();
    // The page's clock stopped as the sound starts: this first stretch lasts under 3 s of it however
    // long the machine takes. Pause after about a second of sound, from wherever the track started (one
    // heard before resumes part-way): nothing is counted, and the 3 s start again.
    await pauseClockSoon(page, 500);
    await expectPlaying(page);
    const startedAt = (await audio(page)).currentTime;
    await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000, intervals: [100] }).toBeGreaterThan(startedAt + 1);
    await toggle.click();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await page.clock.runFor(5000);
    await requestsSettled(page);
    expect(counted).toHaveLength(0);

    // Sound again; the page's clock moves only as the journey moves it.
    const before = await page.evaluate(() => (window as unknown as { __playingAt: number }).__playingAt);
    await toggle.click();
    await expectPlaying(page);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __playingAt: number }).__playingAt)).not.toBe(before);
    // Moved to just before 3 s of this stretch: still nothing.
    const heard = await page.evaluate(() => Date.now() - (window as unknown as { __playingAt: number }).__playingAt);
    expect(heard).toBeLessThan(2900);
    await page.clock.runFor(2900 - heard);
    await requestsSettled(page);
    expect(counted).toHaveLength(0);
    // Past 3 s: counted once, and never again for this load.
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/tracks/${first.id}/increment-play-count`));
    await page.clock.runFor(200);
    const answer = await (await sent).json();
    expect(answer).toMatchObject({ success: true });
    expect(answer.playCount).toBeGreaterThan(first.playCount);
    await page.clock.runFor(10_000);
    await requestsSettled(page);
    expect(counted).toEqual([expect.stringContaining(`/api/tracks/${first.id}/increment-play-count`)]);
    const r = await (await sent).request();
    expect(r.headers()['content-type']).toBeUndefined();
  });

  test('L-4.2-12 L-7.2-06: an impression is sent once per track per session', async ({ page, request }) => {
    await catalogue(request);
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/increment-impression-count')) seen.push(new URL(r.url()).pathname);
    });
    const sent = page.waitForResponse((r) => r.url().includes('/increment-impression-count'));
    const first = initialTrack(await openWithCatalogue(page));
    expect((await sent).url()).toContain(`/api/tracks/${first.id}/increment-impression-count`);
    expect((await (await sent).json()).impressionCount).toBeGreaterThan(first.impressionCount);
    await page.goto(`/?track=${first.id}`);
    await expectHeroTrack(page, first);
    await requestsSettled(page);
    expect(seen.filter((p) => p === `/api/tracks/${first.id}/increment-impression-count`)).toHaveLength(1);
  });

  test('L-2.4-18: the player bar keeps playing across pages and controls the audio', async ({ page, request }) => {
    await catalogue(request);
    const tracks = await openWithCatalogue(page);
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    await page.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('link', { name: '検索' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const bar = page.getByTestId('player-bar');
    await expect(bar).toBeVisible();
    await expect(page.getByTestId('player-bar-title')).toHaveText(initialTrack(tracks).title);
    await expectPlaying(page);
    // The bar sits above the bottom navigation.
    const barBox = (await bar.boundingBox())!;
    const navBox = (await page.getByTestId('bottom-nav').boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);
    await expect(bar.getByRole('button', { name: /^再生速度/ })).toBeVisible();
    await bar.getByRole('button', { name: '一時停止' }).click();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await bar.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
  });
});

test.describe('swipe on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('L-2.5-08 L-2.5-09 L-2.5-10 L-2.5-11: a quick 150 px swipe changes the track, 90 px or a slow one does not', async ({
    page,
    request,
  }) => {
    await catalogue(request);
    const tracks = await openWithCatalogue(page);
    const start = tracks.indexOf(initialTrack(tracks));
    const at = (i: number) => tracks[(i + tracks.length) % tracks.length];
    await expectHeroTrack(page, at(start));
    const art = (await heroTitle(page).boundingBox())!;
    const x = art.x + art.width / 2;
    const y = art.y - 40;

    await swipe(page, { x, y, dy: -90, durationMs: 200 });
    await nextFrame(page);
    await expectHeroTrack(page, at(start));

    await swipe(page, { x, y, dy: -150, durationMs: 600 });
    await nextFrame(page);
    await expectHeroTrack(page, at(start));

    await swipe(page, { x, y, dy: -150, durationMs: 200 });
    await expectHeroTrack(page, at(start + 1));

    await swipe(page, { x, y: y - 100, dy: 150, durationMs: 200 });
    await expectHeroTrack(page, at(start));
  });
});

test.describe('audio failures', () => {
  test('L-8-03 L-8-04 L-8-06: a broken source shows a message, greys the button and never sticks the player', async ({ page, request }) => {
    await catalogue(request);
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.route('**/api/stream/**', (route) =>
      route.fulfill({ status: 200, contentType: 'audio/mpeg', body: 'これは音声ではありません'.repeat(40) }),
    );
    const tracks = await openWithCatalogue(page);
    const first = initialTrack(tracks);
    const hero = page.getByTestId('hero-player');
    await expect(hero.getByRole('alert')).toBeVisible();
    await expect(hero.getByRole('alert')).toContainText(/再生できない形式|破損|ネットワーク/);
    await expect(hero.getByRole('button', { name: '再生', exact: true })).toBeDisabled();
    expect(logged.some((l) => /\[player\] track \d+: media error [234]/.test(l))).toBe(true);
    expect((await audio(page)).paused).toBe(true);

    // Not stuck: with the stream back, retry plays; next works too.
    await page.unroute('**/api/stream/**');
    await hero.getByRole('button', { name: '再試行' }).click();
    await expectPlaying(page);
    await expect(hero.getByRole('alert')).toHaveCount(0);
    await expectHeroTrack(page, first);
  });
});
