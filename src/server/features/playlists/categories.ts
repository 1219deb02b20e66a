import { desc, ilike, sql } from 'drizzle-orm';
import { CREATE_PAGE_CATEGORIES, categoryNames } from '../../../shared/categories';
import type { Db } from '../../db/client';
import { categories, tracks } from '../../db/schema';
import { listedSql } from '../tracks/public';

export interface CategoryCount {
  name: string;
  usageCount: number;
}

/** Records one more use of a category name (created at its first use). */
export async function useCategory(db: Db, name: string): Promise<CategoryCount> {
  const [row] = await db
    .insert(categories)
    .values({ name, usageCount: 1 })
    .onConflictDoUpdate({ target: categories.name, set: { usageCount: sql`${categories.usageCount} + 1` } })
    .returning({ name: categories.name, usageCount: categories.usageCount });
  return row;
}

/** Suggestions for a category search: up to 5 from the database, then up to 3 built-in ones. */
export async function suggestCategories(db: Db, query: string, limit: number): Promise<CategoryCount[]> {
  const q = query.trim();
  const fromDb = await db
    .select({ name: categories.name, usageCount: categories.usageCount })
    .from(categories)
    .where(q ? ilike(categories.name, `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined)
    .orderBy(desc(categories.usageCount), categories.name)
    .limit(5);
  const seen = new Set(fromDb.map((c) => c.name));
  const builtIn = CREATE_PAGE_CATEGORIES.filter((c) => !seen.has(c) && (!q || c.includes(q)))
    .slice(0, 3)
    .map((name) => ({ name, usageCount: 0 }));
  return [...fromDb, ...builtIn].slice(0, limit);
}

/**
 * The categories of visible tracks with how many tracks carry each, most used first: each by its canonical
 * name (a track of 社会・政治 counts for 政治・社会, once), the name its chips and the search tabs show.
 */
export async function categoriesOfVisibleTracks(db: Db): Promise<CategoryCount[]> {
  const rows = await db.select({ category: tracks.category }).from(tracks).where(listedSql());
  const counts = new Map<string, number>();
  for (const r of rows) for (const c of categoryNames(r.category)) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts]
    .map(([name, usageCount]) => ({ name, usageCount }))
    .sort((a, b) => b.usageCount - a.usageCount || a.name.localeCompare(b.name));
}
