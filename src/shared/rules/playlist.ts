export const PLAYLIST_MESSAGES = {
  nameRequired: 'プレイリスト名は必須です',
  nameTooLong: 'プレイリスト名は50文字以内で入力してください',
  notFound: 'プレイリストが見つかりません',
  limitFree: 'プレイリストは10個まで作成できます（プレミアムは100個まで）',
  limitPremium: 'プレイリストは100個まで作成できます',
  privateNeedsPremium: '非公開プレイリストはプレミアム会員のみ作成できます',
  alreadyAdded: 'この音声は既にプレイリストに追加されています',
  notOwner: 'このプレイリストを変更する権限がありません',
  reorderInvalid: '並び順の指定が正しくありません',
  createFailed: 'プレイリストの作成に失敗しました',
  addFailed: 'プレイリストへの追加に失敗しました',
  removeFailed: 'プレイリストからの削除に失敗しました',
  reorderFailed: '順序の更新に失敗しました',
  reordered: '順序を更新しました',
  notInPlaylist: 'この音声はプレイリストにありません',
  cannotFollow: 'このプレイリストはフォローできません',
  categoryRequired: 'カテゴリ名を入力してください',
  categoryTooLong: 'カテゴリ名は30文字以内で入力してください',
} as const;

export const OTHER_CATEGORY = 'その他';

/** Several categories, no duplicates, joined by commas; その他 when none (listener spec §5). */
export function joinCategories(input: string | readonly string[] | null | undefined): string {
  const parts = (typeof input === 'string' ? input.split(',') : (input ?? [])).map((c) => c.trim()).filter(Boolean);
  const unique = [...new Set(parts)].map((c) => c.slice(0, 30)).slice(0, 10);
  return unique.length ? unique.join(',') : OTHER_CATEGORY;
}

/**
 * The slug the edit form derives: lowercase, non-word characters removed, spaces to hyphens, at most
 * 50 characters, prefixed with the user id. Letters of every script count as word characters, so a
 * Japanese name keeps its words.
 */
export function playlistSlug(userId: string, name: string): string {
  const body = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 50)
    .replace(/-+$/, '');
  return `${userId}-${body || 'playlist'}`;
}

export const PLAYLIST_NAME_MAX = 50;

/** What is wrong with a playlist name (after trimming), or null: required, at most 50 characters. */
export function playlistNameProblem(name: string): string | null {
  const n = name.trim();
  if (n.length < 1) return PLAYLIST_MESSAGES.nameRequired;
  if (n.length > PLAYLIST_NAME_MAX) return PLAYLIST_MESSAGES.nameTooLong;
  return null;
}

/** A playlist's card text when it has no description of its own. */
export const playlistCardDescription = (ownerName: string, itemCount: number) => `${ownerName}さんのプレイリスト（${itemCount}件の音声）`;
