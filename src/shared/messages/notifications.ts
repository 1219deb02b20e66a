/** What a person reads in the browser's notifications feature, grouped by the component that shows it. */
export const NOTIFICATIONS_TEXT = {
  kind: {
    followLabel: 'フォロー',
    likeLabel: 'いいね',
    playlistAddLabel: 'プレイリスト追加',
    milestoneLabel: '再生回数',
  },
  notificationRow: {
    separator: '・',
    unread: '未読',
    grouped: 'まとめて',
    countUnit: '件',
  },
  pushSettings: {
    setNote: 'この端末へのプッシュ配信は登録できませんでしたが、アプリ内の通知は引き続き表示されます。',
    cond: 'テスト通知を送信しました',
    notCond: '通知を受け取る端末がありません',
    cond2: (sent: string | number) => `${sent}台の端末に送信しました`,
    notCond2: 'この端末でプッシュ通知をオンにしてください',
    title: 'エラー',
    description: 'テスト通知を送信できませんでした',
    label: 'プッシュ通知',
    hint: 'いいねやフォローをこの端末にお知らせします',
    blocked: '通知はブラウザの設定でブロックされています。',
    button: 'テスト通知を送る',
  },
  notifications: {
    documentTitle: '通知',
    backLabel: 'ホームに戻る',
    body: '通知を見るにはログインしてください。',
  },
  readAllButton: {
    title: 'すべて既読にしました',
    title2: 'エラー',
    description: '既読にできませんでした',
    readAll: 'すべて既読にする',
  },
  listSkeleton: {
    ariaLabel: '読み込み中',
  },
  notificationList: {
    refreshing: '更新中…',
    ready: '離して更新',
    notReady: '引っ張って更新',
    what: '通知',
    title: '通知はまだありません',
    body: 'あなたの音声へのいいねや、新しいフォロワーがここに表示されます。',
  },
} as const;
