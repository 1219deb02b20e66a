import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { trackRef, tracks } from '../tracks/tables';

// The radio's table (re-exported by db/schema.ts).

/**
 * The hosts' spoken bridge from one track into the next (あと N 分, issue 28.2, decision 0034), made once
 * per pair and kept: `toTrackId` null is the closing after `fromTrackId`. A row is `pending` from the
 * programme that first needs it until its task (make-segue) has stored the audio at `storageKey`.
 */
export const segues = pgTable(
  'segues',
  {
    id: serial('id').primaryKey(),
    fromTrackId: trackRef('from_track_id'),
    toTrackId: integer('to_track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    /** Seconds, measured on the stored MP3 (fitted to the planned length). */
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    /** What the hosts say, as a two-host script. */
    script: text('script'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('segues_pair_idx').on(t.fromTrackId, sql`coalesce(${t.toTrackId}, 0)`),
    index('segues_to_idx').on(t.toTrackId),
    check('segues_status_check', sql`${t.status} in ('pending', 'ready')`),
  ],
);
