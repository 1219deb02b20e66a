import { boolean, index, pgTable, primaryKey, real, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { trackRef } from '../tracks/tables';
import { userRef } from '../users/tables';

// The listening history's tables (re-exported by db/schema.ts).

export const listeningHistory = pgTable(
  'listening_history',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    trackId: trackRef('track_id'),
    duration: real('duration').notNull().default(0),
    progressPercent: real('progress_percent').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('listening_history_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The listens the history's rows make (issue 40.3, decision 0047): one row per track, Japan day and member,
 * kept with each history row in its transaction (history/service.ts), so a track's stats read a few
 * thousand listens instead of every stretch of its history: how far the member got that day, whether
 * one stretch reached the end, and the seconds heard.
 */
export const listens = pgTable(
  'listens',
  {
    trackId: trackRef('track_id'),
    /** The Asia/Tokyo day, YYYY-MM-DD. */
    day: text('day').notNull(),
    userId: userRef('user_id'),
    reached: real('reached').notNull(),
    completed: boolean('completed').notNull(),
    seconds: real('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.day, t.userId] }), index('listens_user_idx').on(t.userId)],
);
