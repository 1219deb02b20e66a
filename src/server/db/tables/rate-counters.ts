import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Infrastructure, no feature's: the HTTP layer's shared counters (http/counters.ts; re-exported by db/schema.ts).

/**
 * Rate-limit and sign-in counters shared by every app instance (issue 24): one row per key (limit kind
 * and client), the hits of the current window and when it ends. A row whose window is over counts from 1
 * again; rows long past their window are swept. With REDIS_URL the counters live in Redis instead.
 * The migration also adds the trigger that announces every ended session (live-sessions.ts).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);
