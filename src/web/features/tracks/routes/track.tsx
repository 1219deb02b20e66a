import { TRACKS_TEXT } from '@shared/messages/tracks';
import { intIdFrom } from '@shared/rules/ids';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTrack } from '../api/get-track';
import { useTrackImpression } from '../api/increment-impression-count';
import { TrackDetail } from '../components/track-detail';

/** /track/:id, /mugen/track/:id and /:userId/track/:id: loading, not found (or failed), or the player. */
export function TrackRoute() {
  const { id } = useParams();
  const trackId = intIdFrom(id);
  const query = useTrack(trackId);
  const track = query.data;
  useDocumentTitle(track?.title);
  useTrackImpression(track?.id);

  if (trackId === null || query.isError) return <TrackNotFound />;
  if (!track) return <TrackSkeleton />;
  return <TrackDetail track={track} />;
}

/** Not found and load errors read the same (L-2.6-02, L-2.6-03). */
function TrackNotFound() {
  return (
    <section
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center"
      data-testid="track-not-found"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 font-bold text-xl">{TRACKS_TEXT.trackNotFound.heading}</h1>
      <p className="mt-3 text-muted text-sm leading-relaxed">{TRACKS_TEXT.trackNotFound.reason}</p>
      <Button asChild className="mt-8">
        <Link to="/">{TRACKS_TEXT.trackNotFound.link}</Link>
      </Button>
    </section>
  );
}

function TrackSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-[480px] px-6 pt-5"
      role="status"
      aria-label={TRACKS_TEXT.trackSkeleton.trackLoadingLabel}
      data-testid="track-loading"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      </div>
      <div className="mt-5 grid grid-cols-3 gap-2">
        <Skeleton className="h-[4.5rem]" />
        <Skeleton className="h-[4.5rem]" />
        <Skeleton className="h-[4.5rem]" />
      </div>
      <Skeleton className="mt-6 h-48 rounded-3xl" />
    </div>
  );
}
