import { TRACK_STATS_TEXT } from '@shared/messages/track-stats';
import { formatCount, formatTime } from '@shared/rules/format';
import type { TrackStats } from '@shared/schemas/track-stats';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleCheck, Clock, Headphones, Heart } from 'lucide-react';
import { useId } from 'react';
import { type DialogShown, Modal } from '../ui/dialog';
import { ListError } from '../ui/list-state';
import { LoadingStatus, Skeletons } from '../ui/skeleton';
import { StatGrid } from '../ui/stat-grid';

const TEXT = TRACK_STATS_TEXT.view;
const DIALOG = TRACK_STATS_TEXT.dialog;

interface Bar {
  /** The axis's name of the bar (its day, its tenth). */
  key: string;
  value: number;
}

/**
 * Bars drawn as SVG, no chart library (issue 40.3): the figure is an image named by `label`, a sentence
 * that says what it shows; its figures are in the table that follows it.
 */
function BarChart({ bars, label, axis, testId }: { bars: Bar[]; label: string; axis: [string, string]; testId: string }) {
  const W = 300;
  const H = 96;
  const slot = W / bars.length;
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="h-28 w-full" preserveAspectRatio="none" data-testid={testId}>
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="stroke-border" strokeWidth="1" />
        {bars.map((b, i) => {
          const h = b.value ? Math.max(2, (b.value / max) * (H - 4)) : 0;
          return (
            <rect
              key={b.key}
              x={i * slot + slot * 0.15}
              y={H - 1 - h}
              width={slot * 0.7}
              height={h}
              rx={Math.min(2, slot * 0.2)}
              className="fill-accent"
              data-value={b.value}
            />
          );
        })}
      </svg>
      <figcaption aria-hidden="true" className="mt-1 flex justify-between text-muted text-xs tabular-nums">
        <span>{axis[0]}</span>
        <span>{axis[1]}</span>
      </figcaption>
    </figure>
  );
}

/** The figures of a chart, as a table a screen reader (or anyone who opens it) reads row by row. */
function FiguresTable({ head, rows, testId }: { head: [string, string]; rows: [string, string][]; testId: string }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 text-accent">{TEXT.showTable}</summary>
      <table className="w-full text-left tabular-nums" data-testid={testId}>
        <thead className="text-muted text-xs">
          <tr>
            <th scope="col" className="py-1 font-normal">
              {head[0]}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k} className="border-border border-t">
              <th scope="row" className="py-1 font-normal">
                {k}
              </th>
              <td className="py-1 text-right">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** A chart with its heading and note, and its figures as a table (`{testId}-chart`, `{testId}-table`). */
function ChartSection({
  heading,
  note,
  bars,
  label,
  axis,
  head,
  testId,
}: {
  heading: string;
  note: string;
  bars: (Bar & { name: string })[];
  label: string;
  axis: [string, string];
  head: [string, string];
  testId: string;
}) {
  const id = useId();
  return (
    <section className="mt-5" aria-labelledby={id}>
      <h3 id={id} className="font-bold text-sm">
        {heading}
      </h3>
      <p className="mt-0.5 text-muted text-xs">{note}</p>
      <BarChart bars={bars} label={label} axis={axis} testId={`${testId}-chart`} />
      <FiguresTable head={head} rows={bars.map((b) => [b.name, String(b.value)])} testId={`${testId}-table`} />
    </section>
  );
}

/** A track's stats: the counts, plays by day over the last 30 days, where listeners stop (tenths). */
export function TrackStatsView({ stats }: { stats: TrackStats }) {
  const days = stats.byDay;
  const total = days.reduce((n, d) => n + d.plays, 0);
  const bestDay = days.reduce<(typeof days)[number] | null>((best, d) => (d.plays > (best?.plays ?? 0) ? d : best), null);
  const listens = stats.stops.reduce((n, s) => n + s, 0);
  const bestStop = stats.stops.reduce<{ tenth: number; listens: number } | null>(
    (best, s, i) => (s > (best?.listens ?? 0) ? { tenth: i, listens: s } : best),
    null,
  );
  return (
    <div data-testid="track-stats">
      <StatGrid
        stats={[
          { icon: Headphones, label: TEXT.plays, value: formatCount(stats.plays), testId: 'stats-plays' },
          { icon: CircleCheck, label: TEXT.completionRate, value: TEXT.percent(stats.completionRate), testId: 'stats-completion-rate' },
          { icon: Clock, label: TEXT.averageListen, value: formatTime(stats.averageListenSeconds), testId: 'stats-average' },
          { icon: Heart, label: TEXT.likes, value: formatCount(stats.likes), testId: 'stats-likes' },
        ]}
      />
      <p className="mt-2 text-muted text-xs" data-testid="stats-completions">
        {TEXT.completions(stats.completions)}
      </p>

      <ChartSection
        heading={TEXT.byDayHeading}
        note={TEXT.byDayNote}
        bars={days.map((d) => ({ key: d.date, name: TEXT.day(d.date), value: d.plays }))}
        label={TEXT.byDayChart(total, bestDay)}
        axis={[TEXT.axisDay(days[0]?.date ?? ''), TEXT.axisDay(days.at(-1)?.date ?? '')]}
        head={[TEXT.dateColumn, TEXT.playsColumn]}
        testId="stats-by-day"
      />
      <ChartSection
        heading={TEXT.stopsHeading}
        note={TEXT.stopsNote}
        bars={stats.stops.map((s, i) => ({ key: TEXT.tenth(i), name: TEXT.tenth(i), value: s }))}
        label={TEXT.stopsChart(listens, bestStop)}
        axis={[TEXT.axisStart, TEXT.axisEnd]}
        head={[TEXT.positionColumn, TEXT.listensColumn]}
        testId="stats-stops"
      />
    </div>
  );
}

/**
 * The stats of one track in a dialog, from the query its opener owns (My Page's, or the console's):
 * a placeholder while it loads, the failure with its retry, then the figures.
 */
export function TrackStatsDialog({ title, query, ...shown }: DialogShown & { title: string; query: UseQueryResult<TrackStats> }) {
  return (
    <Modal {...shown} title={DIALOG.title(title)} description={DIALOG.description} testId="track-stats-dialog">
      {query.data ? (
        <TrackStatsView stats={query.data} />
      ) : query.isError ? (
        <ListError what={DIALOG.what} onRetry={() => void query.refetch()} testId="track-stats-error" />
      ) : (
        <LoadingStatus label={DIALOG.loading}>
          <Skeletons
            className="grid grid-cols-2 gap-2"
            bars={['h-16 rounded-2xl', 'h-16 rounded-2xl', 'h-16 rounded-2xl', 'h-16 rounded-2xl']}
          />
          <Skeletons
            className="mt-5 space-y-2"
            bars={['h-4 w-1/2 rounded-lg', 'h-28 rounded-2xl', 'h-4 w-1/2 rounded-lg', 'h-28 rounded-2xl']}
          />
        </LoadingStatus>
      )}
    </Modal>
  );
}
