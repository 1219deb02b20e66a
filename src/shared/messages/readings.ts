/**
 * The reading dictionary's texts (issue 25.3): the listener's report of a misread line (beside the
 * transcript) and the operator's section 読み辞書 in 音声管理. API errors are READING_MESSAGES
 * (src/shared/rules/readings.ts).
 */
export const READINGS_TEXT = {
  report: {
    button: '読み間違いを報告',
    buttonLabel: (line: number) => `${line}行目の読み間違いを報告`,
    title: '読み間違いを報告',
    description: 'この行で、音声の読み方が間違っているところを運営に知らせます。',
    /** #37.2: the line's reading as the voice spoke it, under the line in the dialog. */
    spoken: '音声の読み',
    note: 'どこがどう読まれたか（任意）',
    notePlaceholder: '例：「生粋」が「なまいき」と読まれました',
    submit: '報告する',
    submitting: '送信中…',
    cancel: 'キャンセル',
    done: '読み間違いを報告しました。ありがとうございます。',
    failed: '報告を送信できませんでした',
  },
} as const;

export const ADMIN_READINGS_TEXT = {
  heading: '読み辞書',
  lead: '登録した読みは、すべての音声（オフライン音声・VOICEVOX・クラウド音声）に使われます。直したあと、番組の音声を作り直してください。',
  surface: '表記',
  surfacePlaceholder: '例：生粋',
  reading: '読み（カタカナ）',
  readingPlaceholder: '例：キッスイ',
  save: '登録',
  saving: '登録中…',
  saved: (surface: string) => `「${surface}」の読みを登録しました`,
  saveFailed: '読みを登録できませんでした',
  listName: '読み辞書',
  empty: '登録された読みはまだありません',
  delete: '削除',
  deleteLabel: (surface: string) => `「${surface}」を削除`,
  deleted: (surface: string) => `「${surface}」を削除しました`,
  deleteFailed: '削除できませんでした',
  reportsHeading: '読み間違いの報告',
  reportsLead: 'リスナーから届いた報告です。読みを登録してから「音声を作り直す」を押してください。',
  reportsName: '読み間違いの報告',
  reportsEmpty: '未対応の報告はありません',
  where: (title: string, line: number) => `${title}・${line + 1}行目`,
  /** #37.2: how the voice spoke the line in the track's audio. */
  spokenAs: '音声の読み',
  readsAs: '今の読み',
  note: 'メモ',
  useSurface: 'この行から登録',
  regenerate: '音声を作り直す',
  regenerating: '作り直しています…',
  regenerateQueued: '音声の作り直しを開始しました',
  regenerateFailed: '音声の作り直しを開始できませんでした',
  taskStatus: {
    queued: '作り直し待ち',
    processing: '作り直し中',
    completed: '作り直し済み',
    failed: '作り直しに失敗',
    cancelled: '取り消し',
  } as Record<string, string>,
} as const;
