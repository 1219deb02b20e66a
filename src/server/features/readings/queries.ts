import type { Db } from '../../db/client';
import { readingEntries } from '../../db/schema';
import type { ReadingEntry } from '../../providers/japanese/index';

/**
 * The reading dictionary's reads other features share (docs/conventions.md "Layers"): the tracks read it
 * to give a transcript stored before readings were kept the reading of each line (issue 37.2).
 */

/** Every entry, as the voices take it (plain data: it crosses into the render process). */
export async function readingDictionary(db: Db): Promise<ReadingEntry[]> {
  return db.select({ surface: readingEntries.surface, reading: readingEntries.reading }).from(readingEntries).orderBy(readingEntries.id);
}
