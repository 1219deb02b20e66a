import { describe, expect, it } from 'vitest';
import { CREATE_PAGE_CATEGORIES } from '../categories';
import {
  addCategory,
  canCreatePlaylist,
  categorySuggestions,
  isPremiumActive,
  moveItem,
  playlistBackPath,
  playlistLimit,
  playlistShareUrl,
  reorderPayload,
} from './playlist-form';

describe('playlist forms (listener spec §5)', () => {
  it('adds categories trimmed, several, without duplicates (L-5-24, L-5-25)', () => {
    let c = addCategory([], ' ニュース ');
    c = addCategory(c, '科学');
    c = addCategory(c, 'ニュース');
    c = addCategory(c, '   ');
    expect(c).toEqual(['ニュース', '科学']);
    const ten = Array.from({ length: 10 }, (_, i) => `c${i}`);
    expect(addCategory(ten, 'more')).toEqual(ten);
    expect(addCategory([], 'あ'.repeat(40))).toEqual(['あ'.repeat(30)]);
  });

  it('suggests the 15 create-page categories without a query, else 5 from the database and 3 built-in (L-9-09)', () => {
    expect(categorySuggestions('', [], [])).toEqual([...CREATE_PAGE_CATEGORIES]);
    expect(categorySuggestions('', [], ['科学'])).not.toContain('科学');
    const db = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    expect(categorySuggestions('a', db, ['a2'])).toEqual(['a1', 'a3', 'a4', 'a5']);
    expect(categorySuggestions('ス', [], [])).toEqual(['ビジネス', '健康・ウェルネス', 'ライフスタイル']);
    expect(categorySuggestions('楽', ['音楽', '楽器'], [])).toEqual(['音楽', '楽器']);
    expect(categorySuggestions('ニュース', ['ニュース'], [])).toEqual(['ニュース']);
  });

  it('disables create for an empty name, an error, the limit or a running submit (L-5-20..23)', () => {
    const ok = { name: '朝の音声', hasError: false, count: 0, premium: false, submitting: false };
    expect(canCreatePlaylist(ok)).toBe(true);
    expect(canCreatePlaylist({ ...ok, name: '  ' })).toBe(false);
    expect(canCreatePlaylist({ ...ok, hasError: true })).toBe(false);
    expect(canCreatePlaylist({ ...ok, count: 10 })).toBe(false);
    expect(canCreatePlaylist({ ...ok, count: 10, premium: true })).toBe(true);
    expect(canCreatePlaylist({ ...ok, count: 100, premium: true })).toBe(false);
    expect(canCreatePlaylist({ ...ok, submitting: true })).toBe(false);
    expect(playlistLimit(false)).toBe(10);
    expect(playlistLimit(true)).toBe(100);
  });

  it('counts premium as the server does: the flag and an end date ahead', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isPremiumActive({ isPremium: true, premiumEndDate: '2026-02-01T00:00:00Z' }, now)).toBe(true);
    expect(isPremiumActive({ isPremium: true, premiumEndDate: '2025-12-01T00:00:00Z' }, now)).toBe(false);
    expect(isPremiumActive({ isPremium: true, premiumEndDate: null }, now)).toBe(false);
    expect(isPremiumActive({ isPremium: false, premiumEndDate: '2026-02-01T00:00:00Z' }, now)).toBe(false);
    expect(isPremiumActive(null, now)).toBe(false);
  });

  it('shares /{customUserId or userId}/playlist/{id} and goes back to where it came from (L-2.9-04, L-2.9-05)', () => {
    expect(playlistShareUrl('https://m.example', { id: 7, userId: 'u-1', user: { customUserId: 'demo' } })).toBe(
      'https://m.example/demo/playlist/7',
    );
    expect(playlistShareUrl('https://m.example', { id: 7, userId: 'u-1', user: { customUserId: null } })).toBe(
      'https://m.example/u-1/playlist/7',
    );
    expect(playlistBackPath('profile')).toBe('/profile?tab=playlists');
    expect(playlistBackPath(null)).toBe('/playlists');
  });

  it('moves an item and numbers every item once, densely (L-7.3-15)', () => {
    const items = [{ id: 10 }, { id: 11 }, { id: 12 }];
    expect(moveItem(items, 12, 10).map((i) => i.id)).toEqual([12, 10, 11]);
    expect(moveItem(items, 10, 11).map((i) => i.id)).toEqual([11, 10, 12]);
    expect(moveItem(items, 10, 99).map((i) => i.id)).toEqual([10, 11, 12]);
    expect(reorderPayload(moveItem(items, 12, 10))).toEqual({
      items: [
        { id: 12, order: 0 },
        { id: 10, order: 1 },
        { id: 11, order: 2 },
      ],
    });
  });
});
