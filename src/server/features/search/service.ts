import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { categoryAliases } from '../../../shared/categories';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { onTrackChange } from '../tracks/changes';
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

/** Tracks whose poster's name contains the term: the ids are found once per query, not per row. */
const posterMatch = (p: string) => sql`${tracks.userId} = any(array(select pu.id from ${users} pu where pu.name ilike ${p}))`;

interface TermSql {
  /** The term in the title, category, script or poster name, without the index function. */
  match: SQL;
  title: SQL;
  rank: SQL;
}

function termSql(term: string): TermSql {
  const p = like(term);
  return {
    match: sql`(${tracks.title} ilike ${p} or ${tracks.category} ilike ${p} or ${tracks.script} ilike ${p} or ${posterMatch(p)})`,
    title: sql`${tracks.title} ilike ${p}`,
    rank: sql`(case when ${tracks.title} ilike ${p} then 8 else 0 end)
      + (case when ${posterMatch(p)} then 4 else 0 end)
      + (case when ${tracks.category} ilike ${p} then 2 else 0 end)
      + (case when ${tracks.script} ilike ${p} then 1 else 0 end)`,
  };
}

const categoryNames = sql`regexp_split_to_array(${tracks.category}, '\\s*,\\s*')`;

/** Rows are visited in this order when a search walks the catalogue (the partial plays index). */
const byPlays = [sql`${tracks.playCount} desc`, sql`${tracks.id} desc`];

/** How many rows `where` matches, counting no further than `cap + 1`. */
async function countUpTo(db: Db, where: SQL, cap: number): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${tracks} where ${where} limit ${cap + 1}) as s`),
  );
  return n;
}

const ids = (rows: unknown) => rowsOf<{ id: number }>(rows).map((r) => r.id);

/**
 * Visible tracks whose title, poster name, category or script contains every term (substring match,
 * which suits Japanese), optionally in a category (aliases included); paged, with the total.
 *
 * First the candidates come from indexes only: the grams index (every term's characters or pairs, see
 * migration 0004) and the category-names index, plus the tracks of posters whose name matches a term.
 * Up to `cap` candidates (the usual case for a real word): each is checked with ILIKE, ranked title >
 * poster > category > script then by plays, and the total is exact. More than `cap`: the term hardly
 * narrows the catalogue (の, です); the results are walked most played first (tracks with every term in
 * the title, then the rest), stopping after `offset + limit` rows, and the total is a lower bound
 * (at most `cap`) with `totalCapped`. Decision record 0006.
 */
export async function searchTracks(
  db: Db,
  opts: { terms: string[]; category?: string; limit: number; offset: number; cap?: number },
): Promise<SearchAnswer> {
  const cap = opts.cap ?? SEARCH_COUNT_CAP;
  const terms = opts.terms.map(termSql);
  const inCategory = opts.category ? sql`${categoryNames} && ${textArray(categoryAliases(opts.category))}` : undefined;
  const where = and(eq(tracks.isVisible, true), inCategory, ...terms.map((t) => t.match))!;

  return inTransaction(db, async (tx) => {
    // 1. Candidates from the indexes alone. Sequential scans are off so that the grams function is
    //    never evaluated row by row (it costs about a millisecond on a 2 KB script).
    await tx.execute(sql`set local enable_seqscan = off`);
    // Only one index can serve each of these lookups, so the planner cannot pick a plan that runs the
    // grams function as a filter. The category joins the grams only later, through the ids.
    const indexed = opts.terms.length
      ? and(
          ...opts.terms.map(
            (term) => sql`mugen_search_grams(${tracks.title}, ${tracks.category}, ${tracks.script}) @> ${textArray(termGrams(term))}`,
          ),
        )!
      : inCategory!;
    const candidates = new Set(ids(await tx.execute(sql`select ${tracks.id} as id from ${tracks} where ${indexed} limit ${cap + 1}`)));
    const common = candidates.size > cap;
    if (!common && opts.terms.length > 0) {
      const posters = sql.join(
        opts.terms.map((term) => sql`pu.name ilike ${like(term)}`),
        sql` or `,
      );
      const byPoster = await tx.execute(
        sql`select ${tracks.id} as id from ${tracks} where ${tracks.userId} in (select pu.id from ${users} pu where ${posters})
            ${inCategory ? sql`and ${inCategory}` : sql``} limit ${cap + 1}`,
      );
      for (const id of ids(byPoster)) candidates.add(id);
    }
    await tx.execute(sql`set local enable_seqscan = on`);

    // 2a. Few candidates: check, rank and count them all.
    if (!common && candidates.size <= cap) {
      if (candidates.size === 0) return { tracks: [], total: 0 };
      const among = and(inArray(tracks.id, [...candidates]), where)!;
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${tracks} where ${among}`));
      if (n === 0) return { tracks: [], total: 0 };
      const rank = sql.join(
        terms.map((t) => t.rank),
        sql` + `,
      );
      const found = await listTracksWhere(tx, {
        where: among,
        orderBy: terms.length ? [sql`(${rank}) desc`, ...byPlays] : byPlays,
        limit: opts.limit,
        offset: opts.offset,
      });
      return { tracks: found, total: n };
    }

    // 2b. Many candidates: walk the plays index; each tier stops after offset + limit rows.
    const n = opts.offset + opts.limit;
    const ordered = sql`order by ${tracks.playCount} desc, ${tracks.id} desc limit ${n}`;
    const idsSql = terms.length
      ? sql`select id from (
          (select ${tracks.id} as id, 1 as tier, ${tracks.playCount} as plays from ${tracks}
            where ${and(...terms.map((t) => t.title), where)} ${ordered})
          union all
          (select ${tracks.id}, 2, ${tracks.playCount} from ${tracks}
            where ${where} and not (${and(...terms.map((t) => t.title))}) ${ordered})
        ) as s order by tier, plays desc, id desc offset ${opts.offset} limit ${opts.limit}`
      : sql`select ${tracks.id} as id from ${tracks} where ${where} ${ordered} offset ${opts.offset}`;
    const pageIds = ids(await tx.execute(idsSql));
    const rows = pageIds.length ? await listTracksWhere(tx, { where: inArray(tracks.id, pageIds) }) : [];
    const byId = new Map(rows.map((t) => [t.id, t]));
    // The total is how many of the first cap + 1 candidates really match: exactly the cap when the
    // term is as common as it looks, else a lower bound (a category or a longer term narrows further).
    const [{ counted }] = rowsOf<{ counted: number }>(
      await tx.execute(sql`select count(*)::int as counted from ${tracks} where ${and(inArray(tracks.id, [...candidates]), where)}`),
    );
    return {
      tracks: pageIds.flatMap((id) => byId.get(id) ?? []),
      total: Math.max(Math.min(counted, cap), opts.offset + pageIds.length),
      totalCapped: true,
    };
  });
}

/** How many visible tracks there are, counted up to the cap (the recommended list's total). */
export async function countVisible(db: Db, cap = SEARCH_COUNT_CAP): Promise<{ total: number; totalCapped?: boolean }> {
  const n = await countUpTo(db, eq(tracks.isVisible, true) as SQL, cap);
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}

const RESULT_TTL_MS = 5_000;
const MAX_RESULTS = 2_000;
const resultCaches = new WeakMap<object, Map<string, { at: number; answer: Promise<SearchAnswer> }>>();

/**
 * searchTracks through a short-lived cache of answers, per database handle. Searching as one types
 * makes the shortest terms (one or two characters, the costliest: they match most of the catalogue)
 * the most asked, by everyone at once: identical searches within 5 s share one answer, and concurrent
 * ones one query. A track shown, hidden, added or deleted empties the cache at once on every instance
 * (changes.ts); only counters (plays, likes) can be up to 5 s old, as on the catalogue page.
 */
export function cachedSearch(db: Db, opts: { terms: string[]; category?: string; limit: number; offset: number }): Promise<SearchAnswer> {
  let cache = resultCaches.get(db);
  if (!cache) {
    const fresh = new Map<string, { at: number; answer: Promise<SearchAnswer> }>();
    resultCaches.set(db, fresh);
    onTrackChange(db, () => fresh.clear());
    cache = fresh;
  }
  const key = JSON.stringify([opts.terms, opts.category ?? null, opts.limit, opts.offset]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < RESULT_TTL_MS) return hit.answer;
  const entry = { at: now, answer: searchTracks(db, opts) };
  const owner = cache;
  cache.delete(key);
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (owner.get(key) === entry) owner.delete(key);
  });
  if (cache.size > MAX_RESULTS) cache.delete(cache.keys().next().value as string);
  return entry.answer;
}
