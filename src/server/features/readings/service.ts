import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { READING_MESSAGES } from '../../../shared/rules/readings';
import type { ReadingReport } from '../../../shared/schemas/readings';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { readingEntries, readingReports, tasks, tracks } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { hearerOf, transcriptOf } from '../tracks/public';
import { readingDictionary } from './queries';

/**
 * The reading dictionary (issue 25.3, decision 0029): the operator's entries, the kana the voice reads
 * for a text, listeners' reports of misread lines, and the regeneration of a track's audio after a fix.
 */

export { readingDictionary };

/**
 * GET /api/readings: the kana the offline voice reads for this text, the dictionary applied first
 * (read by the dictionary process: the web process never loads kuromoji).
 */
export async function spokenReadingOf(db: Db, japanese: JapaneseEngine, member: UserRow, text: string) {
  // The member's questions at once are capped (issue 36.5): a flood of them waits on no one else's.
  const [reading] = await japanese.kana([text], await readingDictionary(db), `u:${member.id}`);
  return { text, reading };
}

const entryRow = (r: typeof readingEntries.$inferSelect) => ({
  id: r.id,
  surface: r.surface,
  reading: r.reading,
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /api/admin/readings: every entry, by surface. */
export async function listEntries(db: Db) {
  const rows = await db.select().from(readingEntries).orderBy(readingEntries.surface);
  return { entries: rows.map(entryRow) };
}

/** PUT /api/admin/readings: adds the entry, or sets the reading of the surface already there. */
export async function putEntry(db: Db, input: { surface: string; reading: string }) {
  const [before] = await db.select({ id: readingEntries.id }).from(readingEntries).where(eq(readingEntries.surface, input.surface));
  const [row] = await db
    .insert(readingEntries)
    .values(input)
    .onConflictDoUpdate({ target: readingEntries.surface, set: { reading: input.reading, updatedAt: new Date() } })
    .returning();
  return { entry: entryRow(row), created: !before };
}

/** DELETE /api/admin/readings/{id}. */
export async function deleteEntry(db: Db, id: number) {
  const gone = await db.delete(readingEntries).where(eq(readingEntries.id, id)).returning({ id: readingEntries.id });
  if (gone.length === 0) throw notFound(READING_MESSAGES.entryNotFound);
  return { success: true as const };
}

/**
 * POST /api/tracks/{id}/reading-reports: a member reports that a line of a track they may hear is misread.
 * One report per member and line: reporting it again refreshes the note and opens it again.
 */
export async function reportMisreading(
  db: Db,
  japanese: JapaneseEngine,
  member: UserRow,
  trackId: number,
  input: { line: number; note?: string },
) {
  const { lines } = await transcriptOf(db, hearerOf({ userId: member.id, isAdmin: false, member }, new Date()), trackId);
  const line = lines[input.line];
  if (!line) throw new AppError(400, READING_MESSAGES.lineNotFound);
  const note = input.note?.trim() || null;
  const [row] = await db
    .insert(readingReports)
    .values({ trackId, line: input.line, text: line.text, note, userId: member.id })
    .onConflictDoUpdate({
      target: [readingReports.trackId, readingReports.line, readingReports.userId],
      set: { note, text: line.text, resolvedAt: null, taskId: null, createdAt: new Date() },
    })
    .returning({ id: readingReports.id });
  // The line as the voice spoke it, which the operator sees beside the report (issue 37.2).
  const reading = line.reading ?? (await japanese.kana([line.text], await readingDictionary(db)))[0];
  return { id: row.id, trackId, line: input.line, text: line.text, reading };
}

/**
 * GET /api/admin/reading-reports: the open reports, newest first (at most 100), each with its line as the
 * voice spoke it (the track's transcript) and as it reads today with today's dictionary.
 */
export async function listReports(db: Db, japanese: JapaneseEngine): Promise<{ reports: ReadingReport[] }> {
  const rows = await db
    .select({
      id: readingReports.id,
      trackId: readingReports.trackId,
      trackTitle: tracks.title,
      line: readingReports.line,
      text: readingReports.text,
      spoken: sql<string | null>`${tracks.transcript} -> ${readingReports.line} ->> 'reading'`,
      note: readingReports.note,
      createdAt: readingReports.createdAt,
      taskId: readingReports.taskId,
      taskStatus: tasks.status,
    })
    .from(readingReports)
    .innerJoin(tracks, eq(tracks.id, readingReports.trackId))
    .leftJoin(tasks, eq(tasks.id, readingReports.taskId))
    .where(isNull(readingReports.resolvedAt))
    .orderBy(desc(readingReports.createdAt), desc(readingReports.id))
    .limit(100);
  const readings = await japanese.kana(
    rows.map((r) => r.text),
    await readingDictionary(db),
  );
  const reports: ReadingReport[] = rows.map((r, i) => ({
    id: r.id,
    trackId: r.trackId,
    trackTitle: r.trackTitle,
    line: r.line,
    text: r.text,
    note: r.note,
    reading: readings[i],
    // A transcript kept before readings were, and never read since: the analyser's reading of the line.
    spokenReading: r.spoken ?? readings[i],
    createdAt: r.createdAt.toISOString(),
    task: r.taskId !== null && r.taskStatus ? { id: r.taskId, status: r.taskStatus } : null,
  }));
  return { reports };
}

/** The reports a completed regeneration answers: those tied to its task. */
export async function resolveReports(db: Db, taskId: number, trackId: number): Promise<void> {
  await db
    .update(readingReports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(readingReports.taskId, taskId), eq(readingReports.trackId, trackId), isNull(readingReports.resolvedAt)));
}
