import { boolean, index, pgTable, real, serial } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { trackRef } from '../tracks/tables';
import { userRef } from '../users/tables';

// The listening history's table (re-exported by db/schema.ts).

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
