/** What a person reads in the browser's users feature, grouped by the component that shows it. */
export const USERS_TEXT = {
  followButton: {
    next: 'フォローに失敗しました',
    notNext: 'フォロー解除に失敗しました',
    title: '操作に失敗しました',
    description: 'フォロー操作に失敗しました',
    following: 'フォロー中',
    notFollowing: 'フォローする',
  },
  followListDialog: {
    followers: 'フォロワー',
    notFollowers: 'フォロー中',
  },
  followRow: {
    ariaLabel: (name: string | number) => `${name}のプロフィールを見る`,
    link: '見る',
  },
  followStats: {
    followingLabel: 'フォロー中',
    followersLabel: 'フォロワー',
    ariaLabel: (label: string | number) => `${label}の一覧を表示`,
  },
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
  text: {
    followersTitle: 'フォロワー',
    followersEmpty: 'フォロワーがいません',
    followingTitle: 'フォロー中',
    followingEmpty: 'フォロー中のユーザーがいません',
  },
  followList: {
    data: (name: string | number, title: string | number) => `${name}の${title}`,
    data2: (name: string | number, title: string | number) => `${name}の${title}`,
    backLabel: 'プロフィールに戻る',
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
