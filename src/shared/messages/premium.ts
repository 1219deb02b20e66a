/** What a person reads in the browser's premium feature, grouped by the component that shows it. */
export const PREMIUM_TEXT = {
  premiumMemberLabel: {
    member: 'プレミアム会員',
    remaining: '残り',
    daysUnit: '日',
  },
  trialRemaining: {
    doubleSpeed: '2倍速の',
    trialLeft: 'お試し残り ',
  },
  trialText: {
    started: '2倍速のお試しを開始しました',
    startedDetail: '24時間、2倍速を無料でお使いいただけます。',
    refused: '2倍速はプレミアム会員限定です',
    refusedDetail: '24時間の無料お試しは終了しました。プレミアムで2倍速をお使いいただけます。',
    ended: '2倍速のお試し期間が終了しました',
    endedDetail: '再生速度を1倍に戻しました。プレミアムで2倍速をお使いいただけます。',
    premiumLink: 'プレミアムを見る',
  },
} as const;
