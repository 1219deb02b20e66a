import { index, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { trackRef } from '../tracks/tables';
import { userRef } from '../users/tables';

// The likes feature's table (re-exported by db/schema.ts).

export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    trackId: trackRef('track_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('likes_user_track_idx').on(t.userId, t.trackId), index('likes_track_idx').on(t.trackId)],
);
