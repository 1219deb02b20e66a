import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLOSING_SECONDS,
  OPENING_SECONDS,
  PLAN_MARGIN_SECONDS,
  PROGRAMME_MESSAGES,
  PROGRAMME_TOLERANCE_SECONDS,
  SEGUE_SECONDS,
  segueAudioPath,
} from '../../../shared/rules/programme';
import type { Programme, ProgrammeItem } from '../../../shared/schemas/radio';
import { type Db, rowsOf } from '../../db/client';
import { follows, likes, listeningHistory, tracks, type users } from '../../db/schema';
import { AppError, found } from '../../http/errors';
import { type Hearer, hearerOf, hearingOf, listedSql, listTracksWhere, onTrackChange } from '../tracks/public';
import { type Candidate, longestMinutes, type PickOptions, pickProgramme, sumOf } from './pick';
import { pairKey, seguesFor } from './segues';

/** What a programme may play, as the catalogue shows it: visible tracks with audio. */
interface Playable extends Candidate {
  category: string | null;
  userId: string | null;
  isPremiumOnly: boolean;
}

/**
 * Every visible track with what the picking needs (id, length, category, creator), in the catalogue's
 * recommendation order (score_base): kept in memory per database and dropped when a track is shown,
 * hidden, added or deleted (changes.ts, on every instance), and after a minute for the order's sake. A
 * programme then costs three small queries about the listener, not a read of the catalogue.
 */
const CANDIDATES_TTL_MS = 60_000;
/** The candidates' one row of JSON: [id, seconds, category, userId, isPremiumOnly] per track. */
const PlayableListSchema = z.array(z.tuple([z.number(), z.number(), z.string().nullable(), z.string().nullable(), z.boolean()]));
const playableCache = new WeakMap<object, { rows: Promise<Playable[]>; at: number }>();
const watched = new WeakSet<object>();

function playable(db: Db): Promise<Playable[]> {
  if (!watched.has(db)) {
    watched.add(db);
    onTrackChange(db, () => playableCache.delete(db));
  }
  const hit = playableCache.get(db);
  if (hit && Date.now() - hit.at < CANDIDATES_TTL_MS) return hit.rows;
  // One row of JSON instead of 10,000 rows: the embedded database spends most of a large read on the rows.
  const rows = db
    .execute(
      sql`select coalesce(json_agg(json_build_array(${tracks.id}, ${tracks.duration}, ${tracks.category}, ${tracks.userId}, ${tracks.isPremiumOnly})
            order by ${tracks.scoreBase} desc, ${tracks.id}), '[]'::json)::text as list
          from ${tracks} where ${listedSql()} and ${tracks.duration} > 0`,
    )
    .then((result) => {
      const [row] = rowsOf<{ list: string }>(result);
      const list = PlayableListSchema.parse(JSON.parse(row?.list ?? '[]'));
      return list.map(([id, seconds, category, userId, isPremiumOnly]): Playable => ({ id, seconds, category, userId, isPremiumOnly }));
    });
  const entry = { rows, at: Date.now() };
  playableCache.set(db, entry);
  entry.rows.catch(() => {
    if (playableCache.get(db) === entry) playableCache.delete(db);
  });
  return entry.rows;
}

/** What the listener's history and choices say: tracks heard to the end, their categories, the creators they follow. */
async function listenerProfile(db: Db, userId: string) {
  // One round trip: three small lists as JSON.
  const result = await db.execute(sql`select
      (select coalesce(json_agg(distinct ${listeningHistory.trackId}), '[]'::json) from ${listeningHistory}
        where ${listeningHistory.userId} = ${userId} and ${listeningHistory.completed})::text as finished,
      (select coalesce(json_agg(${follows.followingId}), '[]'::json) from ${follows} where ${follows.followerId} = ${userId})::text as followed,
      (select coalesce(json_agg(distinct ${tracks.category}), '[]'::json) from ${tracks}
        where ${tracks.category} is not null and ${tracks.id} in (
          select ${likes.trackId} from ${likes} where ${likes.userId} = ${userId}
          union select ${listeningHistory.trackId} from ${listeningHistory} where ${listeningHistory.userId} = ${userId}))::text as categories`);
  const [row] = rowsOf<{ finished: string; followed: string; categories: string }>(result);
  return {
    finished: new Set(z.array(z.number()).parse(JSON.parse(row.finished))),
    followed: new Set(z.array(z.string()).parse(JSON.parse(row.followed))),
    categories: new Set(z.array(z.string()).parse(JSON.parse(row.categories))),
  };
}

/**
 * The listener's order of preference (decision 0034): tracks not yet heard to the end before those
 * heard; within each, their categories (of what they liked or listened to) and the creators they follow
 * first; then the catalogue's recommendation order. Only what the listener may hear, by the stream's rule
 * (hearingOf: a premium-only track for premium members and its owner).
 */
export function inPriorityOrder(
  rows: readonly Playable[],
  listener: { hearer: Hearer; finished: Set<number>; followed: Set<string>; categories: Set<string> },
): Candidate[] {
  const tiers: Candidate[][] = [[], [], [], []];
  for (const r of rows) {
    if (hearingOf({ isVisible: true, isPremiumOnly: r.isPremiumOnly, ownerId: r.userId }, listener.hearer) !== 'hear') continue;
    const preferred =
      (r.userId !== null && listener.followed.has(r.userId)) || (r.category !== null && listener.categories.has(r.category));
    tiers[(listener.finished.has(r.id) ? 2 : 0) + (preferred ? 0 : 1)].push({ id: r.id, seconds: r.seconds });
  }
  return tiers.flat();
}

export const programmeOptions = (minutes: number): PickOptions => ({
  budgetSeconds: minutes * 60,
  segue: SEGUE_SECONDS,
  opening: OPENING_SECONDS,
  closing: CLOSING_SECONDS,
  toleranceSeconds: PROGRAMME_TOLERANCE_SECONDS - PLAN_MARGIN_SECONDS,
});

/**
 * あと N 分 (GET /api/radio/programme): the member's programme for `minutes`, ending within 30 s of it.
 * The hosts' talk absorbs what the tracks leave (decision 0046). A segue already made counts its measured
 * seconds; one not yet spoken is asked for (a make-segue task) and counts its planned length, which its
 * audio is fitted to when made. Each talk item also names the short spoken bridge of its length, which
 * the player plays when the talk is not there in time. 422 with the longest programme the catalogue
 * allows when none fits.
 */
export async function buildProgramme(db: Db, member: typeof users.$inferSelect, minutes: number, now = new Date()): Promise<Programme> {
  const [rows, profile] = await Promise.all([playable(db), listenerProfile(db, member.id)]);
  const candidates = inPriorityOrder(rows, { ...profile, hearer: hearerOf({ userId: member.id, isAdmin: false, member }, now) });
  const options = programmeOptions(minutes);
  const plan = pickProgramme(candidates, options);
  if (!plan) throw new AppError(422, PROGRAMME_MESSAGES.tooFewTracks(Math.min(minutes - 1, longestMinutes(candidates, options))));
  const trackIds = plan.items.flatMap((i) => (i.kind === 'track' ? [i.trackId] : []));
  const talks = plan.items.flatMap((i) => (i.kind === 'segue' ? [{ from: i.from, to: i.to, seconds: i.seconds }] : []));
  const bridges = [...new Set(talks.map((t) => t.seconds))].map((seconds) => ({ from: null, to: null, seconds }));
  const [full, made] = await Promise.all([
    listTracksWhere(db, { where: inArray(tracks.id, trackIds) }),
    seguesFor(db, [...bridges, ...talks], now),
  ]);
  const byId = new Map(full.map((t) => [t.id, t]));
  const items: ProgrammeItem[] = plan.items.map((i) => {
    if (i.kind === 'track') {
      const track = byId.get(i.trackId);
      return { kind: 'track', seconds: i.seconds, audioUrl: `/api/stream/${i.trackId}`, trackId: i.trackId, title: track?.title, track };
    }
    const segue = found(made.get(pairKey(i)));
    const bridge = found(made.get(pairKey({ from: null, to: null, seconds: i.seconds })));
    const next = i.to === null ? undefined : byId.get(i.to);
    return {
      kind: 'segue',
      // What the hosts were measured to say once made; the planned length until then.
      seconds: segue.status === 'ready' && segue.duration > 0 ? segue.duration : i.seconds,
      audioUrl: segueAudioPath(segue.id),
      fallbackUrl: segueAudioPath(bridge.id),
      segueId: segue.id,
      title:
        i.from === null
          ? PROGRAMME_MESSAGES.openingTitle
          : next
            ? PROGRAMME_MESSAGES.segueTitle(next.title)
            : PROGRAMME_MESSAGES.closingTitle,
    };
  });
  return { minutes, totalSeconds: sumOf(items), items };
}
