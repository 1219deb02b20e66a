import { DAY_MS, RECOMMENDED_COUNT } from '../constants';

export interface RankableTrack {
  id: number;
  playCount: number;
  likeCount: number;
  impressionCount: number;
  uploadedAt: string | Date;
}

/**
 * Recommended-list score (listener spec §9):
 * (plays*1 + likes*2 + impressions*0.5) * exp(-ageDays/30) + (id*73 mod 100)/10, age at least 1 day.
 */
export function trackScore(t: RankableTrack, now: Date = new Date()): number {
  const uploaded = typeof t.uploadedAt === 'string' ? new Date(t.uploadedAt) : t.uploadedAt;
  const ageDays = Math.max(1, (now.getTime() - uploaded.getTime()) / DAY_MS);
  const engagement = t.playCount * 1 + t.likeCount * 2 + t.impressionCount * 0.5;
  return engagement * Math.exp(-ageDays / 30) + ((t.id * 73) % 100) / 10;
}

/**
 * The catalogue order: the top 20 by score first (highest first, ties by id), then every other
 * track newest first. Pure and stable, so the server and tests agree.
 */
export function recommendedOrder<T extends RankableTrack>(tracks: readonly T[], now: Date = new Date()): T[] {
  const scored = tracks.map((t) => ({ t, s: trackScore(t, now) }));
  scored.sort((a, b) => b.s - a.s || a.t.id - b.t.id);
  const top = scored.slice(0, RECOMMENDED_COUNT).map((x) => x.t);
  const topIds = new Set(top.map((t) => t.id));
  const rest = tracks
    .filter((t) => !topIds.has(t.id))
    .sort((a, b) => new Date(b.uploadedAt).getTime() - new Date(a.uploadedAt).getTime() || b.id - a.id);
  return [...top, ...rest];
}
