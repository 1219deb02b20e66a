/** The Japanese message catalogue: every text a person reads from the API or the shared rules. */
export const MESSAGES = {
  trackNotFound: '音声が見つかりません',
  notFound: 'ページが見つかりません',
  invalidRequest: '入力内容が正しくありません',
  loginRequired: 'ログインが必要です',
  forbidden: 'この操作を行う権限がありません',
  rangeNotSatisfiable: '指定された範囲は取得できません',
  audioUnavailable: '音声ファイルが見つかりません',
  serverError: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてからもう一度お試しください',
  comingSoon: '準備中',
  crossOrigin: '不正なリクエスト元です',
} as const;
