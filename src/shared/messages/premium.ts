/**
 * What a person reads in the browser's premium feature beside the player, grouped by the component that
 * shows it. Part of the home route's first download: the premium pages' texts are in premium-pages.ts,
 * loaded with those pages (issue 27.5).
 */
export const PREMIUM_TEXT = {
  premiumMemberLabel: {
    member: 'プレミアム会員',
    remaining: '残り',
    daysUnit: '日',
    manage: 'プランの管理',
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
  /** The one house-ad slot free members see (a promotion of premium). */
  houseAd: {
    ariaLabel: '広告',
    label: 'PR',
    title: '無限プレミアム',
    body: '広告なし・高音質・オフライン再生',
    cta: '詳しく見る',
  },
  /** Offline playback: keeping a track, the kept list. */
  offline: {
    keep: 'オフライン保存',
    kept: '保存済み',
    keeping: '保存中…',
    keptToast: 'オフライン再生用に保存しました',
    keptDetail: 'ネットワークがなくても再生できます。',
    removedToast: 'オフライン保存を解除しました',
    failed: 'オフライン保存に失敗しました',
    failedDetail: 'ネットワークの状態を確認して、もう一度お試しください。',
    unsupported: 'このブラウザではオフライン保存を利用できません。',
    premiumOnly: 'オフライン再生はプレミアム会員限定です',
    premiumOnlyDetail: 'プレミアムに登録すると、音声を保存してネットワークなしで再生できます。',
    listTitle: 'オフライン保存した音声',
    listEmpty: '保存した音声はまだありません。音声のページで「オフライン保存」を押すと、ネットワークなしで再生できます。',
    play: (title: string) => `${title}を再生`,
    remove: (title: string) => `${title}の保存を解除`,
  },
  /** My Page's premium panel. */
  myPagePanel: {
    title: 'プレミアム',
    member: 'プレミアム会員',
    remaining: (days: number) => `残り${days}日`,
    manage: 'プランの管理',
  },
} as const;
