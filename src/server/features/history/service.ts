import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages/api';
import { tokyoDay } from '../../../shared/rules/creation';
import { type Db, inTransaction } from '../../db/client';
import { listeningHistory, listens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { canSeeTrack, findTrack } from '../tracks/public';
import type { Onlooker } from '../users/public';

type Row = typeof listeningHistory.$inferSelect;

const toEntry = (r: Row) => ({
  id: r.id,
  trackId: r.trackId,
  duration: r.duration,
  progressPercent: r.progressPercent,
  completed: r.completed,
  createdAt: r.createdAt.toISOString(),
});

export interface ListeningInput {
  trackId: number;
  duration: number;
  progressPercent: number;
  completed: boolean;
}

/** Records a listen; a track the member may not see (hidden, not theirs) is not found, as everywhere. */
export async function recordListening(db: Db, userId: string, viewer: Onlooker, input: ListeningInput) {
  const access = await findTrack(db, input.trackId);
  if (!access || !canSeeTrack(access, viewer)) throw notFound(MESSAGES.trackNotFound);
  return toEntry(await insertListening(db, { userId, ...input }));
}

/**
 * A history row and, in the same transaction, the listen it belongs to (the member's listening of the
 * track that Japan day, issue 40.3): how far they got, whether they reached the end, the seconds heard.
 */
export function insertListening(db: Db, values: typeof listeningHistory.$inferInsert): Promise<Row> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(listeningHistory).values(values).returning();
    await tx
      .insert(listens)
      .values({
        trackId: row.trackId,
        day: tokyoDay(row.createdAt),
        userId: row.userId,
        reached: row.progressPercent,
        completed: row.completed,
        seconds: row.duration,
      })
      .onConflictDoUpdate({
        target: [listens.trackId, listens.day, listens.userId],
        set: {
          reached: sql`greatest(${listens.reached}, excluded.reached)`,
          completed: sql`${listens.completed} or excluded.completed`,
          seconds: sql`${listens.seconds} + excluded.seconds`,
        },
      });
    return row;
  });
}

/** The member's history, newest first, optionally for one track. */
export async function listeningHistoryOf(db: Db, userId: string, query: { trackId?: number; limit: number }) {
  const rows = await db
    .select()
    .from(listeningHistory)
    .where(and(eq(listeningHistory.userId, userId), query.trackId ? eq(listeningHistory.trackId, query.trackId) : undefined))
    .orderBy(desc(listeningHistory.createdAt), desc(listeningHistory.id))
    .limit(query.limit);
  return rows.map(toEntry);
}
