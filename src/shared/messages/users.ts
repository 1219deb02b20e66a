/** What a person reads in the browser's users feature, grouped by the component that shows it. */
export const USERS_TEXT = {
  profileHeader: {
    official: '公式',
    ariaLabel: (xHandle: string | number) => `X（@${xHandle}）を新しいタブで開く`,
    posts: '投稿',
    label: 'フォロワー',
    label2: 'フォロー中',
    copied: 'コピーしました',
    notCopied: 'リンクをコピー',
  },
  userNotFound: {
    title: 'ユーザーが見つかりません',
    body: '指定されたユーザーは存在しないか、非公開です',
    link: 'ホームに戻る',
  },
  publicProfile: {
    isError: 'ユーザーが見つかりません',
    notIsError: 'プロフィール',
  },
  profileTabs: {
    ariaLabel: 'プロフィールの内容',
    tracks: '投稿音声',
    playlists: '公開プレイリスト',
  },
  userTracks: {
    what: '投稿した音声',
    title: '投稿した音声がありません',
  },
  userPlaylists: {
    what: '公開プレイリスト',
    ariaLabel: '読み込み中',
    title: '公開プレイリストはありません',
  },
  profileSkeleton: {
    ariaLabel: '読み込み中',
  },
} as const;
