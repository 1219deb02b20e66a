import { describe, expect, it } from 'vitest';
import { categoryChips, formatShortDateJa, myPageTab, myPlaylistsHeading, profilePath, publicProfileUrl, userHandle } from './my-page';

describe('My Page (listener spec §2)', () => {
  it('L-2.1-10 L-2.1-11: ?tab selects favorites (default), playlists or my-tracks', () => {
    expect(myPageTab(null)).toBe('favorites');
    expect(myPageTab('playlists')).toBe('playlists');
    expect(myPageTab('my-tracks')).toBe('my-tracks');
    expect(myPageTab('xyz')).toBe('favorites');
    expect(myPageTab('')).toBe('favorites');
  });

  it('L-2.7-05 L-2.7-06: the public URL is shown as host/id and copied in full', () => {
    expect(publicProfileUrl({ origin: 'https://mugen.example.jp', host: 'mugen.example.jp' }, 'demo')).toEqual({
      label: 'mugen.example.jp/demo',
      url: 'https://mugen.example.jp/demo',
    });
  });

  it('L-2.7-13 L-2.7-14: follow rows read @customUserId (fallback id) and link to /{customUserId or id}', () => {
    expect(userHandle({ id: 'u1', customUserId: 'alice' })).toBe('@alice');
    expect(userHandle({ id: 'u1', customUserId: null })).toBe('@u1');
    expect(profilePath({ id: 'u1', customUserId: 'alice' })).toBe('/alice');
    expect(profilePath({ id: 'u1', customUserId: null })).toBe('/u1');
  });

  it('L-2.7-23: up to 2 category chips and +N for the rest', () => {
    expect(categoryChips('A,B,C,D')).toEqual({ shown: ['A', 'B'], rest: 2 });
    expect(categoryChips('A')).toEqual({ shown: ['A'], rest: 0 });
    expect(categoryChips(' A , ,B ')).toEqual({ shown: ['A', 'B'], rest: 0 });
    expect(categoryChips('')).toEqual({ shown: [], rest: 0 });
    // An alias shows by its canonical name, once (#20).
    expect(categoryChips('社会・政治,ビジネス戦略,ビジネス,科学')).toEqual({ shown: ['政治・社会', 'ビジネス'], rest: 1 });
  });

  it('L-2.7-25: the created date is ja-JP with the short month', () => {
    expect(formatShortDateJa('2025-05-29T03:00:00Z')).toBe('2025年5月29日');
    expect(formatShortDateJa('nonsense')).toBe('');
  });

  it("L-2.7-21: the playlists header reads 'マイプレイリスト (N件)'", () => {
    expect(myPlaylistsHeading(3)).toBe('マイプレイリスト (3件)');
  });
});
