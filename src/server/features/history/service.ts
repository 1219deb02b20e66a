import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages/api';
import type { Db } from '../../db/client';
import { listeningHistory } from '../../db/schema';
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
  const [row] = await db
    .insert(listeningHistory)
    .values({
      userId,
      trackId: input.trackId,
      duration: input.duration,
      progressPercent: input.progressPercent,
      completed: input.completed,
    })
    .returning();
  return toEntry(row);
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
