/** What a person reads in the browser's follows feature, grouped by the component that shows it. */
export const FOLLOWS_TEXT = {
  followButton: {
    next: 'フォローに失敗しました',
    notNext: 'フォロー解除に失敗しました',
    title: '操作に失敗しました',
    description: 'フォロー操作に失敗しました',
    following: 'フォロー中',
    notFollowing: 'フォローする',
  },
  followStats: {
    followingLabel: 'フォロー中',
    followersLabel: 'フォロワー',
    ariaLabel: (label: string | number) => `${label}の一覧を表示`,
  },
  followListDialog: {
    followers: 'フォロワー',
    notFollowers: 'フォロー中',
  },
  followRow: {
    ariaLabel: (name: string | number) => `${name}のプロフィールを見る`,
    link: '見る',
  },
  followListPage: {
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
} as const;
