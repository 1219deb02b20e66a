// bench/next-to-sound: the time from a tap on 次の音声 to the 'playing' event of the next track, in
// Debian's Chromium against the real server with the demo on loopback (issue 4 budget: under 150 ms).
// Uses a running e2e server on E2E_PORT (default 3100) or starts scripts/serve-e2e.mjs itself.
//   E2E_PORT=3202 npx tsx bench/next-to-sound.ts
// NEXT_TAPS (default 12) taps, each after LISTEN_MS (default 2500) of listening, as a listener would.
// The same number of taps on 前の音声 (a track that is not prepared, so it loads the usual way: stop,
// clear, 50 ms, request) is the baseline of the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/helpers/chromium';

const port = process.env.E2E_PORT ?? '3100';
const base = `http://127.0.0.1:${port}`;
const TAPS = Number(process.env.NEXT_TAPS || 12);
const LISTEN_MS = Number(process.env.LISTEN_MS || 2500);

async function up(): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`)).ok;
  } catch {
    return false;
  }
}

let server: ChildProcess | undefined;
if (!(await up())) {
  server = spawn(process.execPath, ['scripts/serve-e2e.mjs'], { env: { ...process.env, E2E_PORT: port }, stdio: 'ignore' });
  const until = Date.now() + 240_000;
  while (!(await up())) {
    if (Date.now() > until) throw new Error('the e2e server did not start');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const figures: Record<'next' | 'previous', number[]> = { next: [], previous: [] };
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  await context.addInitScript(() => {
    localStorage.setItem('mugen_cookie_consent', 'true');
    // Every 'playing' of any audio element of the page, with its source (media events do not bubble,
    // but they do pass the document in the capture phase).
    const w = window as unknown as { __playing: { t: number; src: string }[] };
    w.__playing = [];
    document.addEventListener(
      'playing',
      (e) => w.__playing.push({ t: performance.now(), src: (e.target as HTMLMediaElement).getAttribute('src') ?? '' }),
      true,
    );
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const play = page.getByRole('button', { name: '再生', exact: true });
  await play.waitFor();
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="再生"]')?.disabled, null, {
    timeout: 30_000,
  });
  await play.click();
  await page.waitForFunction(() => (window as unknown as { __playing: unknown[] }).__playing.length > 0, null, { timeout: 30_000 });

  for (const button of ['next', 'previous'] as const) {
    for (let i = 0; i < TAPS; i++) {
      await page.waitForTimeout(LISTEN_MS);
      const ms = await page.evaluate(
        async (label) => {
          const w = window as unknown as { __playing: { t: number; src: string }[] };
          const before = document.querySelector('[data-testid="hero-player"]')?.getAttribute('data-track-id');
          const t0 = performance.now();
          document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)?.click();
          const deadline = t0 + 15_000;
          for (;;) {
            const id = document.querySelector('[data-testid="hero-player"]')?.getAttribute('data-track-id');
            const hit = w.__playing.find((p) => p.t >= t0 && id !== before && p.src === `/api/stream/${id}`);
            if (hit) return hit.t - t0;
            if (performance.now() > deadline) return -1;
            await new Promise((r) => setTimeout(r, 2));
          }
        },
        button === 'next' ? '次の音声' : '前の音声',
      );
      if (ms < 0) throw new Error(`${button} tap ${i + 1}: the track did not start within 15 s`);
      figures[button].push(ms);
    }
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}

const f = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`next-to-sound: tap → 'playing' of the new track, ${TAPS} taps each, loopback, ${base}`);
for (const [name, xs] of Object.entries(figures)) {
  const sorted = [...xs].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const label = name === 'next' ? '次の音声 (prepared)' : '前の音声 (not prepared, baseline)';
  console.log(`  ${label}: ${xs.map((n) => n.toFixed(0)).join(', ')}`);
  console.log(`    median ${f(q(0.5))}  p90 ${f(q(0.9))}  min ${f(sorted[0])}  max ${f(sorted[sorted.length - 1])}`);
}
console.log(
  `  ratio prepared / not prepared (medians): ${(median(figures.next) / median(figures.previous)).toFixed(2)}  (budget: next under 150 ms)`,
);
