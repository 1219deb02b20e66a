import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/tables/columns';
import { users } from '../users/tables';

// The contact form's table (re-exported by db/schema.ts).

/**
 * Messages sent with the contact form (issue 19): stored first, then mailed to the operator by the task
 * queue when SMTP is configured. status: pending (not mailed yet, or no SMTP), sent, failed (gave up).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_subject_check', sql`${t.subject} in ('premium', 'technical', 'billing', 'cancellation', 'account', 'other')`),
    check('contact_messages_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
