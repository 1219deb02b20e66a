import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { users } from '../users/tables';

// The invitation-only access's tables (re-exported by db/schema.ts).

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    usedCount: integer('used_count').notNull().default(0),
    maxUses: integer('max_uses').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_idx').on(t.code),
    check('invitations_used_check', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`),
  ],
);
