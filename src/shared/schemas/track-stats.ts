import { z } from 'zod';
import { TRACK_STATS_DAYS, TRACK_STATS_STOP_BUCKETS } from '../constants';

/**
 * A track's stats (issue 40.3, decision 0047), for its creator (GET /api/my-tracks/{id}/stats) and the
 * operator (GET /api/admin/tracks/{id}/stats). A listen is one member's listening of the track on one
 * Japan day, however many stretches it took (the listening history's rows); the play count is the
 * track's own counter, every play after 3 s, visitors included.
 */
export const TrackStatsDaySchema = z.object({
  date: z.string().describe('the Japan (Asia/Tokyo) day, YYYY-MM-DD'),
  plays: z.number().int().describe("the day's listens: members who listened that day"),
});

export const TrackStatsSchema = z.object({
  trackId: z.number().int(),
  plays: z.number().int().describe("the track's play count: every play after 3 s, visitors included, all time"),
  completions: z.number().int().describe('listens that reached the end, all time'),
  completionRate: z.number().min(0).max(1).describe('completions / listens, 3 decimals; 0 without listens'),
  averageListenSeconds: z.number().describe('seconds heard per listen, 1 decimal; 0 without listens'),
  likes: z.number().int(),
  byDay: z.array(TrackStatsDaySchema).length(TRACK_STATS_DAYS).describe('the last 30 Japan days, today last'),
  stops: z
    .array(z.number().int())
    .length(TRACK_STATS_STOP_BUCKETS)
    .describe('listens by the furthest point reached, in tenths: [0] 0-10 %, ..., [9] 90-100 % (completed listens included)'),
});
export type TrackStats = z.infer<typeof TrackStatsSchema>;
