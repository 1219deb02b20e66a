import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/tables/columns';
import { themes } from '../features/admin/tables';
import { users } from '../features/users/tables';

// The task queue's table, owned by the jobs layer, not a feature (re-exported by db/schema.ts).

/**
 * The durable task queue (docs/decisions/0015-creation.md, "Queue leases"): each row is a job and its state, claimed by a worker with
 * FOR UPDATE SKIP LOCKED under a lease (an expired lease makes it claimable again), retried with
 * backoff, progress and stage written as it goes. Members' publications and the admin's generations
 * are both tasks.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The job's input, validated by its job's versioned schema (defineJob, src/server/jobs/registry.ts). */
    payload: jsonb('payload').notNull(),
    payloadVersion: integer('payload_version').notNull().default(1),
    status: text('status').notNull().default('queued'),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    errorMessage: text('error_message'),
    result: jsonb('result'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The theme an operator's generation task speaks (admin console, issue 18). */
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    /** What a stage found that the console shows: grounding, the fact-check result (issue 18). */
    stageData: jsonb('stage_data'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_claim_idx').on(t.status, t.runAfter),
    index('tasks_user_idx').on(t.userId),
    index('tasks_theme_idx').on(t.themeId),
    check('tasks_status_check', sql`${t.status} in ('queued', 'processing', 'completed', 'failed', 'cancelled')`),
    check('tasks_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 100`),
  ],
);
