import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { PageState } from '@web/components/ui/page-state';
import { LoadingStatus, Skeletons } from '@web/components/ui/skeleton';
import { StatSkeletons } from '@web/components/ui/stat-grid';
import { ListX } from 'lucide-react';

/** 'プレイリストが見つかりません' (listener spec §2): missing, private to someone else, or failed to load. */
export function PlaylistNotFound() {
  return <PageState icon={ListX} text={PLAYLISTS_TEXT.playlistNotFound} testId="playlist-not-found" />;
}

export function PlaylistSkeleton() {
  return (
    <LoadingStatus
      label={PLAYLISTS_TEXT.playlistSkeleton.ariaLabel}
      className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-6"
    >
      <Skeletons bars={['size-28 rounded-[1.75rem]', 'mt-4 h-7 w-2/3 rounded-lg', 'mt-3 h-5 w-1/3 rounded-lg']} />
      <StatSkeletons />
    </LoadingStatus>
  );
}
