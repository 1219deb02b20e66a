import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants';
import { recommendedOrder, trackScore } from './ranking';

const now = new Date('2026-01-31T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS).toISOString();

describe('trackScore (listener spec §9)', () => {
  it('is (plays + 2*likes + 0.5*impressions) * exp(-ageDays/30) + (id*73 mod 100)/10', () => {
    const t = { id: 3, playCount: 10, likeCount: 5, impressionCount: 4, uploadedAt: daysAgo(30) };
    expect(trackScore(t, now)).toBeCloseTo((10 + 10 + 2) * Math.exp(-1) + 1.9, 10); // 3*73 = 219
  });

  it('counts an age under one day as one day', () => {
    const a = { id: 1, playCount: 100, likeCount: 0, impressionCount: 0, uploadedAt: daysAgo(0.1) };
    const b = { ...a, uploadedAt: daysAgo(1) };
    expect(trackScore(a, now)).toBeCloseTo(trackScore(b, now), 10);
    expect(trackScore(a, now)).toBeCloseTo(100 * Math.exp(-1 / 30) + 7.3, 10);
  });

  it('adds the id term (id*73 mod 100)/10', () => {
    const base = { playCount: 0, likeCount: 0, impressionCount: 0, uploadedAt: daysAgo(5) };
    expect(trackScore({ ...base, id: 74 }, now)).toBeCloseTo(0.2, 10); // 74*73 = 5402
    expect(trackScore({ ...base, id: 100 }, now)).toBe(0);
  });
});

describe('recommendedOrder', () => {
  it('puts the 20 best scores first, then the rest newest first', () => {
    const tracks = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      playCount: i < 5 ? 1000 : 0,
      likeCount: 0,
      impressionCount: 0,
      uploadedAt: daysAgo(i),
    }));
    const order = recommendedOrder(tracks, now);
    expect(order).toHaveLength(30);
    expect(
      order
        .slice(0, 5)
        .map((t) => t.id)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5]);
    const scores = order.slice(0, 20).map((t) => trackScore(t, now));
    for (let i = 1; i < 20; i++) expect(scores[i - 1]).toBeGreaterThanOrEqual(scores[i]);
    const rest = order.slice(20);
    for (let i = 1; i < rest.length; i++) expect(Date.parse(rest[i - 1].uploadedAt)).toBeGreaterThan(Date.parse(rest[i].uploadedAt));
    expect(new Set(order.map((t) => t.id)).size).toBe(30);
  });
});
