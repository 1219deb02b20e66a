import { SUPPORT_MESSAGES } from '../rules/support';

/**
 * What the support API answers a person (issue 19): the chat's own replies and the mail to the
 * operator. The field checks and the spec's failure messages are beside their rules
 * (SUPPORT_MESSAGES in src/shared/rules/support.ts); the browser's texts are SUPPORT_TEXT below.
 */
export const SUPPORT_API_MESSAGES = {
  /** 503: the AI service behind the chat failed (the browser shows the spec's apology). */
  chatUnavailable: 'AIサポートは一時的にご利用いただけません。しばらくしてからもう一度お試しください',
  greetingReply:
    'こんにちは。無限のAIサポートです。料金や解約、ログイン、オフライン再生、対応ブラウザなど、ご不明な点をお気軽にお尋ねください。',
  thanksReply: 'どういたしまして。ほかにもご不明な点があれば、お気軽にお尋ねください。',
  noMatch:
    '申し訳ありません。そのご質問にお答えできる情報が、よくある質問と規約の中に見つかりませんでした。言い方を変えてもう一度お尋ねいただくか、お問い合わせフォーム（/contact）からご連絡ください。',
  /** The page a retrieved passage comes from. */
  seeAlso: (page: string, path: string) => `詳しくは「${page}」（${path}）をご覧ください。`,
  related: (question: string) => `あわせてご覧ください：「${question}」`,
  /** The mail to the operator. */
  mail: {
    subject: (subjectLabel: string, name: string) => `【無限 お問い合わせ】${subjectLabel}（${name} 様）`,
    intro: '無限のお問い合わせフォームから、次のお問い合わせが届きました。このメールに返信すると、お問い合わせの方へ届きます。',
    number: '受付番号',
    receivedAt: '受付日時',
    name: 'お名前',
    email: 'メールアドレス',
    kind: 'お問い合わせの種類',
    member: '会員ID',
    visitor: '（ログインなし）',
    message: 'お問い合わせ内容',
  },
} as const;

/** What a person reads in the browser's support feature (/faq, the chat, /contact, the legal pages), grouped by component. */
export const SUPPORT_TEXT = {
  faqPage: {
    documentTitle: 'よくある質問',
    title: 'よくある質問',
    lead: '無限（Mugen）についてよくいただくご質問と、その答えです。',
    listLabel: 'よくある質問の一覧',
    contactTitle: '解決しないときは',
    contactBody: 'ご契約やアカウントについての個別のご相談は、お問い合わせフォームからお寄せください。',
    contactLink: 'お問い合わせフォームへ',
  },
  chatCard: {
    title: 'AIサポートチャット',
    body: 'よくある質問と規約をもとに、AIがすぐにお答えします。',
    open: 'チャットで質問する',
  },
  chatModal: {
    title: 'AIサポート',
    description: 'よくある質問と規約をもとにAIがお答えします。',
    greeting: 'こんにちは！無限のAIサポートです。\n料金や解約、ログイン、オフライン再生など、ご不明な点をお気軽にご質問ください。',
    logLabel: 'チャットの履歴',
    bot: 'AIサポート',
    you: 'あなた',
    thinking: 'AIが回答を考えています…',
    inputLabel: 'メッセージ',
    placeholder: 'ご質問を入力してください',
    keyHint: 'Enterで送信・Shift+Enterで改行',
    send: '送信',
    note: 'AIの回答は参考情報です。ご契約など個別のご相談はお問い合わせフォームへ。',
    count: (n: number, max: number) => `${n}/${max}`,
    failed: SUPPORT_MESSAGES.chatFailed,
    empty: SUPPORT_MESSAGES.chatEmpty,
  },
  contactPage: {
    documentTitle: 'お問い合わせ',
    title: 'お問い合わせ',
    lead: 'ご質問やご要望をお寄せください。内容を確かめて、ご入力のメールアドレスへお返事します。',
    faqHint: 'よくある質問とAIサポートチャットで、すぐに解決できることもあります。',
    faqLink: 'よくある質問を見る',
    name: 'お名前',
    email: 'メールアドレス',
    subject: 'お問い合わせの種類',
    subjectPlaceholder: '選択してください',
    message: 'お問い合わせ内容',
    messagePlaceholder: 'お使いの端末やブラウザ、起きたことなどを、できるだけ詳しくお書きください。',
    submit: '送信する',
    sending: '送信しています…',
    privacyPrefix: 'お送りいただいた内容は、',
    privacyLink: 'プライバシーポリシー',
    privacySuffix: 'に従って取り扱います。',
    failed: SUPPORT_MESSAGES.contactFailed,
    tooMany: '短い時間に何度も送信されたため、受け付けられませんでした。しばらくしてからもう一度お試しください。',
  },
  contactSent: {
    title: 'お問い合わせを受け付けました',
    body: 'お問い合わせいただき、ありがとうございます。内容を確かめて、ご入力のメールアドレスへお返事します。お返事まで数日かかることがあります。',
    link: 'ホームに戻る',
    again: '別のお問い合わせをする',
  },
  legalPage: {
    effective: (date: string) => `${date} 施行`,
    tocLabel: '目次',
  },
} as const;
