import { describe, expect, it } from 'vitest';
import { initialTrackIndex, nextIndex, nextPlaybackRate, posterPath, previousIndex, swipeDirection, trackPath } from './player';

describe('initialTrackIndex (L-2.1-02, L-4.2-07, L-4.2-08)', () => {
  it('uses the requested id, else track 74, else the first', () => {
    expect(initialTrackIndex([5, 74, 9], 9)).toBe(2);
    expect(initialTrackIndex([5, 74, 9], null)).toBe(1);
    expect(initialTrackIndex([5, 74, 9], 12345)).toBe(1);
    expect(initialTrackIndex([5, 6, 9])).toBe(0);
    expect(initialTrackIndex([])).toBe(-1);
  });
});

describe('next and previous wrap (L-4.2-04, L-4.2-05)', () => {
  it('wraps at both ends', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(2, 3)).toBe(1);
  });
});

describe('nextPlaybackRate (L-4.2-09)', () => {
  it('cycles 1, 1.25, 1.5, 2, then 1', () => {
    expect([1, 1.25, 1.5, 2].map(nextPlaybackRate)).toEqual([1.25, 1.5, 2, 1]);
    expect(nextPlaybackRate(3)).toBe(1);
  });
});

describe('swipeDirection (L-2.5-08..11)', () => {
  it('needs at least 100 px in under 500 ms', () => {
    expect(swipeDirection(-150, 200)).toBe('next');
    expect(swipeDirection(150, 200)).toBe('previous');
    expect(swipeDirection(-100, 499)).toBe('next');
    expect(swipeDirection(-90, 100)).toBeNull();
    expect(swipeDirection(-150, 600)).toBeNull();
    expect(swipeDirection(-150, 500)).toBeNull();
  });
});

describe('track and poster links (L-2.6-07, L-2.6-08, L-2.8-08, L-2.8-09)', () => {
  it('sends official tracks to /mugen and others to the custom id or user id', () => {
    expect(trackPath({ id: 3, createdBy: 'mugen', posterCustomUserId: 'mugen' })).toBe('/mugen/track/3');
    expect(trackPath({ id: 3, createdBy: 'mugen_official', posterCustomUserId: null })).toBe('/mugen/track/3');
    expect(trackPath({ id: 3, createdBy: 'u-1', posterCustomUserId: 'alice' })).toBe('/alice/track/3');
    expect(trackPath({ id: 3, createdBy: 'u-1', posterCustomUserId: null })).toBe('/u-1/track/3');
    expect(posterPath({ createdBy: 'mugen', posterCustomUserId: null })).toBe('/mugen');
    expect(posterPath({ createdBy: 'u-1', posterCustomUserId: 'alice' })).toBe('/alice');
    expect(posterPath({ createdBy: 'u-1', posterCustomUserId: null })).toBe('/u-1');
  });
});
