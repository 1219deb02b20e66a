import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { users } from '../users/tables';

// The sign-in's tables: sessions, OpenID Connect flows in flight and cookie consents (re-exported by db/schema.ts).

/** Sign-in sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    // Set null rather than cascade: a session whose user was removed by an admin answers user_not_found.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    deviceInfo: text('device_info'),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Cookie-consent records sent by the browser (POST /api/session). */
export const consentSessions = pgTable('consent_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  cookieConsent: boolean('cookie_consent').notNull(),
  analyticsConsent: boolean('analytics_consent').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An OpenID Connect sign-in in flight, keyed by its state; deleted when used, so a code cannot be replayed. */
export const authFlows = pgTable('auth_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect'),
  invitationCode: text('invitation_code'),
  payment: boolean('payment').notNull().default(false),
  createdAt: createdAt(),
});
