import type { Page } from '@playwright/test';

/**
 * Waits for states of the page, never for a length of time (issue 14): a journey runs as fast as the
 * machine allows and no slower, and a loaded machine only makes it take longer. Where a journey must
 * prove that nothing happens for a while, it uses Playwright's clock (`page.clock.runFor`).
 */

/**
 * The tasks the page had queued have run (React's scheduler, effects, handlers of the last input). A
 * message channel, not a timer: it runs whether or not the journey has installed Playwright's clock.
 */
export async function tasksRun(page: Page) {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** The page has drawn a frame (a resize or a touch move has been laid out), and the tasks after it have run. */
export async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  await tasksRun(page);
}

/** Every finite animation and transition has ended (entrances, fades); endless ones (marquee, spinner) are left. */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/**
 * A barrier for requests: once its queued tasks have run, the page sends one marker request and the test waits until it
 * sees it. Requests are reported in the order the page sends them, so any request the page had started
 * before this point has been reported too: a test may then assert that something was not sent.
 */
export async function requestsSettled(page: Page) {
  await tasksRun(page);
  const marker = `/health?barrier=${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(marker));
  await page.evaluate((url) => {
    void fetch(url);
  }, marker);
  await seen;
}

/**
 * Holds the page's requests to `url` until the test calls `release()`: a state that lasts while an
 * answer is outstanding (a loading skeleton, a greyed button, an optimistic count) is then checked for
 * as long as it takes, instead of for a fixed time the machine may or may not keep up with.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Stops the page's clock about `leadMs` ahead of its own now (page.clock.pauseAt), for a journey that moves
 * time itself from here. A loaded machine can take longer between reading the page's now and pausing than
 * the lead ("Cannot fast-forward to the past"): then it pauses just ahead of a fresh now. The journey's
 * windows must leave room for that (the time that passed is real, not skipped).
 */
export async function pauseClockSoon(page: Page, leadMs = 300) {
  const pageNow = () => page.evaluate(() => Date.now());
  await page.clock.pauseAt((await pageNow()) + leadMs).catch(async () => page.clock.pauseAt((await pageNow()) + 100));
}
