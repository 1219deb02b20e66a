/** What a person reads on the server-rendered development account chooser (src/server/features/auth/dev-chooser.ts). */
export const DEV_CHOOSER_TEXT = {
  documentTitle: '開発用ログイン | 無限 Mugen',
  productName: '無限',
  home: 'ホーム',
  back: '戻る',
  heading: '開発用ログイン',
  note: 'Google ログインが設定されていないため、開発用のアカウント選択を表示しています。本番環境では表示されません。',
  existing: '既存のアカウント',
  existingHint: 'タップするとそのアカウントでログインします。',
  newAccount: '新しいアカウント',
  email: 'メールアドレス',
  name: '名前',
  code: '招待コード（新規登録に必要）',
  submit: 'ログイン',
  failed: 'ログインに失敗しました',
} as const;
