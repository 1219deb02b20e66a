import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';

// The users feature's tables (docs/architecture.md, "Who owns which table"); re-exported by db/schema.ts for drizzle-kit and the client.

/** Members and the official account (id 'mugen'). Identity is issuer + subject (Google OIDC). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    name: text('name').notNull(),
    picture: text('picture'),
    customUserId: text('custom_user_id'),
    xHandle: text('x_handle'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumStartDate: timestamp('premium_start_date', { withTimezone: true }),
    premiumEndDate: timestamp('premium_end_date', { withTimezone: true }),
    totalPremiumMonths: integer('total_premium_months').notNull().default(0),
    /** A pause in force until then: no premium and no billing (issue 17; features/premium/rule.ts). */
    premiumPausedUntil: timestamp('premium_paused_until', { withTimezone: true }),
    /** When the member used their one pause (once per lifetime); never cleared. */
    premiumPauseUsedAt: timestamp('premium_pause_used_at', { withTimezone: true }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    canInvite: boolean('can_invite').notNull().default(false),
    accessStatus: text('access_status').notNull().default('approved'),
    invitedWith: integer('invited_with'),
    /**
     * The name's reading for search by reading (features/search/readings.ts): kuromoji's reading,
     * NFKC, lower-cased, katakana as hiragana. NULL until the app computes it; a trigger sets it back to
     * NULL when the name changes (migration 0012, decision 0019).
     */
    nameReading: text('name_reading'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_name_reading_missing_idx').on(t.id).where(sql`${t.nameReading} is null`),
    uniqueIndex('users_custom_user_id_lower_idx').on(sql`lower(${t.customUserId})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_idx').on(t.oidcIssuer, t.oidcSubject),
    check('users_access_status_check', sql`${t.accessStatus} in ('approved', 'pending', 'denied')`),
  ],
);

/** A member's row: the one row type of the users table (features/users/queries.ts reads it, the guards hand it on). */
export type UserRow = typeof users.$inferSelect;

/** A required reference to a member: the row goes with the member. */
export const userRef = (column: string) =>
  text(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
