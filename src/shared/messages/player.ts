/** What a person reads in the browser's player feature, grouped by the component that shows it. */
export const PLAYER_TEXT = {
  readyStates: {
    haveNothing: 'HAVE_NOTHING（データなし）',
    haveMetadata: 'HAVE_METADATA（情報のみ）',
    haveCurrentData: 'HAVE_CURRENT_DATA（現在位置のみ）',
    haveFutureData: 'HAVE_FUTURE_DATA（先読みあり）',
    haveEnoughData: 'HAVE_ENOUGH_DATA（十分）',
  },
  networkStates: {
    networkEmpty: 'NETWORK_EMPTY（未設定）',
    networkIdle: 'NETWORK_IDLE（待機中）',
    networkLoading: 'NETWORK_LOADING（読み込み中）',
    networkNoSource: 'NETWORK_NO_SOURCE（音源なし）',
  },
  audioTestSource: {
    label: (index: string | number) => `テスト音源${index}`,
    label2: '音源',
    playing: (label: string | number) => `${label}を一時停止`,
    notPlaying: (label: string | number) => `${label}を再生`,
    none: 'なし',
  },
  audioTestPage: {
    documentTitle: '音声テスト',
    first: (title: string | number) => `デモ音声「${title}」`,
    notFirst: 'デモ音声（読み込み中）',
    label: '存在しない音声（読み込みエラー）',
    label2: 'テストトーン（440 Hz・3 秒の WAV）',
    label3: '音声ではないデータ（形式エラー）',
    backLabel: 'ホームに戻る',
    about: '音声の再生を確認するためのページです。ラジオのプレーヤーとは別に、それぞれの音源を再生します。',
    heading: '読み込みエラーのコード',
    code: 'コード',
  },
} as const;
