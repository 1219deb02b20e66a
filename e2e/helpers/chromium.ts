/**
 * Debian's Chromium as the journeys and the browser benchmarks launch it (Playwright cannot download its
 * own browser here; scripts/ensure-chromium.mjs installs this one).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};
