import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { recommendedOrder } from '../../../shared/rules/ranking';
import { inTransaction, rowsOf } from '../../db/client';
import { tracks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { invalidateCatalogue } from './catalogue-page';
import { trackChanged } from './changes';

// Issue 16: the recommendation score is maintained (score_base, kept by a trigger with every counter)
// and its index serves the top 20; the order stays exactly the spec's formula at the time of asking.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 600 tracks: engagement of every size, ages from today to a year, so the jitter and the decay both matter.
  const rows = Array.from({ length: 600 }, (_, n) => ({
    title: `スコア ${n}`,
    filename: `score-${n}.mp3`,
    duration: 200,
    createdBy: 'mugen',
    playCount: (n * 7919) % 97,
    likeCount: (n * 104_729) % 13,
    impressionCount: (n * 31) % 151,
    uploadedAt: new Date(Date.now() - ((n * 37) % 365) * DAY_MS - (n % 24) * 3_600_000),
  }));
  await t.db.insert(tracks).values(rows);
  await trackChanged(t.db, null);
});
afterAll(() => t.close());

const catalogue = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/tracks?limit=200' })).json() as Promise<Parameters<typeof recommendedOrder>[0]>;

describe('the maintained recommendation score', () => {
  it('is kept by the database for every row: engagement × exp((uploaded − 2025-01-01) / 30 days)', async () => {
    const [row] = await t.db.select().from(tracks).where(eq(tracks.filename, 'score-5.mp3'));
    const engagement = row.playCount + row.likeCount * 2 + row.impressionCount * 0.5;
    const expected = engagement * Math.exp((row.uploadedAt.getTime() - Date.UTC(2025, 0, 1)) / (30 * DAY_MS));
    expect(row.scoreBase / expected).toBeCloseTo(1, 9);
    await t.db
      .update(tracks)
      .set({ likeCount: sql`${tracks.likeCount} + 50` })
      .where(eq(tracks.id, row.id));
    const [after] = await t.db.select().from(tracks).where(eq(tracks.id, row.id));
    expect(
      after.scoreBase / ((engagement + 100) * Math.exp((row.uploadedAt.getTime() - Date.UTC(2025, 0, 1)) / (30 * DAY_MS))),
    ).toBeCloseTo(1, 9);
  });

  it('gives the same top 20 as the formula over every track, before and after counters move', async () => {
    for (let round = 0; round < 3; round++) {
      invalidateCatalogue(t.db);
      const page = await catalogue();
      const all = rowsOf<{ id: number; playCount: number; likeCount: number; impressionCount: number; uploadedAt: string }>(
        await t.db.execute(
          sql`select id, play_count as "playCount", like_count as "likeCount", impression_count as "impressionCount", uploaded_at as "uploadedAt" from tracks where is_visible`,
        ),
      );
      const expected = recommendedOrder(all)
        .slice(0, 20)
        .map((x) => x.id);
      expect(page.slice(0, 20).map((x) => x.id)).toEqual(expected);
      // Plays move some middling tracks up for the next round.
      await t.db.execute(sql`update tracks set play_count = play_count + 40 where id % 53 = ${round}`);
    }
  });

  it('can serve the top 20 from its index, not by scoring every track', async () => {
    // 600 rows are few enough for the planner to prefer a scan; with scans priced out it must show that
    // the partial index on (score_base desc, id) gives the order by itself, with no sort.
    const plan = await inTransaction(t.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select id from tracks where is_visible order by score_base desc, id limit 40`),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using tracks_score_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
