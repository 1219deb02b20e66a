import { categoryNames } from '../categories';
/** My Page (listener spec §2): tabs, header links and playlist rows. */
export const MY_PAGE_TABS = ['favorites', 'playlists', 'my-tracks'] as const;
export type MyPageTab = (typeof MY_PAGE_TABS)[number];

/** ?tab= selects favorites (default), playlists or my-tracks; any other value gives favorites. */
export function myPageTab(value: string | null | undefined): MyPageTab {
  return (MY_PAGE_TABS as readonly string[]).includes(value ?? '') ? (value as MyPageTab) : 'favorites';
}

export interface UserRef {
  id: string;
  customUserId: string | null;
}

/** A member's public address: /{customUserId}, or /{id} without one. */
export function profilePath(user: UserRef): string {
  return `/${encodeURIComponent(user.customUserId || user.id)}`;
}

/** '@customUserId', or the id's first 8 characters without one (listener spec §9: user id display 8). */
export function shortHandle(user: UserRef): string {
  return `@${user.customUserId || user.id.slice(0, 8)}`;
}

/** '@customUserId', falling back to '@id'. */
export function userHandle(user: UserRef): string {
  return `@${user.customUserId || user.id}`;
}

/** The public URL shortcut: shown as {host}/{customUserId}, copied as the full URL. */
export function publicProfileUrl(location: { origin: string; host: string }, customUserId: string): { label: string; url: string } {
  const id = encodeURIComponent(customUserId);
  return { label: `${location.host}/${id}`, url: `${location.origin}/${id}` };
}

/** Categories of a playlist ('A,B'): at most `max` chips by their canonical names (an alias once), the rest counted as +N. */
export function categoryChips(category: string | null | undefined, max = 2): { shown: string[]; rest: number } {
  const all = categoryNames(category);
  return { shown: all.slice(0, max), rest: Math.max(0, all.length - max) };
}

/** Created date in ja-JP with the short month (2025年5月29日), in Japan time. */
export function formatShortDateJa(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

export const MY_PAGE_MESSAGES = {
  noFollowers: 'フォロワーがいません',
  noFollowing: 'フォロー中のユーザーがいません',
  noFavorites: 'お気に入りがありません',
  noFavoritesHint: '気に入った音声のハートをタップすると、ここに表示されます',
  noPlaylists: 'プレイリストがありません',
  noTracks: '投稿した音声がありません',
  visibilityConfirmShow: 'この音声を公開しますか？',
  visibilityConfirmHide: 'この音声を非公開にしますか？',
  shown: '音声を公開しました',
  hidden: '音声を非公開にしました',
  visibilityFailed: '公開状態の変更に失敗しました',
  deleteConfirm: 'この音声を削除しますか？この操作は取り消せません。',
  deleteFailed: '削除に失敗しました。もう一度お試しください。',
  deleted: '音声を削除しました',
  urlCopied: 'URLをコピーしました',
} as const;

/** A header count: 'マイプレイリスト (N件)'. */
export const myPlaylistsHeading = (n: number) => `マイプレイリスト (${n}件)`;
