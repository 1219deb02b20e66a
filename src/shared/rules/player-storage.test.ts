import { describe, expect, it } from 'vitest';
import { parseSeenIds, parseStoredRate, recordSighting } from './player-storage';

describe('parseStoredRate (L-3-23)', () => {
  it('keeps the four speeds and falls back to 1', () => {
    expect(parseStoredRate('1.5')).toBe(1.5);
    expect(parseStoredRate('2')).toBe(2);
    expect(parseStoredRate('3')).toBe(1);
    expect(parseStoredRate('abc')).toBe(1);
    expect(parseStoredRate(null)).toBe(1);
  });
});

describe('impressions once per session (L-4.2-12)', () => {
  it('parses defensively', () => {
    expect(parseSeenIds('[1,2,"x",3.5]')).toEqual([1, 2]);
    expect(parseSeenIds('{')).toEqual([]);
    expect(parseSeenIds('{"a":1}')).toEqual([]);
    expect(parseSeenIds(null)).toEqual([]);
  });
  it('reports only the first sighting of an id', () => {
    const a = recordSighting([], 7);
    expect(a).toEqual({ seen: [7], first: true });
    const b = recordSighting(a.seen, 7);
    expect(b.first).toBe(false);
    expect(recordSighting(b.seen, 8).first).toBe(true);
  });
});
