// bench/web: what the listener's browser pays for the home route, measured in Chromium against the e2e
// server (the built app and the demo catalogue on loopback):
//   - gzip bytes of the JavaScript and CSS the home route downloads before the first play,
//   - time from navigation start to the play button being ready, and from the click on play to sound,
//   - time from a tap on 次の音声 to sound ('playing'), median of several taps,
//   - Lighthouse (mobile profile) performance for /, and Chrome's installability checks (Lighthouse 12
//     has no PWA category any more),
//   - the layout shift (CLS) of every listener page, phone and desktop, signed out and in (layout-shift.ts).
// BENCH_WEB_ONLY=cls measures the layout shift alone.
// Baselines from the same run and server: a static file opened as a page (load time), and a fresh
// <audio> element starting the same stream (time to 'playing'). Budgets: home JS <= 150 kB gzip,
// next-to-sound < 150 ms, Lighthouse performance >= 90, CLS < 0.02 on every page.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { layoutShiftRun, printLayoutShift } from './layout-shift';

const PORT = process.env.E2E_PORT ?? '3190';
const BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NEXT_TAPS = Number(process.env.BENCH_NEXT_TAPS || 5);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE ?? 'lighthouse@12.8.2';
// Lighthouse's simulated throttling multiplies the main thread's tasks by four, so one run moves by
// several points between identical loads; the median of a few runs is reported, with all of them.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
const ONLY_CLS = process.env.BENCH_WEB_ONLY === 'cls';
const BUDGET = { homeJsGzip: 150_000, nextToSoundMs: 150, lighthousePerformance: 90 };
const root = path.resolve(import.meta.dirname, '..');

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function up(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** The e2e server (it builds the web app when sources changed), unless one already answers. */
async function startServer(): Promise<ChildProcess | null> {
  if (await up(`${BASE}/health`)) return null;
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve-e2e.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: PORT, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 480 && !(await up(`${BASE}/health`)); i++) await new Promise((r) => setTimeout(r, 500));
  for (let i = 0; i < 360; i++) {
    const res = await fetch(`${BASE}/api/tracks`).catch(() => null);
    if (res?.ok && ((await res.json()) as unknown[]).length >= 2) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the e2e server did not come up with its demo catalogue');
}

/** Timestamps (performance.now()) the page records itself: clicks and the audio's 'playing' events. */
function recordTimes() {
  const w = window as unknown as { benchClicks: number[]; benchPlaying: { t: number; src: string }[] };
  w.benchClicks = [];
  w.benchPlaying = [];
  document.addEventListener('pointerdown', () => w.benchClicks.push(performance.now()), true);
  document.addEventListener('playing', (e) => w.benchPlaying.push({ t: performance.now(), src: (e.target as HTMLMediaElement).src }), true);
}

interface Times {
  clicks: number[];
  playing: { t: number; src: string }[];
}
const times = (page: Page): Promise<Times> =>
  page.evaluate(() => {
    const w = window as unknown as { benchClicks: number[]; benchPlaying: { t: number; src: string }[] };
    return { clicks: w.benchClicks, playing: w.benchPlaying };
  });

async function homeRun(browser: Browser) {
  // No service worker: its install-time precache would mix into the page's own downloads.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', locale: 'ja-JP' });
  await context.addInitScript(() => {
    localStorage.setItem('mugen_cookie_consent', 'true');
    localStorage.setItem('mugen_analytics_consent', 'false');
  });
  await context.addInitScript(recordTimes);
  const page = await context.newPage();
  const assets: { url: string; type: string; transferred: number; gzip: number; raw: number }[] = [];
  let beforePlay = true;
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (!beforePlay || (type !== 'script' && type !== 'stylesheet' && type !== 'document')) return;
    try {
      let body = await res.body();
      const sizes = await res.request().sizes();
      if (type === 'document') {
        // The stylesheet is inline in index.html (docs/decisions/0012-first-paint.md): count its <style>s.
        const styles = [...body.toString('utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
        body = Buffer.from(styles);
        assets.push({
          url: `${new URL(res.url()).pathname} (inline <style>)`,
          type: 'stylesheet',
          transferred: 0,
          gzip: gzipSync(body).length,
          raw: body.length,
        });
        return;
      }
      assets.push({
        url: new URL(res.url()).pathname,
        type,
        transferred: sizes.responseBodySize,
        gzip: gzipSync(body).length,
        raw: body.length,
      });
    } catch {
      // a response without a body (redirect): nothing downloaded
    }
  });
  await page.goto(BASE, { waitUntil: 'load' });
  const play = page.getByTestId('hero-player').getByRole('button', { name: '再生', exact: true });
  await play.waitFor();
  await page.locator('[data-testid="hero-player"] button[data-ready="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  const readyAt = await page.evaluate(() => performance.now());
  beforePlay = false;
  await play.click();
  await page.waitForFunction(() => (window as unknown as { benchPlaying: unknown[] }).benchPlaying.length >= 1, null, { timeout: 30_000 });
  const first = await times(page);
  const clickToSound = first.playing[0].t - first.clicks[first.clicks.length - 1];
  const loadToSound = first.playing[0].t;

  // Next taps: each after the current track has played a moment, so the next one could be prepared.
  const nextToSound: number[] = [];
  for (let i = 0; i < NEXT_TAPS; i++) {
    await page.waitForTimeout(2500);
    const before = await times(page);
    await page.getByRole('button', { name: '次の音声' }).click();
    await page.waitForFunction((n) => (window as unknown as { benchPlaying: unknown[] }).benchPlaying.length > n, before.playing.length, {
      timeout: 30_000,
    });
    const after = await times(page);
    nextToSound.push(after.playing[before.playing.length].t - after.clicks[after.clicks.length - 1]);
  }

  // Baseline: a fresh <audio> starting a stream it has never seen, in the same page.
  const streamUrl = (await times(page)).playing.at(-1)?.src ?? '';
  const freshAudio = await page.evaluate(async (src) => {
    const other = new URL(src);
    const a = new Audio();
    a.muted = true;
    const t0 = performance.now();
    a.src = `${other.pathname}?bench=${Date.now()}`;
    await a.play();
    await new Promise((r) => (a.paused ? a.addEventListener('playing', r, { once: true }) : r(null)));
    const t = performance.now() - t0;
    a.pause();
    return t;
  }, streamUrl);
  await context.close();
  return { assets, readyAt, clickToSound, loadToSound, nextToSound, freshAudio };
}

/** Load time of a static file opened as a page, served by the same server (the baseline). */
async function staticBaseline(browser: Browser): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`${BASE}/favicon.svg?run=${i}`, { waitUntil: 'load' });
    runs.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].duration));
  }
  await context.close();
  return median(runs);
}

/** Chrome's own installability checks for / (manifest, icons, service worker), after the worker controls it. */
async function installability(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(BASE);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  await context.close();
  return { errors: installabilityErrors.map((e) => e.errorId), manifestErrors: manifest.errors.length, controlled };
}

async function lighthouse(): Promise<{ performance: number | null; note: string; metrics: Record<string, string> }> {
  try {
    const { stdout } = await promisify(execFile)(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        `${BASE}/`,
        '--quiet',
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        '--output-path=stdout',
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 300_000, env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    const report = JSON.parse(stdout);
    const audit = (id: string) => report.audits[id]?.displayValue ?? '?';
    return {
      performance: Math.round(report.categories.performance.score * 100),
      note: `${LIGHTHOUSE} ${report.configSettings.formFactor}, ${report.configSettings.throttlingMethod} throttling`,
      metrics: {
        FCP: audit('first-contentful-paint'),
        LCP: audit('largest-contentful-paint'),
        TBT: audit('total-blocking-time'),
        CLS: audit('cumulative-layout-shift'),
        SI: audit('speed-index'),
      },
    };
  } catch (e) {
    return { performance: null, note: `lighthouse could not run: ${(e as Error).message.split('\n')[0]}`, metrics: {} };
  }
}

/** Signs a browser context in as the demo member (the development sign-in of the e2e server). */
async function signInDemo(context: BrowserContext) {
  const res = await context.request.post(`${BASE}/api/auth/dev-login`, { data: { email: 'demo@example.com' }, headers: { origin: BASE } });
  if (res.status() !== 200) throw new Error(`dev-login answered ${res.status()}`);
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
});
try {
  if (ONLY_CLS) {
    console.log(`bench/web (layout shift only): ${BASE}, Chromium ${CHROMIUM}`);
    printLayoutShift(await layoutShiftRun(browser, BASE, signInDemo));
  } else {
    const home = await homeRun(browser);
    const shifts = await layoutShiftRun(browser, BASE, signInDemo);
    const baseline = await staticBaseline(browser);
    const install = await installability(browser);
    await browser.close();
    const lhRuns: Awaited<ReturnType<typeof lighthouse>>[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) lhRuns.push(await lighthouse());
    const measured = lhRuns.filter((r) => r.performance !== null).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
    const lh = measured[Math.floor(measured.length / 2)] ?? lhRuns[0];

    const js = home.assets.filter((a) => a.type === 'script');
    const css = home.assets.filter((a) => a.type === 'stylesheet');
    const sum = (xs: typeof js, k: 'transferred' | 'gzip' | 'raw') => xs.reduce((n, a) => n + a[k], 0);
    const jsGzip = sum(js, 'gzip');
    const next = median(home.nextToSound);
    const pass = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

    console.log(`bench/web: ${BASE}, Chromium ${CHROMIUM}, 390x844, same machine, same run`);
    console.log('\nhome route, JavaScript and CSS downloaded before the first play');
    for (const a of home.assets.sort((x, y) => y.gzip - x.gzip)) {
      console.log(
        `  ${a.url.padEnd(44)} ${a.type.padEnd(10)} ${kB(a.raw).padStart(9)} raw ${kB(a.gzip).padStart(9)} gzip ${kB(a.transferred).padStart(9)} on the wire`,
      );
    }
    console.log(
      `  JS:  ${js.length} files, ${kB(sum(js, 'raw'))} raw, ${kB(jsGzip)} gzip (${kB(sum(js, 'transferred'))} on the wire)  budget ${kB(BUDGET.homeJsGzip)}: ${pass(jsGzip <= BUDGET.homeJsGzip)}`,
    );
    console.log(
      `  CSS: ${css.length} (index.html's inline <style> and files), ${kB(sum(css, 'raw'))} raw, ${kB(sum(css, 'gzip'))} gzip (${kB(sum(css, 'transferred'))} on the wire)`,
    );

    console.log('\ntimes (performance.now() in the page)');
    console.log(`  navigation start -> play button ready + network idle  ${ms(home.readyAt)}`);
    console.log(
      `  baseline: static file as a page, same server           ${ms(baseline)}   ratio ${(home.readyAt / baseline).toFixed(1)}x`,
    );
    console.log(`  click on play -> 'playing'                             ${ms(home.clickToSound)}`);
    console.log(`  navigation start -> first track playing (incl. click)  ${ms(home.loadToSound)}`);
    console.log(
      `  next tap -> 'playing', median of ${home.nextToSound.length}                   ${ms(next)}  (${home.nextToSound.map((t) => t.toFixed(0)).join(', ')})  budget < ${BUDGET.nextToSoundMs} ms: ${pass(next < BUDGET.nextToSoundMs)}`,
    );
    console.log(
      `  baseline: fresh <audio> on the same stream -> 'playing'  ${ms(home.freshAudio)}   ratio ${(next / home.freshAudio).toFixed(2)}x`,
    );

    console.log('\nLighthouse and installability');
    if (lh.performance === null) console.log(`  performance: not measured (${lh.note})`);
    else
      console.log(
        `  performance ${lh.performance}, the median of ${measured.length} runs (${lhRuns.map((r) => r.performance ?? 'failed').join(', ')}; ${lh.note}; median run: ${Object.entries(
          lh.metrics,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})  budget >= ${BUDGET.lighthousePerformance}: ${pass(lh.performance >= BUDGET.lighthousePerformance)}`,
      );
    console.log('  PWA score: none (Lighthouse 12 removed the PWA category); Chrome installability checks instead:');
    console.log(
      `  installability errors: ${install.errors.length ? install.errors.join(', ') : 'none'}; manifest errors: ${install.manifestErrors}; page controlled by the service worker: ${install.controlled}`,
    );
    printLayoutShift(shifts);
  }
} finally {
  await browser.close().catch(() => {});
  server?.kill('SIGTERM');
}
