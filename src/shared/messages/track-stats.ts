/**
 * A track's stats (issue 40.3, decision 0047), as its creator sees them from My Page's 投稿音声 tab and
 * the operator from the console's ファイル一覧, grouped by the component that shows them.
 */

/** 2026-03-10 → 3/10 (a day of the chart's axis). */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
/** 2026-03-10 → 3月10日 (a day of the table and the chart's description). */
const dayJa = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
/** The tenth `i` (0..9) of a track: 0〜10%, ..., 90〜100%. */
const tenth = (i: number) => `${i * 10}〜${(i + 1) * 10}%`;

export const TRACK_STATS_TEXT = {
  openButton: {
    label: (title: string) => `「${title}」の統計を見る`,
  },
  dialog: {
    title: (title: string) => `「${title}」の統計`,
    description: '再生数、完走率、聴くのをやめた位置、いいね',
    what: '統計',
    loading: '統計を読み込み中',
  },
  view: {
    plays: '再生数',
    completionRate: '完走率',
    averageListen: '平均再生時間',
    likes: 'いいね',
    completions: (n: number) => `最後まで聴かれた回数 ${n}回`,
    percent: (rate: number) => `${Math.round(rate * 1000) / 10}%`,
    byDayHeading: '過去30日間の再生数',
    byDayNote: 'ログインして聴かれた再生を、日本時間の日ごとに数えています（同じ人の同じ日の再生は1回）。',
    byDayChart: (total: number, best: { date: string; plays: number } | null) =>
      best
        ? `過去30日間の再生数のグラフ。合計${total}回、最も多い日は${dayJa(best.date)}の${best.plays}回`
        : '過去30日間の再生数のグラフ。再生はまだありません',
    axisDay: monthDay,
    stopsHeading: '聴くのをやめた位置',
    stopsNote: '各再生が到達した位置を10等分で数えています（最後まで聴いた再生は 90〜100%）。',
    stopsChart: (listens: number, best: { tenth: number; listens: number } | null) =>
      best
        ? `聴くのをやめた位置のグラフ。${listens}回の再生のうち、最も多いのは${tenth(best.tenth)}の${best.listens}回`
        : '聴くのをやめた位置のグラフ。再生はまだありません',
    tenth,
    axisStart: '0%',
    axisEnd: '100%',
    showTable: '数値を表で見る',
    dateColumn: '日付',
    playsColumn: '再生数',
    positionColumn: '位置',
    listensColumn: '回数',
    day: dayJa,
  },
} as const;
