import type { Page } from '@playwright/test';
import { tokyoDay } from '../src/shared/rules/creation';
import { formatCount } from '../src/shared/rules/format';
import type { Track } from '../src/shared/schemas/track';
import type { TrackStats } from '../src/shared/schemas/track-stats';
import { expect, test } from './helpers/fixtures';
import { expectPlaying, seeded } from './helpers/listener';
import { heardAtLeast } from './helpers/player-engine';

const WIDTH = 390;

async function myTracks(page: Page): Promise<Track[]> {
  const res = await page.request.get('/api/my-tracks');
  expect(res.status()).toBe(200);
  return res.json();
}

async function statsOf(page: Page, id: number): Promise<TrackStats> {
  const res = await page.request.get(`/api/my-tracks/${id}/stats`);
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe('what creators see (issue 40)', () => {
  test.use({ viewport: { width: WIDTH, height: 844 } });

  test('#40.3: a member listens to their own track, then opens its stats on My Page and sees the play', async ({ page, demo: _demo }) => {
    test.setTimeout(120_000);
    const track = seeded(
      (await myTracks(page)).find((t) => t.isVisible),
      "a visible track of the demo member's",
    );
    const before = await statsOf(page, track.id);
    // A listen is a member's listening on one Japan day: today's count grows unless they heard it today already.
    const today = seeded(before.byDay.at(-1), 'the stats of today').date;
    const heardToday = (
      (await (await page.request.get(`/api/user/listening-history?trackId=${track.id}`)).json()) as { createdAt: string }[]
    ).some((e) => tokyoDay(new Date(e.createdAt)) === today);

    // Listen on the track's page: counted after 3 s, recorded as the pause ends the stretch (over 5 s heard).
    await page.goto(`/track/${track.id}`);
    const detail = page.getByTestId('track-detail');
    const counted = page.waitForResponse((r) => r.url().endsWith(`/api/tracks/${track.id}/increment-play-count`));
    await detail.getByRole('button', { name: '再生', exact: true }).click();
    await expectPlaying(page);
    expect((await counted).status()).toBe(200);
    await heardAtLeast(page, 6);
    const recorded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/listening-history' && r.request().method() === 'POST');
    await detail.getByRole('button', { name: '一時停止' }).click();
    expect((await recorded).status()).toBe(201);

    // My Page › 投稿音声 › the track's stats.
    await page.goto('/profile?tab=my-tracks');
    const row = page.getByTestId('my-track-row').filter({ has: page.locator(`[data-track-id="${track.id}"]`) });
    await row.getByRole('button', { name: `「${track.title}」の統計を見る` }).click();
    const dialog = page.getByTestId('track-stats-dialog');
    await expect(dialog.getByRole('heading', { name: `「${track.title}」の統計` })).toBeVisible();
    await expect(dialog.getByTestId('stats-plays')).toHaveText(formatCount(before.plays + 1));
    await expect(dialog.getByTestId('stats-likes')).toHaveText(formatCount(before.likes));
    const todayPlays = (before.byDay.at(-1)?.plays ?? 0) + (heardToday ? 0 : 1);
    const total = before.byDay.reduce((n, d) => n + d.plays, 0) + (heardToday ? 0 : 1);
    // The chart says its figures; the table holds each day's, today last.
    await expect(dialog.getByTestId('stats-by-day-chart')).toHaveAttribute('aria-label', new RegExp(`合計${total}回`));
    await dialog.getByText('数値を表で見る').first().click();
    const lastDay = dialog.getByTestId('stats-by-day-table').locator('tbody tr').last();
    await expect(lastDay).toHaveText(`${Number(today.slice(5, 7))}月${Number(today.slice(8, 10))}日${todayPlays}`);
    expect(await statsOf(page, track.id)).toMatchObject({ plays: before.plays + 1 });
    await page.screenshot({ path: test.info().outputPath(`creator-stats-${WIDTH}.png`) });
  });

  test("#40.3: the operator opens any track's stats from the console's file list", async ({ page, operator: _operator }) => {
    await page.goto('/admin?tab=audio');
    const row = page.getByTestId('admin-file-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const id = Number(await row.getAttribute('data-file-id'));
    const title = (await row.getByTestId('file-title').textContent()) ?? '';
    const res = await page.request.get(`/api/admin/tracks/${id}/stats`);
    expect(res.status()).toBe(200);
    const stats: TrackStats = await res.json();
    await row.getByRole('button', { name: `「${title}」の統計を見る` }).click();
    const dialog = page.getByTestId('track-stats-dialog');
    await expect(dialog.getByRole('heading', { name: `「${title}」の統計` })).toBeVisible();
    await expect(dialog.getByTestId('stats-plays')).toHaveText(formatCount(stats.plays));
    await expect(dialog.getByTestId('stats-likes')).toHaveText(formatCount(stats.likes));
    await expect(dialog.getByTestId('stats-completion-rate')).toHaveText(`${Math.round(stats.completionRate * 1000) / 10}%`);
    // Where listeners stop: one bar and one table row a tenth.
    await expect(dialog.getByTestId('stats-stops-chart').locator('rect')).toHaveCount(10);
    await expect(dialog.getByTestId('stats-stops-table').locator('tbody tr')).toHaveText(
      stats.stops.map((n, i) => `${i * 10}〜${(i + 1) * 10}%${n}`),
    );
  });

  test('#40.6: at 390 px, after a track is hidden on 投稿音声, every row keeps its buttons on the screen', async ({
    page,
    demo: _demo,
  }) => {
    const mine = await myTracks(page);
    const index = mine.findIndex((t) => t.isVisible);
    seeded(mine[index], "a visible track of the demo member's");
    await page.goto('/profile?tab=my-tracks');
    const rows = page.getByTestId('my-track-row');
    // The tab's code and list come after the page on a loaded machine.
    await expect(rows).toHaveCount(mine.length, { timeout: 30_000 });
    const row = rows.nth(index);
    await row.getByTestId('visibility-toggle').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '非公開にする' }).click();
    await expect(row).toHaveAttribute('data-visible', 'false');
    await expect(row).toContainText('非公開');

    // Nothing wider than the screen, and each row's buttons inside it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH);
    const outside: string[] = [];
    for (const [n, r] of (await rows.all()).entries()) {
      for (const id of ['visibility-toggle', 'track-stats-open', 'delete-track']) {
        const box = await r.getByTestId(id).boundingBox();
        if (!box || box.x < 0 || box.x + box.width > WIDTH) outside.push(`row ${n} ${id}: ${JSON.stringify(box)}`);
      }
    }
    expect(outside).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`my-tracks-hidden-${WIDTH}.png`), fullPage: true });

    // Shown again, so other journeys see the catalogue unchanged.
    await row.getByTestId('visibility-toggle').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '公開する' }).click();
    await expect(row).toHaveAttribute('data-visible', 'true');
  });
});
