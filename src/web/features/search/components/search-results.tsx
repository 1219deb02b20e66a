import { SEARCH_TEXT } from '@shared/messages/search';
import type { Track } from '@shared/schemas/track';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackList } from '@web/components/track/track-list';
import { TrackRow, TrackRowSkeletons } from '@web/components/track/track-row';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListError } from '@web/components/ui/list-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** Result rows, each with a play button that plays the track in the radio player. */
export function TrackResults({ tracks, busy }: { tracks: readonly Track[]; busy?: boolean }) {
  const currentId = usePlayerValue((s) => s.track?.id ?? null);
  return (
    <TrackList className={busy ? 'opacity-60 transition-opacity' : undefined} busy={busy} testId="search-results">
      {tracks.map((t) => (
        <li key={t.id}>
          <TrackRow track={t} current={t.id === currentId} trailing={<PlayTrackButton track={t} />} />
        </li>
      ))}
    </TrackList>
  );
}

export function ResultsLoading() {
  return <TrackRowSkeletons count={6} />;
}

export function ResultsError({ onRetry }: { onRetry: () => void }) {
  return <ListError what={SEARCH_TEXT.resultsError.what} onRetry={onRetry} testId="search-error" />;
}

export function ResultsEmpty({ body, children }: { body: ReactNode; children?: ReactNode }) {
  return (
    <EmptyState icon={SearchX} title={SEARCH_TEXT.resultsEmpty.title} body={body} testId="search-empty">
      {children}
    </EmptyState>
  );
}
