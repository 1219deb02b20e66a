/** What a person reads in the browser's shared layout, player and UI primitives, grouped by the component that shows it. */
export const SHELL_TEXT = {
  appHeader: {
    name: '無限',
    home: 'ホーム',
  },
  items: {
    homeLabel: 'ホーム',
    searchLabel: '検索',
    createPostLabel: '投稿',
    notificationsLabel: '通知',
    profileLabel: 'マイページ',
  },
  bottomNav: {
    bottomNavLabel: 'メインナビゲーション',
    unreadPrefix: '（未読',
    unreadSuffix: '件）',
  },
  /** The support and legal links at the end of the support, legal and premium pages. */
  siteFooter: {
    label: 'サポートと規約',
    faq: 'よくある質問',
    contact: 'お問い合わせ',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    commercialLaw: '特定商取引法に基づく表記',
    copyright: '© 無限 Mugen',
  },
  loginModal: {
    title: 'ログインが必要です',
    description: 'この機能を利用するにはログインが必要です。Googleアカウントでログインしてください。',
    googleSignIn: 'Googleでログイン',
    consentPrefix: 'ログインすることで、',
    link: '利用規約',
    consentSuffix: 'に同意したものとみなされます。新規登録は招待制です。',
  },
  loginRequiredNotice: {
    title: 'ログインが必要です',
    button: 'ログイン',
  },
  loginRequired: {
    title: 'ログインが必要です',
    button: 'ログイン',
  },
  pageHeader: {
    back: '戻る',
  },
  themeToggle: {
    label: 'ダークモード',
  },
  miniPlayer: {
    miniPlayerLabel: (title: string | number) => `ミニプレイヤー: ${title}（矢印キーで移動、Enterで元に戻す）`,
    miniPlayerMaximiseLabel: 'プレイヤーを元のサイズに戻す',
  },
  playButton: {
    isPlaying: '一時停止',
    notIsPlaying: '再生',
  },
  fullBar: {
    playerBarLabel: '再生中の音声',
    ariaLabel: '再生位置',
    ariaLabel2: (title: string | number) => `${title}の詳細を開く`,
    official: '無限',
    playerBarMinimiseLabel: 'プレイヤーを最小化',
  },
  progressSlider: {
    ariaLabel: '再生位置',
    elapsed: '経過時間 ',
    total: '合計時間 ',
  },
  speedPill: {
    ariaLabel: (rate: string | number) => `再生速度 ${rate}（タップで変更）`,
  },
  speedSelector: {
    ariaLabel: '再生速度',
    ariaLabel2: (r: string | number) => `${r}倍速`,
  },
  categoryChips: {
    ariaLabel: 'カテゴリ',
  },
  playlistCard: {
    playlistItemCount: '件の音声',
    isPublic: '公開',
    notIsPublic: '非公開',
  },
  playTrackButton: {
    playing: (title: string | number) => `${title}を一時停止`,
    notPlaying: (title: string | number) => `${title}を再生`,
  },
  trackRow: {
    official: '無限',
    duration: '長さ ',
    plays: '再生回数 ',
    likes: 'いいね ',
    /** The mark of premium-only content (#24.11). */
    premiumOnly: 'プレミアム限定',
  },
  trackRowSkeletons: {
    ariaLabel: '読み込み中',
  },
  modal: {
    ariaLabel: '閉じる',
  },
  field: {
    optional: '任意',
    required: '必須',
  },
  confirmDialog: {
    button: 'キャンセル',
  },
  toaster: {
    label: '通知',
    ariaLabel: '閉じる',
    label2: '通知 ({hotkey})',
  },
  useCopyUrl: {
    title: 'URLをコピーしました',
  },
} as const;
