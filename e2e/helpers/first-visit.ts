import type { Page } from '@playwright/test';

/** The two widths the first-visit journeys (issue 20) run at. */
export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/**
 * Holds the app's entry script until the returned function is called: the page shows only index.html's
 * markup (the first paint: the static header and consent bar).
 */
export async function holdApp(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
