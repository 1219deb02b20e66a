import { describe, expect, it } from 'vitest';
import { badgeCount, notificationMessage, relativeTimeJa } from './notifications';

describe('badgeCount', () => {
  it('shows 9+ above 9', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('9+');
  });
});

describe('relativeTimeJa', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("reads '数秒前', minutes, hours, 1 to 3 days, then YYYY/MM/DD", () => {
    expect(relativeTimeJa(ago(5), now)).toBe('数秒前');
    expect(relativeTimeJa(ago(59), now)).toBe('数秒前');
    expect(relativeTimeJa(ago(60), now)).toBe('1分前');
    expect(relativeTimeJa(ago(3599), now)).toBe('59分前');
    expect(relativeTimeJa(ago(3600), now)).toBe('1時間前');
    expect(relativeTimeJa(ago(86_400), now)).toBe('1日前');
    expect(relativeTimeJa(ago(3 * 86_400 + 100), now)).toBe('3日前');
    expect(relativeTimeJa(ago(4 * 86_400), now)).toBe('2026/03/06');
  });
});

describe('notificationMessage', () => {
  it('words each kind in Japanese, with bundles', () => {
    const base = { bundleCount: 1, actorName: '花子', trackTitle: '朝の話', playlistName: null };
    expect(notificationMessage({ ...base, type: 'follow' })).toBe('花子さんがあなたをフォローしました');
    expect(notificationMessage({ ...base, type: 'like', bundleCount: 12 })).toBe('花子さんほか9+人が「朝の話」にいいねしました');
    expect(notificationMessage({ ...base, type: 'milestone_1000' })).toBe('「朝の話」の再生回数が1,000回に達しました');
    expect(notificationMessage({ ...base, type: 'playlist_add', playlistName: '夜' })).toBe(
      '花子さんが「朝の話」をプレイリスト「夜」に追加しました',
    );
  });
});
