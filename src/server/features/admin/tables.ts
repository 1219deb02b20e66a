import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';

// The operator console's table (re-exported by db/schema.ts).

/**
 * Themes for the operators' generation (admin console テーマ管理, issue 18): extracted from a YouTube
 * video by the script writer, or written by hand. pending (審査中) → approved (採用) or rejected (不採用).
 */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    perspective: text('perspective').notNull().default(''),
    content: text('content').notNull(),
    status: text('status').notNull().default('pending'),
    youtubeUrl: text('youtube_url'),
    youtubeTitle: text('youtube_title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('themes_status_idx').on(t.status, t.createdAt),
    check('themes_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
