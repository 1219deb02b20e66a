import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { categoryAliases } from '../../../shared/categories';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { listTracksWhere } from '../tracks/service';

/**
 * Counting stops here: past it a term hardly narrows the catalogue (の, です), the answer says "at least
 * this many" (totalCapped) and the results are walked most played first instead of ranked in full.
 */
export const SEARCH_COUNT_CAP = 1000;

export interface SearchAnswer {
  tracks: Track[];
  total: number;
  totalCapped?: boolean;
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The characters of a term that the grams index must hold (migration 0004): the term itself when it is
 * one character, else every pair of adjacent characters. Lower-cased like the index.
 */
export function termGrams(term: string): string[] {
  const chars = [...term.toLowerCase()];
  if (chars.length <= 1) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
}

const textArray = (xs: readonly string[]) =>
  sql`ARRAY[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

const gramsExpr = sql`mugen_search_grams(${tracks.title}, ${tracks.category}, ${tracks.script})`;

/** Tracks whose poster's name contains the term: the ids are found once per query, not per row. */
const posterMatch = (p: string) => sql`${tracks.userId} = any(array(select pu.id from ${users} pu where pu.name ilike ${p}))`;

interface TermSql {
  /** The term somewhere: title, category, script (through the grams index) or poster name. */
  indexed: SQL;
  /** The same match without the index function, for plans that walk rows in play order. */
  plain: SQL;
  title: SQL;
  rank: SQL;
}

function termSql(term: string): TermSql {
  const p = like(term);
  const inText = sql`(${tracks.title} ilike ${p} or ${tracks.category} ilike ${p} or ${tracks.script} ilike ${p})`;
  return {
    indexed: sql`((${gramsExpr} @> ${textArray(termGrams(term))} and ${inText}) or ${posterMatch(p)})`,
    plain: sql`(${inText} or ${posterMatch(p)})`,
    title: sql`${tracks.title} ilike ${p}`,
    rank: sql`(case when ${tracks.title} ilike ${p} then 8 else 0 end)
      + (case when ${posterMatch(p)} then 4 else 0 end)
      + (case when ${tracks.category} ilike ${p} then 2 else 0 end)
      + (case when ${tracks.script} ilike ${p} then 1 else 0 end)`,
  };
}

function categoryCondition(category: string): SQL {
  return sql`regexp_split_to_array(${tracks.category}, '\\s*,\\s*') && ${textArray(categoryAliases(category))}`;
}

/** How many rows `where` matches, counting no further than `cap + 1`. */
async function countUpTo(db: Db, where: SQL, cap: number): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${tracks} where ${where} limit ${cap + 1}) as s`),
  );
  return n;
}

/**
 * Visible tracks whose title, poster name, category or script contains every term (substring match,
 * which suits Japanese), optionally in a category (aliases included); paged, with the total.
 *
 * Up to `cap` matches (the usual case for a real word): ranked title > poster > category > script, then
 * by plays, and the exact total. More than `cap`: the total is `cap` with `totalCapped`, and the order is
 * tracks with every term in the title first, then the rest, each most played first; both walk the
 * plays index and stop after `offset + limit` rows, so a term found everywhere costs no more than a
 * rare one. Decision record 0006.
 */
export async function searchTracks(
  db: Db,
  opts: { terms: string[]; category?: string; limit: number; offset: number; cap?: number },
): Promise<SearchAnswer> {
  const cap = opts.cap ?? SEARCH_COUNT_CAP;
  const base: SQL[] = [eq(tracks.isVisible, true) as SQL];
  if (opts.category) base.push(categoryCondition(opts.category));
  const terms = opts.terms.map(termSql);
  const indexedWhere = and(...base, ...terms.map((t) => t.indexed))!;

  return inTransaction(db, async (tx) => {
    // Only the grams index can find a short term without reading every script; the planner is not
    // left to guess how selective a 1-character term is.
    if (terms.length > 0) await tx.execute(sql`set local enable_seqscan = off`);
    const matched = await countUpTo(tx, indexedWhere, cap);
    if (matched === 0) return { tracks: [], total: 0 };

    if (matched <= cap) {
      const byPlays = [sql`${tracks.playCount} desc`, sql`${tracks.id} desc`];
      const rank = sql.join(
        terms.map((t) => t.rank),
        sql` + `,
      );
      const found = await listTracksWhere(tx, {
        where: indexedWhere,
        orderBy: terms.length ? [sql`(${rank}) desc`, ...byPlays] : byPlays,
        limit: opts.limit,
        offset: opts.offset,
      });
      return { tracks: found, total: matched };
    }

    await tx.execute(sql`set local enable_seqscan = on`);
    const n = opts.offset + opts.limit;
    const plainWhere = and(...base, ...terms.map((t) => t.plain))!;
    const ordered = sql`order by ${tracks.playCount} desc, ${tracks.id} desc limit ${n}`;
    const idsSql = terms.length
      ? sql`select id from (
          (select ${tracks.id} as id, 1 as tier, ${tracks.playCount} as plays from ${tracks}
            where ${and(plainWhere, ...terms.map((t) => t.title))} ${ordered})
          union all
          (select ${tracks.id}, 2, ${tracks.playCount} from ${tracks}
            where ${plainWhere} and not (${and(...terms.map((t) => t.title))}) ${ordered})
        ) as s order by tier, plays desc, id desc offset ${opts.offset} limit ${opts.limit}`
      : sql`select ${tracks.id} as id from ${tracks} where ${plainWhere} ${ordered} offset ${opts.offset}`;
    const ids = rowsOf<{ id: number }>(await tx.execute(idsSql)).map((r) => r.id);
    const rows = ids.length ? await listTracksWhere(tx, { where: inArray(tracks.id, ids) }) : [];
    const byId = new Map(rows.map((t) => [t.id, t]));
    return { tracks: ids.flatMap((id) => byId.get(id) ?? []), total: cap, totalCapped: true };
  });
}

/** How many visible tracks there are, counted up to the cap (the recommended list's total). */
export async function countVisible(db: Db, cap = SEARCH_COUNT_CAP): Promise<{ total: number; totalCapped?: boolean }> {
  const n = await countUpTo(db, eq(tracks.isVisible, true) as SQL, cap);
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}
