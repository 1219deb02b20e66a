/** What a person reads in the browser's access feature, grouped by the component that shows it. */
export const ACCESS_TEXT = {
  gateSpinner: {
    checking: 'アクセスを確認しています',
  },
  googleSignInButton: {
    googleSignIn: 'Googleでログイン',
  },
  stateLabel: {
    usable: '利用可能',
    used: '使用済み',
    inactive: '無効',
  },
  invitationRow: {
    usesPrefix: '使用回数 ',
    copyInvitationLabel: (code: string | number, v1: string | number) => `招待コード ${code} のリンクをコピー${v1}`,
    copied: 'コピーしました',
    notCopied: 'リンクをコピー',
  },
  accessDenied: {
    title: 'アクセスが拒否されました',
    pageTitle: 'アクセスできません',
    link: 'お問い合わせ',
    button: 'ログアウト',
    reason: 'アカウントの承認が拒否されたため、このサービスをご利用いただけません。',
    contactHint: 'お心当たりのない場合は、お問い合わせください。',
  },
  closedBeta: {
    title: '招待制のクローズドベータです',
    pageTitle: 'クローズドベータ',
    haveAccount: 'すでにアカウントをお持ちの方',
    link: 'ホームに戻る',
    signInFailed: 'ログインに失敗しました。もう一度お試しください。',
    about: '無限は現在、招待された方だけが使えるクローズドベータ版です。新規登録には招待が必要です。',
    inviteHint: '招待リンクをお持ちの方は、そのリンクを開いて登録してください。',
  },
  invalidInvitation: {
    title: 'この招待コードは無効です',
    pageTitle: '無効な招待コード',
    link: 'ホームに戻る',
    reason: 'この招待コードは既に使用されているか、有効期限が切れています。',
    askAgain: '招待してくれた方に、新しい招待リンクを送ってもらってください。',
  },
  startWithCode: {
    documentTitle: '招待',
    heading: 'ログイン画面に移動しています…',
    notMovingPrefix: '自動で移動しない場合は',
    link: 'こちら',
    notMovingSuffix: 'を開いてください。',
  },
  inviteFriends: {
    documentTitle: '友達を招待',
    signInToInvite: '友達を招待するには、ログインしてください。',
    about: '無限は招待制です。招待リンクを送って、友達を無限に招待しましょう。',
    remainingLabel: '招待できる人数',
    peopleUnit: '人',
    invitedSoFar: 'これまでに招待した人数: ',
    heading: 'あなたの招待コード',
    what: '招待コード',
    title: '招待コードがありません',
    body: '招待コードが発行されると、ここに表示されます。',
    howItWorks:
      '招待リンクを開いた方は、Googleアカウントでログインするだけで登録できます。使用済みまたは無効な招待コードはコピーできません。',
  },
  pendingApproval: {
    title: 'ただいま承認待ちです',
    pageTitle: '承認待ち',
    link: 'ホームに戻る',
    button: 'ログアウト',
    about: '無限は現在クローズドベータ版として運営しており、招待リンクをお持ちの方のみご利用いただけます。',
    pleaseWait: 'アカウントが承認されるまで、今しばらくお待ちください。',
  },
} as const;
