import { sql } from 'drizzle-orm';
import { TRACK_STATS_STOP_BUCKETS } from '../../../shared/constants';
import { type Db, rowsOf } from '../../db/client';
import { listens } from '../../db/schema';

/**
 * The listens of one track, grouped by Japan day and by the tenth where they stopped (issue 40.3, decision
 * 0047). A listen is one member's listening of the track on one Asia/Tokyo day: every history row (a
 * stretch between pauses, page switches and the end) of that member, track and day, kept together in
 * `listens` as the rows come (service.ts, insertListening). It stopped at the furthest point it reached
 * (a completed listen at the end, in the last tenth), heard the sum of its stretches' seconds, and was
 * completed when one of its stretches reached the end.
 */
export interface ListenGroup {
  /** YYYY-MM-DD in Japan. */
  day: string;
  /** 0..9: the tenth of the track where the listens stopped. */
  tenth: number;
  listens: number;
  completions: number;
  seconds: number;
}

const l = listens;
/** Constants of the query, written into it (not parameters, whose types Postgres would have to guess). */
const lastTenth = sql.raw(String(TRACK_STATS_STOP_BUCKETS - 1));
const tenthPercent = sql.raw(String(100 / TRACK_STATS_STOP_BUCKETS));

/** One pass over the track's listens (its primary key's range): a few hundred groups at most a year. */
export async function listenGroupsOf(db: Db, trackId: number): Promise<ListenGroup[]> {
  const result = await db.execute(sql`
    select ${l.day} as day,
      least(${lastTenth}, floor(case when ${l.completed} then 100 else ${l.reached} end / ${tenthPercent}))::int as tenth,
      count(*)::int as listens, (count(*) filter (where ${l.completed}))::int as completions, sum(${l.seconds})::float8 as seconds
    from ${l} where ${l.trackId} = ${trackId}
    group by 1, 2`);
  return rowsOf<ListenGroup>(result).map((r) => ({ ...r, seconds: Number(r.seconds) }));
}
