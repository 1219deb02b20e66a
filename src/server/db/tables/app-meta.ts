import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

// Infrastructure, no feature's: facts about this installation that main.ts and the CLI read (re-exported by db/schema.ts).

/** Small facts about this installation, e.g. that the demo seed has completed. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
