/**
 * What the premium API answers a person (issue 17), and the premium notifications. The browser's own
 * premium texts (and the spec's 一時停止失敗 / キャンセル失敗 toasts) are in ./premium.ts.
 */
export const PREMIUM_API_MESSAGES = {
  /** 503: production without Stripe configured. */
  paymentsUnavailable: '現在お支払いを受け付けていません。しばらくしてからもう一度お試しください',
  /** 503: the payment provider could not be reached or answered wrongly. */
  providerUnavailable: '決済サービスに接続できませんでした。しばらくしてからもう一度お試しください',
  /** 402: no payment of this member's subscription that the provider confirms. */
  paymentNotConfirmed: 'お支払いを確認できませんでした。お支払いを完了してからもう一度お試しください',
  alreadySubscribed: 'すでにプレミアムをご契約中です',
  noSubscription: 'ご契約中のプレミアムがありません',
  pauseUsed: '一時停止はお一人様1回までです。すでにご利用済みです',
  pauseNeedsActive: '一時停止できるのは更新中のプレミアムのご契約だけです',
  /** 404 of the demo checkout: no such payment of this member's. */
  demoPaymentNotFound: 'お支払い情報が見つかりません',
  /** 400 of the webhook: a signature that is missing, wrong or too old. */
  webhookSignature: '署名を確認できませんでした',
  /** Notification: the pause ends in 3 days (premium and billing resume). */
  resumeSoon: 'プレミアムの一時停止は3日後に終わり、プレミアムとお支払いが自動で再開します',
  /** Notification: a subscription payment failed (premium ends with the paid period). */
  paymentFailed:
    'プレミアムのお支払いに失敗しました。カード情報をご確認ください。お支払いが確認できない場合、現在の期間の終了とともにプレミアムは終了します',
} as const;

/** The notification types of premium (notifications.type). */
export const PREMIUM_NOTIFICATION_TYPES = {
  resumeSoon: 'premium_resume_soon',
  paymentFailed: 'premium_payment_failed',
} as const;
