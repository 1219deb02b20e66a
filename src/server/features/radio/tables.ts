import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { tracks } from '../tracks/tables';

// The radio's table (re-exported by db/schema.ts).

/**
 * The hosts' talk in a programme (あと N 分, issue 28.2, decision 0034; lengths, issue 40.1, decision
 * 0046), made once per pair and length and kept: a segue from one track into the next, the opening before
 * `toTrackId` (`fromTrackId` null), the closing after `fromTrackId` (`toTrackId` null), or, with neither,
 * the short spoken bridge of that length the player plays when a talk is not made in time. A row is
 * `pending` from the programme that first needs it until its task (make-segue) has stored the audio at
 * `storageKey`; `failed` when its task failed for good (a later programme asks again after a while).
 */
export const segues = pgTable(
  'segues',
  {
    id: serial('id').primaryKey(),
    fromTrackId: integer('from_track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    toTrackId: integer('to_track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    /** The planned length in whole seconds: what the words are written for and the audio fitted to. */
    seconds: integer('seconds').notNull().default(10),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    /** Seconds, measured on the stored MP3 (fitted to the planned length): what a programme counts. */
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    /** What the hosts say, as a two-host script. */
    script: text('script'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('segues_talk_idx').on(sql`coalesce(${t.fromTrackId}, 0)`, sql`coalesce(${t.toTrackId}, 0)`, t.seconds),
    index('segues_from_idx').on(t.fromTrackId),
    index('segues_to_idx').on(t.toTrackId),
    check('segues_status_check', sql`${t.status} in ('pending', 'ready', 'failed')`),
  ],
);
