/** What a person reads of あと N 分 (issue 28.1) in the browser, grouped by the component that shows it. */
export const RADIO_TEXT = {
  programmeControl: {
    open: 'あと N 分',
    openLabel: '時間を決めて番組を聴く（あと N 分）',
    title: 'あと N 分',
    description: '聴ける時間に合わせて、まだ聴き終えていない音声とホストのつなぎで番組を作ります。',
    preset: (minutes: number) => `${minutes}分`,
    presetLabel: (minutes: number) => `あと${minutes}分の番組を作る`,
    customLabel: '分数を入力（5〜120）',
    customSubmit: 'この長さで作る',
    building: '番組を作っています…',
    failed: '番組を作れませんでした。時間をおいてもう一度お試しください。',
    timeLeft: (clock: string) => `残り ${clock}`,
    timeLeftLabel: '番組の残り時間',
    ended: '番組はおしまいです',
    programmeName: (minutes: number) => `あと${minutes}分の番組`,
  },
} as const;
