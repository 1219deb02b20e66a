/** What a person reads in the browser's tracks feature, grouped by the component that shows it. */
export const TRACKS_TEXT = {
  playbackError: {
    retry: '再試行',
  },
  heroPlayer: {
    heroPlayerLabel: 'プレイヤー',
    label: '前の音声',
    label2: '次の音声',
    swipeHint: '上下にスワイプして前後の音声へ',
  },
  posterLink: {
    official: '無限',
    posterLinkLabel: (name: string | number) => `投稿者 ${name} のページ`,
  },
  trackDetail: {
    postedOn: '投稿日',
    label: '再生回数',
    label2: '表示回数',
  },
  home: {
    loadFailedTitle: '音声',
    title: 'デモ音声を準備しています…',
    body: 'はじめての起動では、デモ音声の作成に数分かかることがあります。準備ができしだい自動で表示されます。',
  },
  heroSkeleton: {
    ariaLabel: '読み込み中',
  },
  upNext: {
    title: '次に再生',
  },
  trackNotFound: {
    title: '音声が見つかりません',
    body: '削除されたか、非公開になっている可能性があります。',
    link: 'ホームに戻る',
  },
  trackSkeleton: {
    trackLoadingLabel: '読み込み中',
  },
  transcript: {
    title: '文字起こし',
    /** Read after the line by screen readers: the visible text stays the start of the button's name. */
    seekSuffix: '（ここから再生）',
    /** #37.2: shown under a tapped line, before its katakana as the voice spoke it. */
    reading: '読み',
    /** #36.4: the transcript of a premium-only track, for a listener who may not hear it. */
    premiumOnly: '文字起こしはプレミアム会員限定です',
    premiumLink: 'プレミアムプランを見る',
    /** #29.5: the voices' credit their terms require (「VOICEVOX:四国めたん、VOICEVOX:青山龍星」). */
    voiceCredit: (credit: string) => `音声: ${credit}`,
  },
} as const;
