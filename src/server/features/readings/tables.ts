import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { tasks } from '../../jobs/tables';
import { tracks } from '../tracks/tables';
import { users } from '../users/tables';

// The readings feature's tables: the operator's dictionary and listeners' misreading reports (re-exported by db/schema.ts).

/**
 * The operator's reading dictionary (issue 25.3, decision 0029): a word as written in scripts (NFKC)
 * and the katakana every voice that can take it reads for it (the offline voice's kana, VOICEVOX's user
 * dictionary, kana substitution for the cloud voices).
 */
export const readingEntries = pgTable('reading_entries', {
  id: serial('id').primaryKey(),
  surface: text('surface').notNull().unique(),
  reading: text('reading').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A listener's report that a transcript line of a track is misread (読み間違いを報告). One per member
 * and line; `resolvedAt` is set when the track's audio is made again after it (the operator's fix).
 */
export const readingReports = pgTable(
  'reading_reports',
  {
    id: serial('id').primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** The 0-based index of the line in the track's transcript. */
    line: integer('line').notNull(),
    /** The line's text when it was reported. */
    text: text('text').notNull(),
    note: text('note'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The regeneration task the operator started for it, when there is one. */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reading_reports_member_line_idx').on(t.trackId, t.line, t.userId),
    index('reading_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
