import type { Track } from '@shared/schemas/track';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { CircleAlert, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** Result rows, each with a play button that plays the track in the radio player. */
export function TrackResults({ tracks, busy }: { tracks: readonly Track[]; busy?: boolean }) {
  const currentId = usePlayerValue((s) => s.track?.id ?? null);
  return (
    <ul className={busy ? 'space-y-1 opacity-60 transition-opacity' : 'space-y-1'} aria-busy={busy} data-testid="search-results">
      {tracks.map((t) => (
        <li key={t.id}>
          <TrackRow track={t} current={t.id === currentId} trailing={<PlayTrackButton track={t} />} />
        </li>
      ))}
    </ul>
  );
}

export function ResultsLoading() {
  return <TrackRowSkeletons count={6} />;
}

export function ResultsError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      icon={<CircleAlert aria-hidden="true" />}
      title="検索結果を読み込めませんでした"
      body="通信状況をご確認のうえ、もう一度お試しください。"
      testId="search-error"
    >
      <Button className="mt-6" onClick={onRetry}>
        再読み込み
      </Button>
    </EmptyState>
  );
}

export function ResultsEmpty({ body, children }: { body: ReactNode; children?: ReactNode }) {
  return (
    <EmptyState icon={<SearchX aria-hidden="true" />} title="該当する音声が見つかりませんでした" body={body} testId="search-empty">
      {children}
    </EmptyState>
  );
}
