/** What a person reads in the browser's pwa feature, grouped by the component that shows it. */
export const PWA_TEXT = {
  installSteps: {
    tapShare: '共有ボタンをタップします',
    chooseAdd: '「ホーム画面に追加」を選びます',
    tapAdd: '「追加」をタップします',
  },
  installGuideDialog: {
    title: 'ホーム画面に追加',
    description: '無限をアプリのように使えます（近日公開）',
    ariaLabel: 'ホーム画面に追加する手順',
  },
  pwaSettingsDialog: {
    title: 'PWA設定',
    description: 'ホーム画面から使うときの設定です',
    label: 'プッシュ通知',
    hint: 'いいねやフォローをこの端末にお知らせします',
    label2: '自動再生',
    hint2: 'アプリを開くと2秒後に再生を始めます（1セッションに1回）',
    label3: 'バックグラウンド再生',
    hint3: '画面を閉じたり他のアプリに切り替えても再生を続けます',
    link: 'プレミアムについて見る',
  },
} as const;
