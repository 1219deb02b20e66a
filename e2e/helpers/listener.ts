import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Track } from '../../src/shared/schemas/track';

/**
 * The catalogue as the server lists it. The first start makes the demo audio in the background, so this
 * asks until at least two tracks are there.
 */
export async function catalogue(request: APIRequestContext): Promise<Track[]> {
  let tracks: Track[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/tracks');
        tracks = res.ok() ? await res.json() : [];
        return tracks.length;
      },
      { timeout: 180_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThanOrEqual(2);
  return tracks;
}

/** Opens the home page once the catalogue is there (the demo audio made) and returns its hero player. */
export async function openHero(page: Page, request: APIRequestContext) {
  await catalogue(request);
  await page.goto('/');
  return page.getByTestId('hero-player');
}

/**
 * What a journey needs of the demo content: a seed that lacks it fails the journey (with what is
 * missing), never skips it.
 */
export function seeded<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the demo content has no ${what}: is the demo seed complete?`);
  return value;
}

/**
 * The demo's 浮世絵 track: it says dated claims (十九世紀の後半…) the offline check could not source, and
 * a number in kanji before a counter (the journeys of the claims and of the readings).
 */
export const UKIYOE = '浮世絵はなぜ世界の画家たちを驚かせたのか';

/** The demo track of this title, once the catalogue is there (a seed without it fails the journey). */
export async function seededTrack(request: APIRequestContext, title: string): Promise<Track> {
  return seeded(
    (await catalogue(request)).find((t) => t.title === title),
    `track ${title}`,
  );
}

/**
 * Opens a page of the app and returns the catalogue exactly as that page received it (the server's
 * ranking may move between two reads, as plays and impressions change the scores).
 */
export async function openWithCatalogue(page: Page, path = '/'): Promise<Track[]> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tracks' && r.request().method() === 'GET');
  await page.goto(path);
  return (await answer).json();
}

/** Signs the browser context in as the demo member (the development sign-in of the e2e server). */
export async function signInAsDemo(page: Page) {
  const res = await page.request.post('/api/auth/dev-login', { data: { email: 'demo@example.com' } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function apiTrack(request: APIRequestContext, id: number): Promise<Track> {
  const res = await request.get(`/api/tracks/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

export interface AudioState {
  src: string;
  paused: boolean;
  currentTime: number;
  duration: number;
  playbackRate: number;
}

export function audio(page: Page): Promise<AudioState> {
  return page.getByTestId('player-audio').evaluate((el: HTMLAudioElement) => ({
    src: el.getAttribute('src') ?? '',
    paused: el.paused,
    currentTime: el.currentTime,
    duration: el.duration,
    playbackRate: el.playbackRate,
  }));
}

/** The title shown by the home player (its data-title, not the doubled marquee text). */
export function heroTitle(page: Page) {
  return page.getByTestId('hero-player').locator('[data-title]').first();
}

export async function expectHeroTrack(page: Page, track: Track) {
  await expect(heroTitle(page)).toHaveAttribute('data-title', track.title);
  await expect(page.getByTestId('hero-player')).toHaveAttribute('data-track-id', String(track.id));
}

/** Waits until the shared audio element really plays and its position moves on. */
export async function expectPlaying(page: Page) {
  await expect.poll(async () => (await audio(page)).paused, { timeout: 15_000 }).toBe(false);
  const start = (await audio(page)).currentTime;
  await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(start + 0.3);
}

/** The track the home page starts with when no ?track= is given: 74, else the first (L-4.2-07/08). */
export function initialTrack(tracks: Track[]): Track {
  return tracks.find((t) => t.id === 74) ?? tracks[0];
}

/** A real finger on a touch screen: start, a few moves, end, timed by the clock to last about `durationMs`. */
export async function swipe(page: Page, opts: { x: number; y: number; dy: number; durationMs: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 4;
  const t0 = Date.now();
  // Each event carries the time it stands for, so a loaded machine that delivers them late does not
  // turn a quick swipe into a slow one.
  const at = (ms: number) => (t0 + ms) / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: opts.x, y: opts.y }], timestamp: at(0) });
  for (let i = 1; i <= steps; i++) {
    const wait = t0 + (opts.durationMs * i) / steps - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: opts.x, y: opts.y + (opts.dy * i) / steps }],
      timestamp: at((opts.durationMs * i) / steps),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(opts.durationMs) });
  await cdp.detach();
}

/** Lets the current track play to its last half second, so that it ends soon. */
export async function skipToEnd(page: Page) {
  await expect
    .poll(async () => {
      const a = await audio(page);
      return Number.isFinite(a.duration) && a.duration > 1 && !a.paused;
    })
    .toBe(true);
  await page.getByTestId('player-audio').evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration - 0.4;
  });
}
