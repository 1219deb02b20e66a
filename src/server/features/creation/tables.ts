import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Claim } from '../../../shared/schemas/creation';
import { createdAt } from '../../db/tables/columns';
import { userRef } from '../users/tables';

// The creation page's tables: daily and per-minute usage, spoken previews, fact checks (re-exported by db/schema.ts).

/**
 * Generations a member used on one Asia/Tokyo calendar day (YYYY-MM-DD). One row per member and day;
 * its count moves by a conditional upsert, so concurrent requests can never pass the daily limit.
 */
export const creationUsage = pgTable(
  'creation_usage',
  {
    userId: userRef('user_id'),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('creation_usage_count_check', sql`${t.count} >= 0`)],
);

/**
 * The model calls of the creation page's script writer (generate-script, regenerate-script), counted
 * per member (issue 24.7): one row each, the Asia/Tokyo day with its count and the current clock minute
 * (minutes since the epoch) with its count. A call is taken by one conditional upsert, atomically.
 */
export const scriptUsage = pgTable(
  'script_usage',
  {
    userId: userRef('user_id').primaryKey(),
    day: text('day').notNull(),
    dayCount: integer('day_count').notNull().default(0),
    minute: integer('minute').notNull(),
    minuteCount: integer('minute_count').notNull().default(0),
  },
  (t) => [check('script_usage_counts_check', sql`${t.dayCount} >= 0 and ${t.minuteCount} >= 0`)],
);

/** Spoken previews of the creation page: the member's own, kept one hour, then deleted with their file. */
export const creationPreviews = pgTable(
  'creation_previews',
  {
    filename: text('filename').primaryKey(),
    userId: userRef('user_id'),
    title: text('title').notNull(),
    script: text('script').notNull(),
    duration: real('duration').notNull(),
    speakingRate: real('speaking_rate').notNull(),
    /**
     * The publishing task this preview was claimed by (set at publish, with the row locked): a second
     * publish of the same preview answers this task instead of making a second track.
     */
    taskId: integer('task_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('creation_previews_user_idx').on(t.userId),
    index('creation_previews_expires_idx').on(t.expiresAt),
    uniqueIndex('creation_previews_task_idx').on(t.taskId),
  ],
);

/**
 * The fact check the server made of a script it wrote for a member (generate-script, regenerate-script),
 * by the script's SHA-256: publishing that exact script keeps its claims and their sources with the
 * track; an edited script is checked offline instead. Kept a day (decision 0028).
 */
export const scriptChecks = pgTable(
  'script_checks',
  {
    userId: userRef('user_id'),
    scriptHash: text('script_hash').notNull(),
    claims: jsonb('claims').$type<Claim[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scriptHash] }), index('script_checks_created_idx').on(t.createdAt)],
);
