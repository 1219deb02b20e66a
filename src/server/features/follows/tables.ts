import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { userRef } from '../users/tables';

// The follows feature's table (re-exported by db/schema.ts).

export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    followerId: userRef('follower_id'),
    followingId: userRef('following_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_idx').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);
