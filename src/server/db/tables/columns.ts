import { timestamp } from 'drizzle-orm/pg-core';

/** The creation and change times every table that keeps them declares the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
