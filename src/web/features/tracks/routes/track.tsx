import { TRACKS_TEXT } from '@shared/messages/tracks';
import { intIdFrom } from '@shared/rules/ids';
import { PageState } from '@web/components/ui/page-state';
import { LoadingStatus, Skeletons } from '@web/components/ui/skeleton';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { SearchX } from 'lucide-react';
import { useParams } from 'react-router';
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

  // Not found and load errors read the same (L-2.6-02, L-2.6-03).
  if (trackId === null || query.isError) return <PageState icon={SearchX} text={TRACKS_TEXT.trackNotFound} testId="track-not-found" />;
  if (!track) return <TrackSkeleton />;
  return <TrackDetail track={track} />;
}

function TrackSkeleton() {
  return (
    <LoadingStatus
      label={TRACKS_TEXT.trackSkeleton.trackLoadingLabel}
      className="mx-auto w-full max-w-[480px] px-6 pt-5"
      testId="track-loading"
    >
      <div className="flex items-center gap-4">
        <Skeletons bars={['size-20 rounded-full']} />
        <Skeletons className="flex-1 space-y-2" bars={['h-5 w-16 rounded-full', 'h-8 w-4/5', 'h-5 w-1/3']} />
      </div>
      <Skeletons className="mt-5 grid grid-cols-3 gap-2" bars={['h-[4.5rem]', 'h-[4.5rem]', 'h-[4.5rem]']} />
      <Skeletons bars={['mt-6 h-48 rounded-3xl']} />
    </LoadingStatus>
  );
}
