import { PLAYLIST_MESSAGES } from '../rules/playlist';
import { ADD_TO_PLAYLIST_BUTTON_TEXT } from './playlist-button';

/** What a person reads in the browser's playlists feature, grouped by the component that shows it. */
export const PLAYLISTS_TEXT = {
  playlistErrorToast: {
    title: 'エラー',
  },
  addToPlaylistPanel: {
    title: 'プレイリストに追加',
  },
  playlistChoices: {
    title: 'プレイリストに追加しました',
    description: (name: string | number) => `「${name}」に追加しました`,
    loading: '読み込み中',
    what: 'プレイリスト',
    empty: 'まだプレイリストがありません',
    listLabel: 'マイプレイリスト',
    trackCountUnit: '件の音声',
    added: '追加済み',
    createPlaylistOption: '新しいプレイリストを作成',
  },
  addToPlaylistButton: ADD_TO_PLAYLIST_BUTTON_TEXT,
  categoryInput: {
    label: 'カテゴリ',
    chosenCategoriesLabel: '選択したカテゴリ',
    ariaLabel: (c: string | number) => `${c}を外す`,
    categoryInputPlaceholder: 'カテゴリを入力してEnter',
    trim: '候補',
    notTrim: 'おすすめ',
    categorySuggestionsLabel: 'カテゴリの候補',
  },
  followPlaylistButton: {
    title: '操作に失敗しました',
    description: 'フォロー操作に失敗しました',
    following: 'フォロー中',
    notFollowing: 'フォロー',
  },
  myPlaylistsTab: {
    what: 'プレイリスト',
    body: 'お気に入りの音声をまとめて、続けて聴けます。',
    link: 'プレイリストを作成',
  },
  playlistRow: {
    isPublic: '公開',
    notIsPublic: '非公開',
    countUnit: '件',
  },
  ownerPlaylistView: {
    title: 'プレイリストから削除しました',
    description: (title: string | number) => `「${title}」を削除しました`,
    ariaLabel: 'プレイリストを編集',
    ariaLabel2: '収録されている音声',
    title2: 'まだ音声がありません',
    body: 'プレイヤーの「プレイリストに追加」ボタンから音声を追加できます。',
    link: '音声を探す',
    dragHint: 'ハンドルをドラッグして並び替え',
    longPressHint: '長押しして並び替え',
  },
  playlistEditDialog: {
    title: 'プレイリストを編集',
  },
  editForm: {
    title: 'プレイリストを更新しました',
    playlistErrorToast: 'プレイリストの更新に失敗しました',
    label: 'プレイリスト名',
    hint: (slug: string | number) => `公開URL: /playlist/${slug}`,
    label2: '説明',
    button: 'キャンセル',
    editPlaylistSave: '保存する',
  },
  playlistHero: {
    label: '音声',
    label2: '表示回数',
    label3: 'フォロワー',
  },
  playPlaylistButton: {
    playing: '一時停止',
    here: '再開',
    notHere: '再生',
  },
  playFromHereButton: {
    playing: (title: string | number) => `${title}を一時停止`,
    notPlaying: (title: string | number) => `${title}から再生`,
  },
  playlistNotFound: {
    title: PLAYLIST_MESSAGES.notFound,
    body: '削除されたか、非公開になっている可能性があります。',
    link: 'ホームに戻る',
  },
  playlistSkeleton: {
    ariaLabel: '読み込み中',
  },
  publicPlaylistView: {
    ariaLabel: 'プレイリストを管理',
    ariaLabel2: '収録されている音声',
    title: 'まだ音声がありません',
  },
  sortableTrackList: {
    screenReaderInstructionsDraggable: 'スペースキーで持ち上げ、矢印キーで移動し、もう一度スペースキーで置きます。',
    removeFromPlaylistLabel: (title: string | number) => `${title}をプレイリストから削除`,
  },
  sortableRow: {
    dragHandleLabel: (title: string | number) => `${title}を並び替え`,
  },
  options: {
    publicLabel: '公開',
    publicHint: '誰でも見られます',
    privateLabel: '非公開',
    privateHint: '自分だけが見られます',
  },
  visibilityChoice: {
    legend: '公開設定',
  },
  publicOnlyNote: {
    note: '無料会員のプレイリストは公開されます。非公開にできるのはプレミアム会員のみです。',
  },
  createPlaylist: {
    documentTitle: 'プレイリストを作成',
    ariaLabel: '読み込み中',
    body: 'プレイリストを作成するにはログインしてください。',
  },
  createForm: {
    title: 'プレイリストを作成しました',
    description: (name: string | number) => `「${name}」を作成しました`,
    link: 'プレミアムについて',
    label: 'プレイリスト名',
    playlistNamePlaceholder: '例: 朝の通勤で聴く',
    label2: '説明',
    playlistDescriptionPlaceholder: 'どんなときに聴きたいプレイリストですか？',
    createPlaylistSubmit: '作成する',
    isSuccess: (count: string | number, PLAYLIST_LIMIT_FREE: string | number) => `${count} / ${PLAYLIST_LIMIT_FREE} 個作成済み`,
  },
  playlists: {
    documentTitle: 'プレイリスト',
    link: '新規作成',
    body: 'プレイリストを作成・管理するにはログインしてください。',
  },
  listSkeleton: {
    ariaLabel: '読み込み中',
  },
  myPlaylists: {
    what: 'プレイリスト',
    title: 'プレイリストがありません',
    body: 'お気に入りの音声をまとめて、続けて聴けるプレイリストを作りましょう。',
    link: 'プレイリストを作成',
    countUnit: '個',
    ariaLabel: (name: string | number) => `${name}を編集`,
    ariaLabel2: (name: string | number) => `${name}を削除`,
    title2: 'プレイリストを削除しますか？',
    description: (v0: string | number) => `「${v0}」を削除します。この操作は取り消せません。`,
    confirmLabel: '削除する',
    title3: 'プレイリストを削除しました',
    description2: (name: string | number) => `「${name}」を削除しました`,
    playlistErrorToast: 'プレイリストの削除に失敗しました',
  },
} as const;
