import { describe, expect, it } from 'vitest';
import { optimisticLikeCount, pendingLikeIds, pendingLikeKey } from './likes';

describe('likes (listener spec §4 Like)', () => {
  it('changes the count by one at once and never takes it below 0 (L-4.3-03, L-4.3-04)', () => {
    expect(optimisticLikeCount(4, true)).toBe(5);
    expect(optimisticLikeCount(4, false)).toBe(3);
    expect(optimisticLikeCount(0, false)).toBe(0);
    expect(optimisticLikeCount(-2, false)).toBe(0);
    expect(optimisticLikeCount(Number.NaN, true)).toBe(1);
  });

  it('keeps a signed-out like as pendingLike_{trackId} (L-4.3-07)', () => {
    expect(pendingLikeKey(42)).toBe('pendingLike_42');
  });

  it('finds the pending likes among stored keys, ignoring others and malformed ids', () => {
    expect(pendingLikeIds(['mugen_theme', 'pendingLike_3', 'pendingLike_x', 'pendingLike_0', 'pendingLike_12', 'pendingLike_3'])).toEqual([
      3, 12,
    ]);
    expect(pendingLikeIds(['pendingLike_99999999999'])).toEqual([]);
  });
});
