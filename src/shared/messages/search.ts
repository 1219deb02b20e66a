/** What a person reads in the browser's search feature, grouped by the component that shows it. */
export const SEARCH_TEXT = {
  categoryTabs: {
    categoryTabsLabel: 'カテゴリ',
    recommended: 'おすすめ',
  },
  searchBox: {
    ariaLabel: '音声を検索',
    searchInputLabel: '検索キーワード',
    searchInputPlaceholder: 'タイトル・投稿者・内容で検索',
    ariaLabel2: '検索キーワードを消す',
  },
  resultsError: {
    what: '検索結果',
  },
  resultsEmpty: {
    title: '該当する音声が見つかりませんでした',
  },
  searchPage: {
    documentTitle: '検索',
  },
  recommendedResults: {
    ariaLabel: 'おすすめの音声',
    body: 'デモ音声を準備しています。しばらくしてからもう一度ご覧ください。',
  },
  results: {
    queryHeading: (q: string) => `「${q}」の検索結果`,
    categoryHeading: (category: string | null) => `${category}の音声`,
    noMatch: (q: string, inCategory: boolean) =>
      `「${q}」に一致する音声はありません。${inCategory ? 'カテゴリを「おすすめ」に戻すか、' : ''}別のキーワードでお試しください。`,
    emptyCategory: 'このカテゴリの音声はまだありません。',
    moreFailed: '続きを読み込めませんでした。もう一度お試しください。',
    loadingMore: '読み込み中…',
    more: 'もっと見る',
  },
} as const;
