/** What a person reads on the creation page (/create-post, creator spec §2.1), by step. */
export const CREATION_TEXT = {
  title: 'AI音声を作成',
  lead: 'あなたのテキストから、2人のパーソナリティが話すトーク番組を作ります。',
  steps: ['テキスト入力', '台本の確認', '音声プレビュー', '最終確認'],
  postingStatus: (count: number, limit: number, remaining: number) => `本日の作成 ${count}/${limit}回（残り${remaining}回）`,
  input: {
    textLabel: 'テキスト',
    textPlaceholder: '話してほしい内容を入力してください（ニュース、解説、エッセイなど）',
    counter: (n: number) => `${n.toLocaleString('ja-JP')}/2,000`,
    titleLabel: 'タイトル（任意）',
    titlePlaceholder: '空欄の場合は本文から付けます',
    rateLabel: '話す速さ',
    rateValue: (rate: number) => `${rate.toFixed(1)}倍`,
    generate: '台本を生成',
    generating: '台本を生成中…',
  },
  review: {
    scriptLabel: '台本',
    labelsLabel: 'カテゴリ',
    verified: '確認済み',
    needsReview: '要確認',
    confidence: (n: number) => `信頼度 ${n}%`,
    issuesLabel: '確認が必要な点',
    applyFactCheck: 'ファクトチェックを反映',
    applying: '反映中…',
    makePreview: '音声プレビューを作成',
    makingPreview: '音声を作成中…',
    back: '入力に戻る',
  },
  preview: {
    label: '音声プレビュー',
    /** Whole seconds first, so 119.6 s reads 2分0秒, never 1分60秒. */
    duration: (seconds: number) => {
      const whole = Math.round(seconds);
      return `${Math.floor(whole / 60)}分${whole % 60}秒`;
    },
    next: '最終確認へ',
    back: '台本に戻る',
  },
  final: {
    terms: '利用規約に同意します',
    termsLink: '利用規約',
    publish: '投稿する',
    progress: '音声を作成しています',
    stage: {
      queued: '順番を待っています',
      audio_generation: '音声を生成しています',
      audio_complete: '音声ができました',
      publishing: '公開しています',
      completed: '完了しました',
    } as Record<string, string>,
  },
  restart: '最初からやり直す',
  draftRestored: '前回の下書きを復元しました',
  errors: {
    dailyLimit: '本日の利用上限に達しました',
    scriptFailed: '台本生成エラー',
    postingLimit: '投稿制限に達しました',
    ttsQuota: 'AI音声生成サービスの制限',
    previewFailed: 'エラー',
    publishFailed: '投稿エラー',
    publishFailedDetail: '投稿に失敗しました。しばらくしてからもう一度お試しください。',
    taskFailed: '音声生成エラー',
    network: '通信エラーが発生しました。通信状況をご確認のうえ、もう一度お試しください。',
    emptyText: 'テキストを入力してください',
    loginRequired: 'ログインが必要です',
  },
} as const;
