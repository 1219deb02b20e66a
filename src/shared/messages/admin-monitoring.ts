/** The console's 監視 tab and /admin/monitoring (creator-operator spec §2.4, §8). */
export const ADMIN_MONITORING_TEXT = {
  tab: {
    heading: 'システム監視',
    lead: 'サーバーの状態を確認するためのエンドポイントです。詳しい数値はモニタリング画面で確認できます。',
    openPage: 'モニタリング画面を開く',
    healthCard: 'ヘルスチェック',
    healthCardBody: 'サーバー、メモリ、データベース接続の状態を JSON で返します。',
    pingCard: 'Ping',
    pingCardBody: 'サーバーが応答するかだけを確かめる軽いエンドポイントです。',
    uptimeCard: '稼働時間',
    uptimeCardBody: '前回の起動からの経過時間です。',
    devTools: '開発者ツール',
    devToolsBody: 'このブラウザのローカルストレージをすべて削除して再読み込みします。Cookie の同意もリセットされます。',
    clearStorage: 'ローカルストレージをクリア',
    clearTitle: 'ローカルストレージをすべて削除しますか？',
    clearBody: 'このブラウザに保存された設定（Cookie の同意、テーマ、保存したユーザー名など）がすべて消え、ページを再読み込みします。',
    clearConfirm: '削除して再読み込み',
  },
  page: {
    /** The header's way back: to the console's 監視 tab. */
    back: '監視へ戻る',
    heading: 'モニタリング',
    lead: 'ヘルスチェックは30秒ごと、Ping は10秒ごとに自動で更新します。',
    clock: '現在時刻',
    health: 'ヘルス',
    healthOk: '正常',
    healthDegraded: '異常',
    uptime: '稼働時間',
    memory: 'メモリ使用量',
    memoryOf: (used: string, total: string) => `${used} / ${total}`,
    database: 'データベース',
    dbConnected: '接続中',
    dbDisconnected: '切断',
    ping: 'Ping 応答時間',
    pingMs: (ms: number) => `${ms} ms`,
    checkedAt: (time: string) => `最終確認 ${time}`,
    checking: '確認中…',
    /** A figure /health could not give (the check failed). */
    unknown: '—',
    /** Spec §8: the health check failed. */
    healthError: '接続エラー',
    /** Spec §8: the ping failed. */
    pingError: 'テスト失敗',
    refresh: '今すぐ更新',
    /** #29.2: provider settings /health reports wrong. */
    problemsTitle: '設定の問題',
    recommendTitle: '外部の死活監視もおすすめします',
    recommendBody:
      'この画面は開いている間だけ状態を確かめます。サーバーが止まったときに通知を受け取るには、Uptime Kuma のようなセルフホストの死活監視ツールを別のマシンで動かし、/health（status が "ok" であること）と /ping を監視してください。',
    recommendLink: 'Uptime Kuma（GitHub）',
  },
} as const;
