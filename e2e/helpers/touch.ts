import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';
import { nextFrame } from './waits';

/**
 * A real finger on a touch screen (Chrome DevTools touch events, which Chromium turns into touch and
 * pointer events). Each event carries the time it stands for (`timestamp`, which becomes the event's
 * `timeStamp`), so a gesture's speed is what the journey says it is whatever the machine's load; the
 * moves are paced by the page's frames, one move a frame, as a screen samples a finger, never by a
 * fixed wait (issue 14).
 */
export interface Gesture {
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** How long the finger moves, from the first move to the last (ms, in event time). */
  moveMs: number;
  steps?: number;
  /** Event time the finger rests at its start before moving (a long press). */
  holdMs?: number;
  /** A state the page shows once the press has been held long enough (e.g. the row being dragged). */
  heldWhen?: Locator;
  /** Event time the finger rests at the end before lifting (a finger that puts something down does not fling). */
  restMs?: number;
}

export async function touchGesture(page: Page, g: Gesture) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const steps = g.steps ?? 10;
  const t0 = Date.now();
  let t = 0;
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [], timestamp: (t0 + t) / 1000 });
  await send('touchStart', g.from);
  if (g.heldWhen) await expect(g.heldWhen).toBeVisible();
  t += g.holdMs ?? 0;
  for (let i = 1; i <= steps; i++) {
    t += g.moveMs / steps;
    await send('touchMove', { x: g.from.x + ((g.to.x - g.from.x) * i) / steps, y: g.from.y + ((g.to.y - g.from.y) * i) / steps });
    await nextFrame(page);
  }
  if (g.restMs) {
    t += g.restMs;
    await send('touchMove', g.to);
  }
  await send('touchEnd');
  await cdp.detach();
}
