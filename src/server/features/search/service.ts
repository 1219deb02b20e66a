import { and, eq, type SQL, sql } from 'drizzle-orm';
import { categoryAliases } from '../../../shared/categories';
import type { Track } from '../../../shared/schemas/track';
import type { Db } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { listTracksWhere } from '../tracks/service';

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Visible tracks whose title, poster name, category or script contains every term (substring match,
 * which suits Japanese), ranked title > poster > category > script, then by plays; paged, with the
 * total. Every term must match somewhere.
 */
export async function searchTracks(
  db: Db,
  opts: { terms: string[]; category?: string; limit: number; offset: number },
): Promise<{ tracks: Track[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(tracks.isVisible, true)];
  if (opts.category) {
    const names = categoryAliases(opts.category);
    conditions.push(
      sql`regexp_split_to_array(${tracks.category}, '\\s*,\\s*') && ARRAY[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  let rank: SQL = sql`cast(0 as int)`;
  for (const term of opts.terms) {
    const p = like(term);
    conditions.push(
      sql`(${tracks.title} ilike ${p} or ${tracks.category} ilike ${p} or ${tracks.script} ilike ${p} or exists (select 1 from ${users} pu where pu.id = ${tracks.userId} and pu.name ilike ${p}))`,
    );
    rank = sql`${rank} + (case when ${tracks.title} ilike ${p} then 8 else 0 end)
      + (case when exists (select 1 from ${users} pu where pu.id = ${tracks.userId} and pu.name ilike ${p}) then 4 else 0 end)
      + (case when ${tracks.category} ilike ${p} then 2 else 0 end)
      + (case when ${tracks.script} ilike ${p} then 1 else 0 end)`;
  }
  const where = and(...conditions)!;
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(tracks).where(where);
  if (total === 0) return { tracks: [], total: 0 };
  const found = await listTracksWhere(db, {
    where,
    orderBy: [sql`(${rank}) desc`, sql`${tracks.playCount} desc`, sql`${tracks.id} desc`],
    limit: opts.limit,
    offset: opts.offset,
  });
  return { tracks: found, total };
}
