import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/tables/columns';
import { playlists } from '../playlists/tables';
import { tracks } from '../tracks/tables';
import { userRef, users } from '../users/tables';

// The notifications feature's tables: the inbox and the devices web push reaches (re-exported by db/schema.ts).

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    type: text('type').notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    bundleCount: integer('bundle_count').notNull().default(1),
    isRead: boolean('is_read').notNull().default(false),
    /** When web push delivery was done for the current bundle; null = still to push. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unpushed_idx').on(t.id).where(sql`pushed_at is null`),
  ],
);

/** Web push subscriptions of members' devices; removed when the push service says 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
