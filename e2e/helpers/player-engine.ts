import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { audio } from './listener';

/** Helpers of the player-engine journeys (issue 4): the Media Session as a lock screen sees it, a hidden page, listening history. */

export type Details = { seekTime?: number; seekOffset?: number };

/** Keeps every Media Session action handler the app registers, so the test can press them like a lock screen. */
export async function captureMediaSession(page: Page) {
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

export function press(page: Page, action: string, details: Details = {}) {
  return page.evaluate(
    ([a, d]) => {
      const h = (window as unknown as { __media: Record<string, ((d: object) => void) | null> }).__media[a as string];
      if (!h) throw new Error(`no handler for ${a}`);
      h({ action: a, ...(d as object) });
    },
    [action, details] as const,
  );
}

export const mediaSession = (page: Page) =>
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
export const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

export const blurWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('blur')));

/** Waits some real playing time, then checks the audio is still going. */
export async function stillPlaying(page: Page) {
  const at = (await audio(page)).currentTime;
  await expect.poll(async () => (await audio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(at + 1);
  expect((await audio(page)).paused).toBe(false);
}

export const playButton = (page: Page) => page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true });

export type HistoryEntry = { trackId: number; duration: number; progressPercent: number; completed: boolean };

/**
 * Waits until the page has played `seconds` of audio, counted as the engine counts them: forward steps
 * of the position, never a jump (the resume of a track heard before moves the position part-way, maybe
 * after the test first read it).
 */
export async function heardAtLeast(page: Page, seconds: number) {
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

export async function history(api: APIRequestContext, trackId: number): Promise<HistoryEntry[]> {
  const res = await api.get(`/api/user/listening-history?trackId=${trackId}`);
  expect(res.status()).toBe(200);
  return res.json();
}
