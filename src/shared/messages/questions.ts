import { QUESTION_MAX } from '../constants';

// What a person reads of 「ホストに質問」 (issue 39.1) in the browser, one export per component: the
// button is on the home route's first download, the dialog's words load with the dialog (#27.5).

/** The 質問する button. */
export const ASK_BUTTON_TEXT = {
  label: '質問する',
  ariaLabel: 'ホストに質問する（再生を止めて質問します）',
} as const;

/** The dialog where the question is asked and the answer heard. */
export const ASK_DIALOG_TEXT = {
  title: 'ホストに質問',
  description: 'この回について、ハルカとケンタに質問できます。回答を聴いたら、止めたところから続きを再生します。',
  field: '質問',
  placeholder: '例：お風呂はいつ入るのがいいですか？',
  count: (n: number) => `${n}/${QUESTION_MAX}`,
  submit: '質問する',
  micStart: '声で質問する',
  micStop: '聞き取りを止める',
  listening: '聞き取っています…',
  micFailed: '声を聞き取れませんでした。文字で入力してください。',
  thinking: '考えています…',
  answerLabel: 'ホストの回答',
  notCovered: 'この回の内容にはない質問でした。',
  /** Beside a line the hosts said from a web search, not from the track. */
  outside: '番組の外の情報',
  sourcesTitle: '調べたページ',
  sourcesNote: '「番組の外の情報」は、検索で見つけたこれらのページをもとにしています。',
  resume: '続きを再生',
  offline: 'オフラインのため質問できません。インターネットに接続してから、もう一度お試しください。',
  failed: '回答を受け取れませんでした。時間をおいてもう一度お試しください。',
} as const;
