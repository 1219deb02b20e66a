/** What a person reads in the browser's profile feature, grouped by the component that shows it. */
export const PROFILE_TEXT = {
  accountSection: {
    heading: 'アカウント設定',
    warning: 'アカウントを削除すると、お気に入り、プレイリスト、フォロー、投稿した音声もすべて削除されます。',
    deleteAccount: 'アカウントを削除',
    description: 'お気に入り、プレイリスト、フォロー、投稿した音声もすべて削除され、元に戻せません。',
    confirmLabel: '削除する',
  },
  editProfileDialog: {
    title: 'プロフィールを編集',
    description: 'プロフィール画像、名前、ユーザーID、Xアカウントを変更できます。',
  },
  editProfileForm: {
    label: 'メールアドレス',
    label2: '名前',
    label3: 'ユーザーID',
    userIdHint: '英数字、ハイフン、アンダースコア（3〜30文字）',
    userIdPreview: '公開URL: ',
    label4: 'Xアカウント',
    hint: '英数字とアンダースコア（15文字まで）',
    button: 'キャンセル',
    isPending: '更新中...',
    notIsPending: '更新',
  },
  myTracksTab: {
    title: '成功',
    title2: 'エラー',
    what: '投稿音声',
    link: '音声を投稿する',
    hidden: '非公開',
    visible: (title: string | number) => `「${title}」を非公開にする`,
    notVisible: (title: string | number) => `「${title}」を公開する`,
    deleteTrackLabel: (title: string | number) => `「${title}」を削除`,
    delete: '削除',
    showing: '公開する',
    notShowing: '非公開にする',
  },
  profileHeader: {
    xLinkLabel: (xHandle: string | number) => `X（@${xHandle}）を新しいタブで開く`,
    button: 'ユーザーIDを設定して公開URLを作成',
    editProfile: 'プロフィールを編集',
    logout: 'ログアウト',
  },
  profileImagePicker: {
    isPending: 'アップロード中...',
    notIsPending: '画像を変更',
  },
  publicUrlButton: {
    publicUrlLabel: (label: string | number) => `公開URL ${label} をコピー`,
  },
  tabLabels: {
    favoritesLabel: 'お気に入り',
    playlistsLabel: 'プレイリスト',
    myTracksLabel: '投稿音声',
  },
  myPage: {
    documentTitle: 'マイページ',
    loginRequired: 'マイページを利用するにはログインが必要です。お気に入りやプレイリスト、投稿した音声をここで確認できます。',
    ariaLabel: 'マイページのタブ',
  },
} as const;
