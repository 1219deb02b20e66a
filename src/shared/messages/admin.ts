/**
 * The operators' console (creator-operator spec §2.4, §8): the sign-in, the shell and the API's admin
 * answers. Each tab keeps its own texts in its own file (admin-audio.ts, admin-themes.ts, admin-members.ts,
 * admin-monitoring.ts).
 */
export const ADMIN_API_MESSAGES = {
  /** 401 of every admin call without an operator's session (spec §8, the user-delete alert's 401). */
  authRequired: '管理者認証が必要です。ログインしてください。',
  loginFailed: '認証に失敗しました',
  credentialsRequired: 'ユーザー名とパスワードを入力してください',
  tooManyAttempts: (minutes: number) => `ログインの試行回数が多すぎます。${minutes}分後にもう一度お試しください`,
  /** 429 while the server checks as many passwords as it will at once (issue 24.3). */
  loginBusy: 'ただいまログインが混み合っています。しばらくしてからもう一度お試しください',
  consoleOff: '管理コンソールは無効です。サーバーに ADMIN_USERNAME と ADMIN_PASSWORD を設定してください',
} as const;

export const ADMIN_TEXT = {
  title: '管理コンソール',
  login: {
    heading: '管理者ログイン',
    lead: '管理者アカウントでログインしてください',
    username: 'ユーザー名',
    password: 'パスワード',
    remember: 'ログイン情報を保存',
    rememberHint: 'ユーザー名を保存し、ログイン状態を長く保ちます（パスワードは保存しません）',
    submit: 'ログイン',
    submitting: 'ログイン中…',
    failed: '認証に失敗しました',
    connectionError: '接続エラーが発生しました',
    checking: '認証状態を確認しています…',
  },
  shell: {
    logout: 'ログアウト',
    backHome: 'ホームへ戻る',
    backAdmin: '管理コンソールへ戻る',
    tabsLabel: '管理メニュー',
  },
  tabs: {
    audio: '音声管理',
    users: '会員管理',
    themes: 'テーマ管理',
    monitoring: '監視',
  },
  /** Shared by the console's lists. */
  common: {
    loadFailed: 'データの読み込みに失敗しました',
    reload: '再読み込み',
    cancel: 'キャンセル',
    confirm: '確認',
    previous: '前へ',
    next: '次へ',
    range: (from: number, to: number, total: number) => `${total}件中 ${from}〜${to}件を表示`,
    pageLabel: (page: number) => `${page}ページ目`,
    pagination: 'ページ送り',
  },
} as const;
