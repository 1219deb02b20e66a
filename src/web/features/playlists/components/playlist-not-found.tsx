import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { PLAYLIST_MESSAGES } from '@shared/rules/playlist';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListX } from 'lucide-react';
import { Link } from 'react-router';

/** 'プレイリストが見つかりません' (listener spec §2): missing, private to someone else, or failed to load. */
export function PlaylistNotFound() {
  return (
    <EmptyState
      icon={<ListX aria-hidden="true" />}
      title={PLAYLIST_MESSAGES.notFound}
      body={PLAYLISTS_TEXT.playlistNotFound.body}
      className="flex-1 justify-center"
      testId="playlist-not-found"
    >
      <Button asChild className="mt-6">
        <Link to="/">{PLAYLISTS_TEXT.playlistNotFound.link}</Link>
      </Button>
    </EmptyState>
  );
}

export function PlaylistSkeleton() {
  return (
    <div
      className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 pt-6"
      role="status"
      aria-label={PLAYLISTS_TEXT.playlistSkeleton.ariaLabel}
    >
      <div className="size-28 animate-shimmer rounded-[1.75rem] bg-surface-2" />
      <div className="mt-4 h-7 w-2/3 animate-shimmer rounded-lg bg-surface-2" />
      <div className="mt-3 h-5 w-1/3 animate-shimmer rounded-lg bg-surface-2" />
      <div className="mt-5 grid w-full max-w-sm grid-cols-3 gap-2">
        <div className="h-16 animate-shimmer rounded-2xl bg-surface-2" />
        <div className="h-16 animate-shimmer rounded-2xl bg-surface-2" />
        <div className="h-16 animate-shimmer rounded-2xl bg-surface-2" />
      </div>
    </div>
  );
}
