import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/helpers/chromium';

// Journeys in Debian's Chromium (Playwright cannot download its own browser here) against the real
// server with the demo content, started by scripts/serve-e2e.mjs on port 3100.
// E2E_PORT lets several people run the suite on one machine at once.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // Journeys share a 2-core machine with the server and Chromium: a step that outruns a loaded machine gets
  // another try in CI; a real failure fails every try.
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    locale: 'ja-JP',
    // Every journey starts with the cookie choice made (essential only), so the consent banner does not
    // cover the bottom navigation; e2e/consent.spec.ts starts from empty storage to test the banner.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'mugen_cookie_consent', value: 'true' },
            { name: 'mugen_analytics_consent', value: 'false' },
          ],
        },
      ],
    },
    timezoneId: 'Asia/Tokyo',
    // The server refuses writes that do not name this site as their Origin (issue 13). The browser's
    // own requests carry it; the journeys' direct API calls (page.request) carry it from here.
    extraHTTPHeaders: { origin: baseURL },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, channel: undefined },
    },
  ],
  webServer: {
    command: 'node scripts/serve-e2e.mjs',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: !process.env.CI,
    // A fresh clone first makes the demo's spoken audio (several minutes on a loaded 2-core machine).
    timeout: 900_000,
  },
});
