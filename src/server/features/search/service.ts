import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categoryAliases } from '../../../shared/categories';
import type { Track } from '../../../shared/schemas/track';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { type Hearer, hearableSql, listedSql, listTracksWhere, onTrackChange } from '../tracks/public';
import { catchUpReadings, termForms } from './readings';

/**
 * Counting stops here: past it a term hardly narrows the catalogue (の, です), the answer says "at least
 * this many" (totalCapped) and the results are walked most played first instead of ranked in full.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * Whose scripts a search reads: a premium member's (premium-only tracks' too) or anyone else's. A kind,
 * never a member, so identical searches of one kind share one answer (cachedSearch); an owner finds their
 * own premium-only track by its title like anyone.
 */
export type Searcher = 'premium' | 'open';
export const searcherOf = (who: Hearer): Searcher => (who?.isPremium ? 'premium' : 'open');

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

interface TermSql {
  /** The term in the title, category, script or poster name, written or read, without the index function. */
  match: SQL;
  title: SQL;
  /** Title 8, poster 4, category 2, script 1, written or read. */
  rank: SQL;
  /** The same counting only what is written: among equal ranks, 科学 as written before 化学 (かがく) read. */
  writtenRank: SQL;
  /** The grams lookups of each form, for the candidates (migration 0012). */
  grams: SQL;
}

const grams = sql`mugen_search_grams(${tracks.title}, ${tracks.category}, ${tracks.script}, ${tracks.titleReading}, ${tracks.categoryReading}, ${tracks.scriptReading})`;

/** `reading LIKE any of the read forms OR ` (nothing when the term has no read form: a lone kanji). */
const readIn = (reading: AnyPgColumn | SQL, read: string[]) =>
  read.length ? sql`coalesce(${reading}, '') like any(${textArray(read.map(like))}) or ` : sql``;

/**
 * One term's conditions: each field matches when it contains the term as written (ILIKE, as before the
 * readings) or its reading contains one of the term's read forms (LIKE: readings are lower-cased).
 * A reading not computed yet counts as empty.
 */
function termSql({ written, read }: { written: string; read: string[] }, scriptHeard: SQL): TermSql {
  const p = like(written);
  const field = (text: AnyPgColumn, reading: AnyPgColumn) => ({
    // The reading first: LIKE on it is cheaper than ILIKE on Japanese text, and a written kanji term's
    // reading matches the same rows, so ILIKE is mostly skipped.
    any: sql`(${readIn(reading, read)}${text} ilike ${p})`,
    written: sql`${text} ilike ${p}`,
  });
  const title = field(tracks.title, tracks.titleReading);
  const category = field(tracks.category, tracks.categoryReading);
  // A script counts only where the searcher may hear it (#36.4): a premium-only track is found by its
  // title, poster and category by anyone, by what it says only by those the stream plays it to.
  const spoken = field(tracks.script, tracks.scriptReading);
  const script = { any: sql`(${scriptHeard} and ${spoken.any})`, written: sql`(${scriptHeard} and ${spoken.written})` };
  // The posters' ids are found once per query (an InitPlan), not per row.
  const poster = {
    any: sql`${tracks.userId} = any(array(select pu.id from ${users} pu where ${readIn(sql`pu.name_reading`, read)}pu.name ilike ${p}))`,
    written: sql`${tracks.userId} = any(array(select pu.id from ${users} pu where pu.name ilike ${p}))`,
  };
  const rank = (form: 'any' | 'written') => sql`(case when ${title[form]} then 8 else 0 end)
      + (case when ${poster[form]} then 4 else 0 end)
      + (case when ${category[form]} then 2 else 0 end)
      + (case when ${script[form]} then 1 else 0 end)`;
  // One lookup per distinct set of grams (a reading may give the written form's grams again).
  const gramSets = new Map([written, ...read].map(termGrams).map((g) => [g.join('\u0000'), g] as const));
  const lookups = [...gramSets.values()].map((g) => sql`${grams} @> ${textArray(g)}`);
  return {
    match: sql`(${title.any} or ${category.any} or ${script.any} or ${poster.any})`,
    title: title.any,
    rank: rank('any'),
    writtenRank: rank('written'),
    grams: sql`(${sql.join(lookups, sql` or `)})`,
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
 * which suits Japanese), as written or as read (readings.ts: おんせん, オンセン, ｵﾝｾﾝ and 温泉 alike),
 * optionally in a category (aliases included); paged, with the total.
 *
 * First the candidates come from indexes only: the grams index (every character or pair of each form
 * of each term, over the texts and their readings; migrations 0004 and 0012) and the category-names
 * index, plus the tracks of posters whose name matches a term. Up to `cap` candidates (the usual case
 * for a real word): each is checked with ILIKE and LIKE, ranked title > poster > category > script
 * (then what matched as written before what matched as read) then by plays, and the total is exact. More than `cap`: the term hardly
 * narrows the catalogue (の, です); the results are walked most played first (tracks with every term in
 * the title, then the rest), stopping after `offset + limit` rows, and the total is a lower bound
 * (at most `cap`) with `totalCapped`. Decision records 0006 and 0019.
 */
export async function searchTracks(
  db: Db,
  japanese: JapaneseEngine,
  opts: { terms: string[]; category?: string; limit: number; offset: number; cap?: number; searcher?: Searcher },
): Promise<SearchAnswer> {
  const cap = opts.cap ?? SEARCH_COUNT_CAP;
  // The forms are found before the transaction: a kanji term may need the dictionary loaded first.
  const forms = await Promise.all(opts.terms.map((term) => termForms(japanese, term)));
  const scriptHeard = hearableSql({ userId: null, isAdmin: false, isPremium: opts.searcher === 'premium' });
  const terms = forms.map((f) => termSql(f, scriptHeard));
  const inCategory = opts.category ? sql`${categoryNames} && ${textArray(categoryAliases(opts.category))}` : undefined;
  const where = and(listedSql(), inCategory, ...terms.map((t) => t.match))!;

  return inTransaction(db, async (tx) => {
    // 1. Candidates from the indexes alone. Sequential scans are off so that the grams function is
    //    never evaluated row by row (it costs about a millisecond on a 2 KB script).
    // JIT and parallel workers are off for the whole search too: its queries are all meant to take
    // milliseconds, and compiling one, or starting workers that walk the plays index in three pieces,
    // takes far longer (see the walk below).
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    // Only one index can serve each of these lookups, so the planner cannot pick a plan that runs the
    // grams function as a filter. The category joins the grams only later, through the ids.
    const indexed = terms.length ? and(...terms.map((t) => t.grams))! : inCategory!;
    const candidates = new Set(ids(await tx.execute(sql`select ${tracks.id} as id from ${tracks} where ${indexed} limit ${cap + 1}`)));
    const common = candidates.size > cap;
    if (!common && forms.length > 0) {
      const posters = sql.join(
        forms.map(({ written, read }) => sql`(${readIn(sql`pu.name_reading`, read)}pu.name ilike ${like(written)})`),
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
      const sum = (xs: SQL[]) => sql`(${sql.join(xs, sql` + `)})`;
      const found = await listTracksWhere(tx, {
        where: among,
        orderBy: terms.length
          ? [sql`${sum(terms.map((t) => t.rank))} desc`, sql`${sum(terms.map((t) => t.writtenRank))} desc`, ...byPlays]
          : byPlays,
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
    // Each tier walks the plays index and stops early. Sorting is off from here (nothing below sorts
    // much: the page is fetched by id and the count is a count): the planner cannot estimate how many
    // rows a reading's LIKE matches and would otherwise read every matching row and sort them (about
    // 320 ms instead of 90 ms for おんせん on 100,000 tracks, loaded machine). The cost this adds to the
    // plan would make PostgreSQL compile the query (JIT: seconds), which is why JIT is off.
    await tx.execute(sql`set local enable_sort = off`);
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
  const n = await countUpTo(db, listedSql(), cap);
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
 * A search that asks the database first catches up the few rows missing their readings (readings.ts).
 */
export function cachedSearch(
  db: Db,
  japanese: JapaneseEngine,
  opts: { terms: string[]; category?: string; limit: number; offset: number; searcher: Searcher },
): Promise<SearchAnswer> {
  let cache = resultCaches.get(db);
  if (!cache) {
    const fresh = new Map<string, { at: number; answer: Promise<SearchAnswer> }>();
    resultCaches.set(db, fresh);
    onTrackChange(db, () => fresh.clear());
    cache = fresh;
  }
  const key = JSON.stringify([opts.terms, opts.category ?? null, opts.limit, opts.offset, opts.searcher]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < RESULT_TTL_MS) return hit.answer;
  // A failure to compute readings never fails the search: those rows are found as written meanwhile.
  const caughtUp = opts.terms.length ? catchUpReadings(db, japanese).catch(() => {}) : Promise.resolve();
  const entry = { at: now, answer: caughtUp.then(() => searchTracks(db, japanese, opts)) };
  const owner = cache;
  cache.delete(key);
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (owner.get(key) === entry) owner.delete(key);
  });
  if (cache.size > MAX_RESULTS) cache.delete(cache.keys().next().value as string);
  return entry.answer;
}
