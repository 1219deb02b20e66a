import { eq } from 'drizzle-orm';
import { DAY_MS, TRACK_STATS_DAYS, TRACK_STATS_STOP_BUCKETS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages/api';
import { tokyoDay } from '../../../shared/rules/creation';
import type { TrackStats } from '../../../shared/schemas/track-stats';
import type { Db } from '../../db/client';
import { tracks } from '../../db/schema';
import { found } from '../../http/errors';
import { type ListenGroup, listenGroupsOf } from '../history/public';

/**
 * A track's stats (issue 40.3, decision 0047): its play count and likes (the track's counters), and from
 * the listening history its listens (a member's listening on one Japan day), how many reached the end,
 * the seconds heard per listen, the listens of each of the last 30 Japan days and where they stopped.
 */

/** Who asks: the member (only their own tracks; any other is not found, as a stranger's) or an operator. */
export type StatsAsker = { memberId: string } | 'operator';

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The last TRACK_STATS_DAYS Japan days, oldest first, today last. */
export function lastDays(now: Date): string[] {
  return Array.from({ length: TRACK_STATS_DAYS }, (_, i) => tokyoDay(new Date(now.getTime() - (TRACK_STATS_DAYS - 1 - i) * DAY_MS)));
}

/** The figures of the listens' groups: totals, the days' listens, the stops. */
export function foldListens(groups: ListenGroup[], now: Date) {
  const days = lastDays(now);
  const byDay = new Map(days.map((d) => [d, 0]));
  const stops = Array.from({ length: TRACK_STATS_STOP_BUCKETS }, () => 0);
  let listens = 0;
  let completions = 0;
  let seconds = 0;
  for (const g of groups) {
    listens += g.listens;
    completions += g.completions;
    seconds += g.seconds;
    stops[g.tenth] += g.listens;
    const day = byDay.get(g.day);
    if (day !== undefined) byDay.set(g.day, day + g.listens);
  }
  return {
    completions,
    completionRate: listens ? round(completions / listens, 3) : 0,
    averageListenSeconds: listens ? round(seconds / listens, 1) : 0,
    byDay: days.map((date) => ({ date, plays: byDay.get(date) ?? 0 })),
    stops,
  };
}

export async function trackStats(db: Db, asker: StatsAsker, trackId: number, now: Date): Promise<TrackStats> {
  const [row] = await db
    .select({ id: tracks.id, ownerId: tracks.userId, plays: tracks.playCount, likes: tracks.likeCount })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  const track = found(row && (asker === 'operator' || row.ownerId === asker.memberId) ? row : null, MESSAGES.trackNotFound);
  return { trackId: track.id, plays: track.plays, likes: track.likes, ...foldListens(await listenGroupsOf(db, track.id), now) };
}
