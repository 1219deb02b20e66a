import { describe, expect, it } from 'vitest';
import { pullDistance, pullTriggersRefresh } from './pull-to-refresh';

describe('pull-to-refresh (L-9-02, L-9-03)', () => {
  it('follows the finger at 0.3 of its distance, at most 80 px, never upwards', () => {
    expect(pullDistance(100)).toBeCloseTo(30);
    expect(pullDistance(-50)).toBe(0);
    expect(pullDistance(1000)).toBe(80);
    expect(pullDistance(Number.NaN)).toBe(0);
  });

  it('refreshes from a 40 px pull, not at 30 px', () => {
    expect(pullTriggersRefresh(30)).toBe(false);
    expect(pullTriggersRefresh(39.9)).toBe(false);
    expect(pullTriggersRefresh(40)).toBe(true);
    expect(pullTriggersRefresh(pullDistance(100))).toBe(false);
    expect(pullTriggersRefresh(pullDistance(170))).toBe(true);
  });
});
