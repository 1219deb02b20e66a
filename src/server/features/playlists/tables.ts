import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { trackRef } from '../tracks/tables';
import { userRef } from '../users/tables';

// The playlists feature's tables, and the categories the playlist form suggests (re-exported by db/schema.ts).

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    category: text('category').notNull().default('その他'),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(true),
    publicSlug: text('public_slug'),
    impressionCount: integer('impression_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('playlists_user_idx').on(t.userId), uniqueIndex('playlists_user_slug_idx').on(t.userId, t.publicSlug)],
);

/** A required reference to a playlist: the row goes with the playlist. */
export const playlistRef = (column: string) =>
  integer(column)
    .notNull()
    .references(() => playlists.id, { onDelete: 'cascade' });

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: playlistRef('playlist_id'),
    trackId: trackRef('track_id'),
    order: integer('order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('playlist_items_track_idx').on(t.playlistId, t.trackId), index('playlist_items_order_idx').on(t.playlistId, t.order)],
);

export const playlistFollows = pgTable(
  'playlist_follows',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    playlistId: playlistRef('playlist_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('playlist_follows_pair_idx').on(t.userId, t.playlistId)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_idx').on(t.name)],
);
