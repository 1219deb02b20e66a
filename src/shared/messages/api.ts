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
  payloadTooLarge: '送信データが大きすぎます',
  comingSoon: '準備中',
  crossOrigin: '不正なリクエスト元です',
  /** A premium-only track asked for by someone who is not premium (#24.11). */
  premiumOnly: 'この番組はプレミアム会員限定です',
  signInUnavailable: 'ログインは現在利用できません',
  userNotFound: 'ユーザーが見つかりません',
  cannotFollowSelf: '自分自身をフォローすることはできません',
  notificationNotFound: '通知が見つかりません',
  testPushBody: 'テスト通知です。通知は正しく届いています。',
  pushUnknownService: 'この通知の送信先には対応していません',
  pushEndpointTaken: 'この端末の通知は別のアカウントで登録されています。通知を一度オフにしてからもう一度お試しください',
  logoutPostOnly: 'ログアウトはアプリのログアウトボタンから行ってください',
  unstorableText: '入力内容に使用できない文字が含まれています',
  /** The dictionary's helper: this member already has questions enough waiting (429, #36.5). */
  dictionaryBusyMember: '読みの処理を続けて受け付けています。前の処理が終わってからもう一度お試しください',
  /** The dictionary's helper: its queue is full (503, #36.5). */
  dictionaryBusy: '読みの処理が混み合っています。しばらくしてからもう一度お試しください',
  /** The dictionary's helper did not answer in time (503, #36.5). */
  dictionaryTimeout: '読みの処理に時間がかかりすぎました。しばらくしてからもう一度お試しください',
} as const;

export { PREMIUM_API_MESSAGES, PREMIUM_NOTIFICATION_TYPES } from './premium-api';
export { SUPPORT_API_MESSAGES } from './support';
