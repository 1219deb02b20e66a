// The layout shift of every listener page (bench/web): each page opened fresh, at 390x844 and 1280x800,
// signed out and signed in as the demo member. A page is measured once it has settled (network idle,
// then a second without a new shift, at most 8 s); shifts within 500 ms of an input do not count (the
// browser's hadRecentInput), as for the web vital. CLS is the largest session window (shifts less than
// 1 s apart, at most 5 s long), the web vital's definition; the total of all shifts is shown beside it.
import type { Browser, BrowserContext } from '@playwright/test';
import { listenerPages } from '../e2e/helpers/listener-pages';

export const CLS_BUDGET = 0.02;

const VIEWPORTS = [
  { name: 'phone 390', width: 390, height: 844 },
  { name: 'desktop 1280', width: 1280, height: 800 },
] as const;

/** Records layout-shift entries in the page from its start (an init script). */
function recordShifts() {
  const w = window as unknown as { benchShifts: { t: number; value: number }[] };
  w.benchShifts = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.benchShifts.push({ t: e.startTime, value: e.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // no Layout Instability API: nothing recorded
  }
}

/** The web vital's CLS: the largest sum of a session window (gaps under 1 s, at most 5 s long). */
export function sessionCls(shifts: readonly { t: number; value: number }[]): number {
  let best = 0;
  let sum = 0;
  let start = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of [...shifts].sort((a, b) => a.t - b.t)) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.value;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}

async function settle(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  // Quiet for a second: no new shift, then read.
  for (let elapsed = 0, quietSince = 0, seen = -1; elapsed < 8000; elapsed += 250) {
    const n = await page.evaluate(() => (window as unknown as { benchShifts: unknown[] }).benchShifts.length);
    if (n !== seen) {
      seen = n;
      quietSince = elapsed;
    } else if (elapsed - quietSince >= 1000) break;
    await page.waitForTimeout(250);
  }
  const shifts = await page.evaluate(() => (window as unknown as { benchShifts: { t: number; value: number }[] }).benchShifts);
  await page.close();
  return { cls: sessionCls(shifts), total: shifts.reduce((n, s) => n + s.value, 0), count: shifts.length };
}

export interface ShiftRow {
  page: string;
  path: string;
  values: Record<string, { cls: number; total: number; count: number }>;
}

export async function layoutShiftRun(browser: Browser, base: string, signIn: (context: BrowserContext) => Promise<void>) {
  const tracks = (await (await fetch(`${base}/api/tracks`)).json()) as { id: number; posterName: string | null }[];
  const memberTracks = (await (await fetch(`${base}/api/users/demo/tracks`)).json()) as { id: number }[];
  const official = tracks.find((t) => t.posterName === null) ?? tracks[0];
  const pages = listenerPages({ officialTrackId: official.id, memberTrackId: memberTracks[0]?.id ?? official.id });
  const rows: ShiftRow[] = pages.map((p) => ({ page: p.name, path: p.path, values: {} }));
  const columns: string[] = [];
  for (const vp of VIEWPORTS) {
    for (const signedIn of [false, true]) {
      const column = `${vp.name} ${signedIn ? 'in' : 'out'}`;
      columns.push(column);
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        serviceWorkers: 'block',
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      await context.addInitScript(() => {
        localStorage.setItem('mugen_cookie_consent', 'true');
        localStorage.setItem('mugen_analytics_consent', 'false');
      });
      await context.addInitScript(recordShifts);
      if (signedIn) await signIn(context);
      for (const [i, p] of pages.entries()) rows[i].values[column] = await settle(context, `${base}${p.path}`);
      process.stderr.write(`  measured ${column}\n`);
      await context.close();
    }
  }
  return { rows, columns };
}

export function printLayoutShift({ rows, columns }: Awaited<ReturnType<typeof layoutShiftRun>>) {
  console.log(`\nlayout shift per page (CLS = largest session window, shifts without recent input; budget < ${CLS_BUDGET})`);
  console.log(`  ${'page'.padEnd(22)} ${columns.map((c) => c.padStart(17)).join('')}`);
  let worst = 0;
  for (const r of rows) {
    const cells = columns.map((c) => {
      const v = r.values[c];
      worst = Math.max(worst, v.cls);
      return `${v.cls.toFixed(3)}${v.total > v.cls + 0.0005 ? ` (Σ${v.total.toFixed(3)})` : ''}`.padStart(17);
    });
    console.log(`  ${r.page.padEnd(22)} ${cells.join('')}`);
  }
  console.log(`  worst page: ${worst.toFixed(3)}  budget < ${CLS_BUDGET}: ${worst < CLS_BUDGET ? 'ok' : 'OVER BUDGET'}`);
}
