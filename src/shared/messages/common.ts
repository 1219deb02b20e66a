/** Texts every screen shares: list states, buttons, dialog chrome. */
export const COMMON_MESSAGES = {
  loadFailedBody: '通信状況をご確認のうえ、もう一度お試しください。',
  reload: '再読み込み',
  close: '閉じる',
  cancel: 'キャンセル',
  error: 'エラー',
  official: '無限',
} as const;

/** 「{what}を読み込めませんでした」: the title of a list that failed to load. */
export const loadFailedTitle = (what: string) => `${what}を読み込めませんでした`;
