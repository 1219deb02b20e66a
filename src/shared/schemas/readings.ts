import { z } from 'zod';
import {
  READING_LIMITS,
  READING_MESSAGES,
  readingForm,
  readingProblem,
  readingTextProblem,
  surfaceForm,
  surfaceProblem,
} from '../rules/readings';
import { checkedString, IntId, writtenText } from './common';

/** GET /api/readings?text=…: the kana the voice reads for a text (members). */
export const ReadingQuerySchema = z.object({ text: checkedString(readingTextProblem, READING_MESSAGES.textRequired, 'multi') });
export const ReadingAnswerSchema = z.object({ text: z.string(), reading: z.string() }).describe('Reading');

/** PUT /api/admin/readings: add an entry, or change the reading of its surface. */
export const ReadingEntryBodySchema = z.object({
  surface: checkedString(surfaceProblem, READING_MESSAGES.surfaceRequired).transform(surfaceForm),
  reading: checkedString(readingProblem, READING_MESSAGES.readingRequired).transform(readingForm),
});
export type ReadingEntryBody = z.input<typeof ReadingEntryBodySchema>;

export const ReadingEntrySchema = z
  .object({ id: z.number().int(), surface: z.string(), reading: z.string(), updatedAt: z.string() })
  .describe('ReadingEntry');
export type ReadingEntryRow = z.infer<typeof ReadingEntrySchema>;
export const ReadingEntriesSchema = z.object({ entries: z.array(ReadingEntrySchema) });
/** PUT's answer: the entry, and whether it is new (201) or changed (200). */
export const ReadingEntryPutAnswerSchema = z.object({ entry: ReadingEntrySchema, created: z.boolean() });

/** POST /api/tracks/{id}/reading-reports: a listener reports a misread transcript line (0-based). */
export const ReadingReportBodySchema = z.object({
  line: z.coerce.number().int().min(0).max(10_000),
  note: writtenText('multi').max(READING_LIMITS.note, READING_MESSAGES.noteTooLong).optional(),
});
/** The report: the line (0-based), its text and its reading as the voice spoke it (katakana, issue 37.2). */
export const ReadingReportAnswerSchema = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  line: z.number().int(),
  text: z.string(),
  reading: z.string(),
});

export const ReadingReportSchema = z
  .object({
    id: z.number().int(),
    trackId: z.number().int(),
    trackTitle: z.string(),
    line: z.number().int(),
    text: z.string(),
    note: z.string().nullable(),
    /** How the voice reads the line now, with today's dictionary. */
    reading: z.string(),
    /** How the voice spoke the line in the track's audio (the transcript's reading, issue 37.2). */
    spokenReading: z.string(),
    createdAt: z.string(),
    /** The regeneration started for the track since the report, if any. */
    task: z.object({ id: z.number().int(), status: z.string() }).nullable(),
  })
  .describe('ReadingReport');
export type ReadingReport = z.infer<typeof ReadingReportSchema>;
export const ReadingReportsSchema = z.object({ reports: z.array(ReadingReportSchema) });

/** POST /api/admin/tracks/{id}/regenerate-audio: the task that speaks the track again. */
export const RegenerateAnswerSchema = z.object({ taskId: z.number().int() });

export const ReadingIdParamSchema = z.object({ id: IntId });
