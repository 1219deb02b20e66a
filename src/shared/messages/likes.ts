/** What a person reads in the browser's likes feature, grouped by the component that shows it. */
export const LIKES_TEXT = {
  favoritesList: {
    what: 'お気に入り',
    title: 'お気に入りがありません',
    body: '気に入った音声のハートをタップすると、ここに表示されます。',
    link: '音声を聴く',
  },
  favoritesTab: {
    what: 'お気に入り',
    link: '音声を聴きに行く',
  },
  likeButton: {
    showCount: (count: string | number) => `いいね ${count} 件`,
    notShowCount: (count: string | number) => `いいね（${count}件）`,
  },
  favorites: {
    documentTitle: 'お気に入り',
    body: 'お気に入りを見るにはログインしてください。',
  },
} as const;
