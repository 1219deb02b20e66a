/** What a person reads in the browser's consent feature, grouped by the component that shows it. */
export const CONSENT_TEXT = {
  cookieConsentBanner: {
    cookieBannerLabel: 'Cookieの設定',
    ariaLabel: '閉じる（必要なCookieのみ許可）',
    intro: 'サービスの提供と利用状況の分析にCookieを使います。',
    link: 'プライバシーポリシー',
    essential: '必須Cookie',
    essentialHint: 'ログインなど、サービスの動作に必要です（常に有効）',
    analytics: '分析Cookie',
    analyticsHint: '利用状況を分析し、サービスの改善に役立てます',
    button: '選択した設定を保存',
    button2: 'すべて許可',
    button3: '必要なもののみ',
    button4: 'カスタマイズ',
  },
} as const;
