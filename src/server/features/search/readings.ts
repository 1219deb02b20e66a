// Search by reading (issue 20, decision 0019). A listener types with a kana keyboard: おんせん, オンセン,
// ｵﾝｾﾝ and 温泉 must find the same track. Each track keeps the reading of its title, category and script
// (each user, of their name) as kuromoji gives it, the tokenizer the offline voice already uses, folded
// as queries are: NFKC (full-width Latin, half-width kana), lower case, katakana as hiragana. The grams
// index (migration 0012) covers the texts and their readings, so a 1- or 2-character term, written or
// read, stays one index lookup.
//
// A reading is NULL until the app computes it. Writers call refreshSearchReadings after inserting or
// changing a track; a trigger sets a reading back to NULL whenever its text changes without it (any
// writer, even one that forgot), and a search first catches up the few rows missing one (a big backlog,
// such as every track after the migration, is left to the background sweep started at boot). A row
// without its reading is still found by what is written.

import { type SQL, sql } from 'drizzle-orm';
import { type Db, inTransaction, rowsOf } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { toHiragana } from '../../providers/japanese/index';
import type { JapaneseEngine } from '../../providers/japanese/types';

export { toHiragana };

/** How readings and queries are compared: NFKC, lower-cased, katakana as hiragana. */
export const foldText = (s: string) => toHiragana(s.normalize('NFKC').toLowerCase());

/** Only kanji (and 々, 〆) are read otherwise than they are written; kana and Latin need no dictionary. */
const HAN = /\p{Script=Han}/u;

/** Starts the dictionary process now (a benchmark's warm-up), so the next reading does not wait for it. */
export async function warmReadings(japanese: JapaneseEngine): Promise<void> {
  await japanese.readings(['漢字']);
}

/**
 * The readings of texts, in order: without kanji folded here; with kanji from the dictionary process
 * (one message for them all). A word without a reading counts as written.
 */
async function readingsOf(japanese: JapaneseEngine, texts: (string | null | undefined)[]): Promise<string[]> {
  const folded = texts.map((t) => (t ? t.normalize('NFKC').toLowerCase() : ''));
  const kanji = folded.filter((t) => HAN.test(t));
  const read = await japanese.readings(kanji);
  let next = 0;
  return folded.map((t) => toHiragana(HAN.test(t) ? read[next++] : t));
}

/** The search reading of a text, folded to hiragana for matching (温泉旅行 → おんせんりょこう, ＡＩと未来 → aiとみらい, ｵﾝｾﾝ → おんせん). */
export async function searchReadingOf(japanese: JapaneseEngine, text: string | null | undefined): Promise<string> {
  return (await readingsOf(japanese, [text]))[0];
}

/**
 * The readings a track's row stores: give them with the texts when inserting one
 * (`.values({ ...fields, ...(await searchReadingsOf(fields)) })`), or call refreshSearchReadings after.
 */
export async function searchReadingsOf(
  japanese: JapaneseEngine,
  fields: { title: string; category?: string | null; script?: string | null },
) {
  const [titleReading, categoryReading, scriptReading] = await readingsOf(japanese, [fields.title, fields.category, fields.script]);
  return { titleReading, categoryReading, scriptReading };
}

/**
 * The forms of one search term: as written (NFKC, lower-cased), matched against the texts as before;
 * and as read, matched against the readings: a term without kanji folded (オンセン, ｵﾝｾﾝ → おんせん), a
 * term of 2 characters or more with a kanji by its reading (温泉 → おんせん, おんせん旅行 →
 * おんせんりょこう). A lone kanji is matched as written only: its reading (茶 → ちゃ, 日 → ひ) is part of
 * too many unrelated words. Readings hold kanji only where the dictionary has no reading for a word,
 * and there the text holds the same kanji: a kanji term as written is not looked for in them.
 */
export async function termForms(japanese: JapaneseEngine, term: string): Promise<{ written: string; read: string[] }> {
  const written = term.normalize('NFKC').toLowerCase();
  if (!HAN.test(written)) return { written, read: [toHiragana(written)] };
  if ([...written].length < 2) return { written, read: [] };
  // Without the dictionary (it failed to load) the term is still matched as written.
  const reading = await searchReadingOf(japanese, written).catch(() => '');
  return { written, read: reading ? [reading] : [] };
}

// ——— keeping the readings ———

const trackMissing = sql`(${tracks.titleReading} is null or ${tracks.categoryReading} is null or ${tracks.scriptReading} is null)`;
const userMissing = sql`${users.nameReading} is null`;

interface MissingTrack {
  id: number;
  title: string | null;
  category: string | null;
  script: string | null;
}

/** Tracks missing a reading, with only the texts whose reading is missing. */
async function missingTracks(db: Db, where: SQL, limit: number, lock: boolean): Promise<MissingTrack[]> {
  return rowsOf<MissingTrack>(
    await db.execute(sql`select ${tracks.id} as id,
        case when ${tracks.titleReading} is null then ${tracks.title} end as title,
        case when ${tracks.categoryReading} is null then coalesce(${tracks.category}, '') end as category,
        case when ${tracks.scriptReading} is null then coalesce(${tracks.script}, '') end as script
      from ${tracks} where ${trackMissing} and ${where} order by ${tracks.id} limit ${limit}
      ${lock ? sql`for update skip locked` : sql``}`),
  );
}

/** The readings of the peeked rows' texts, keyed by row and text (computed before any row is locked). */
async function readingsByRow<R extends { id: number | string }>(
  japanese: JapaneseEngine,
  rows: R[],
  fields: (keyof R)[],
): Promise<Map<string, string>> {
  const keys: string[] = [];
  const texts: (string | null)[] = [];
  for (const r of rows)
    for (const f of fields) {
      const text = r[f] as string | null;
      if (text === null) continue;
      keys.push(`${r.id}\u0000${String(f)}\u0000${text}`);
      texts.push(text);
    }
  const read = await readingsOf(japanese, texts);
  return new Map(keys.map((k, i) => [k, read[i]]));
}

/**
 * Computes the missing readings of up to `limit` tracks matching `where`; answers how many were
 * looked at. The readings are computed first (in the dictionary process), then the rows are locked
 * (a concurrent edit waits; another instance skips them) and given the readings of the texts they
 * still hold; a text changed meanwhile waits for the next round.
 */
async function refreshTracks(db: Db, japanese: JapaneseEngine, where: SQL, limit: number): Promise<number> {
  const peek = await missingTracks(db, where, limit, false);
  if (peek.length === 0) return 0;
  const read = await readingsByRow(japanese, peek, ['title', 'category', 'script']);
  return inTransaction(db, async (tx) => {
    const rows = await missingTracks(tx, where, limit, true);
    for (const r of rows) {
      const reading = (f: keyof MissingTrack, text: string) => read.get(`${r.id}\u0000${f}\u0000${text}`);
      const set: Partial<typeof tracks.$inferInsert> = {};
      if (r.title !== null) set.titleReading = reading('title', r.title);
      if (r.category !== null) set.categoryReading = reading('category', r.category);
      if (r.script !== null) set.scriptReading = reading('script', r.script);
      // Changed since the peek: the next round does it.
      if (Object.values(set).some((v) => v === undefined)) continue;
      await tx.update(tracks).set(set).where(sql`${tracks.id} = ${r.id}`);
    }
    return rows.length;
  });
}

/** The same for users' names. */
async function refreshUsers(db: Db, japanese: JapaneseEngine, where: SQL, limit: number): Promise<number> {
  const select = (x: Db, lock: boolean) =>
    x
      .execute(
        sql`select ${users.id} as id, ${users.name} as name from ${users} where ${userMissing} and ${where}
          order by ${users.id} limit ${limit} ${lock ? sql`for update skip locked` : sql``}`,
      )
      .then((r) => rowsOf<{ id: string; name: string }>(r));
  const peek = await select(db, false);
  if (peek.length === 0) return 0;
  const read = await readingsByRow(japanese, peek, ['name']);
  return inTransaction(db, async (tx) => {
    const rows = await select(tx, true);
    for (const r of rows) {
      const nameReading = read.get(`${r.id}\u0000name\u0000${r.name}`);
      if (nameReading === undefined) continue;
      await tx.update(users).set({ nameReading }).where(sql`${users.id} = ${r.id}`);
    }
    return rows.length;
  });
}

/**
 * After inserting a track or changing its title, category or script: computes its missing readings,
 * and its poster's, now (a few milliseconds; the dictionary loads once per process, about a second).
 * Every writer of tracks calls it: the seed, the publish job, the admin upload. Forgetting it only
 * delays reading matches until the next search catches the row up.
 */
export async function refreshSearchReadings(db: Db, japanese: JapaneseEngine, trackId: number): Promise<void> {
  await refreshTracks(db, japanese, sql`${tracks.id} = ${trackId}`, 1);
  await refreshUsers(db, japanese, sql`${users.id} = (select t.user_id from ${tracks} t where t.id = ${trackId})`, 1);
}

/** Rows a search computes itself before answering; with more missing, it leaves them to the sweep. */
const CATCH_UP_ROWS = 20;
/** Rows per transaction of the sweep (about 3 ms each for a 2 KB script). */
const SWEEP_BATCH = 20;

interface Keeper {
  sweep?: Promise<void>;
  closed: boolean;
  log: (err: unknown) => void;
}
const keepers = new WeakMap<object, Keeper>();
const keeperOf = (db: Db) => {
  let k = keepers.get(db);
  if (!k) {
    k = { closed: false, log: () => {} };
    keepers.set(db, k);
  }
  return k;
};

async function missingCounts(db: Db, upTo: number): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select
      (select count(*) from (select 1 from ${tracks} where ${trackMissing} limit ${upTo}) as t)::int
      + (select count(*) from (select 1 from ${users} where ${userMissing} limit ${upTo}) as u)::int as n`),
  );
  return n;
}

/**
 * Before a search: rows missing a reading (normally none; the probe reads two small partial indexes)
 * are computed now when they are few, so a search right after a change sees it; a backlog is left to
 * the sweep, which this starts, and the search meanwhile finds those rows by what is written.
 */
export async function catchUpReadings(db: Db, japanese: JapaneseEngine): Promise<void> {
  const k = keeperOf(db);
  if (k.sweep || k.closed) return;
  const n = await missingCounts(db, CATCH_UP_ROWS + 1);
  if (n === 0) return;
  if (n > CATCH_UP_ROWS) {
    void sweepReadings(db, japanese);
    return;
  }
  await refreshTracks(db, japanese, sql`true`, CATCH_UP_ROWS);
  await refreshUsers(db, japanese, sql`true`, CATCH_UP_ROWS);
}

/**
 * Computes every missing reading in the background, a batch at a time (the backlog the migration
 * leaves: about 3 ms a track). One sweep per database handle; it ends when nothing is missing, or when
 * stopReadings is called. A failure is logged and ends the sweep; the next search or boot starts another.
 */
export function sweepReadings(db: Db, japanese: JapaneseEngine, log?: (err: unknown) => void): Promise<void> {
  const k = keeperOf(db);
  if (log) k.log = log;
  if (k.closed) return Promise.resolve();
  k.sweep ??= (async () => {
    try {
      while (!k.closed) {
        const n = (await refreshTracks(db, japanese, sql`true`, SWEEP_BATCH)) + (await refreshUsers(db, japanese, sql`true`, SWEEP_BATCH));
        if (n === 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      k.log(err);
    } finally {
      k.sweep = undefined;
    }
  })();
  return k.sweep;
}

/** Stops the sweep of this database handle (the app is closing) and waits for its batch to end. */
export async function stopReadings(db: Db): Promise<void> {
  const k = keeperOf(db);
  k.closed = true;
  await k.sweep;
}
