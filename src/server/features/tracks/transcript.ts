import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tracks } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { readingDictionary } from '../readings/public';
import { type Hearer, transcriptOf } from './queries';

/**
 * GET /api/tracks/{id}/transcript: transcriptOf with every line's reading, the katakana the voice spoke
 * (issue 37.2). A track made since readings are kept has them in its transcript. One stored before has
 * none: its lines are read once by the analyser (the dictionary helper, with today's reading dictionary,
 * as the offline and cloud voices were sent them) and the readings are kept in its transcript, so later
 * reads, and reports of its lines, find them there; a track without timings (no transcript to keep them
 * in) is read each time. When the dictionary helper is too busy to answer, the lines go without a
 * reading this once rather than the transcript failing.
 */
export async function transcriptFor(db: Db, japanese: JapaneseEngine, who: Hearer, id: number) {
  const transcript = await transcriptOf(db, who, id);
  const readings = transcript.lines.map((l) => l.reading);
  const missing = readings.flatMap((r, i) => (r === undefined ? [i] : []));
  if (missing.length) {
    const read = await readLines(
      db,
      japanese,
      missing.map((i) => transcript.lines[i].text),
    );
    if (!read) return transcript;
    missing.forEach((line, k) => {
      readings[line] = read[k];
    });
    await keepReadings(db, id, readings as string[]);
  }
  return { ...transcript, lines: transcript.lines.map((l, i) => ({ ...l, reading: readings[i] })) };
}

/**
 * The analyser's readings of these lines, or null when the dictionary helper is too busy to answer now
 * (429, 503): the transcript is then answered without them, and the next read asks again.
 */
async function readLines(db: Db, japanese: JapaneseEngine, texts: string[]): Promise<string[] | null> {
  try {
    return await japanese.kana(texts, await readingDictionary(db));
  } catch (err) {
    if (err instanceof AppError && (err.status === 429 || err.status === 503)) return null;
    throw err;
  }
}

/**
 * The readings written into the stored transcript, only if it is still the one they were made for: a
 * regeneration that stored another meanwhile keeps its own.
 */
async function keepReadings(db: Db, id: number, readings: string[]): Promise<void> {
  const [row] = await db.select({ transcript: tracks.transcript }).from(tracks).where(eq(tracks.id, id));
  const stored = row?.transcript;
  if (!stored?.length || stored.length !== readings.length) return;
  const filled = stored.map((l, i) => ({ ...l, reading: l.reading ?? readings[i] }));
  await db
    .update(tracks)
    .set({ transcript: filled })
    .where(and(eq(tracks.id, id), sql`${tracks.transcript} = ${JSON.stringify(stored)}::jsonb`));
}
