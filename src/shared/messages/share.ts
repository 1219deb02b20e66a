/** What a person reads on the share buttons (components/share), and the words sent with a shared link. */
export const SHARE_TEXT = {
  shareActions: {
    share: '共有',
    shareLabel: (what: string) => `「${what}」を共有`,
    line: 'LINEで送る',
    lineLabel: (what: string) => `「${what}」をLINEで送る（新しいタブ）`,
    copy: 'リンクをコピー',
    copied: 'コピーしました',
    copyLabel: (what: string) => `「${what}」のリンクをコピー`,
  },
  /** The podcast feed of a profile or a public playlist (components/share/podcast-feed.tsx). */
  podcastFeed: {
    heading: 'ポッドキャストで聴く',
    copy: 'フィードのURLをコピー',
    copied: 'コピーしました',
    open: 'アプリで開く',
    openLabel: 'ポッドキャストアプリで開く',
    note: 'お使いのポッドキャストアプリにURLを登録すると、新しい回が届きます',
  },
  /** The social card (og:description) of a premium-only track: what it is, never what it says (#36.4). */
  card: {
    premiumOnly: 'プレミアム会員限定の番組です。',
  },
  /** The words the share sheet sends with the address. */
  sharedText: {
    track: (title: string) => `「${title}」を無限で聴いてみませんか`,
    playlist: (name: string) => `プレイリスト「${name}」を無限で聴いてみませんか`,
    invitation: '無限に招待します。このリンクから登録できます',
    invitationTitle: '無限への招待',
  },
} as const;
