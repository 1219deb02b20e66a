import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { PLAYLIST_MESSAGES } from '@shared/rules/playlist';
import { isPremiumActive, moveItem, playlistBackPath, reorderPayload } from '@shared/rules/playlist-form';
import type { User } from '@shared/schemas/auth';
import type { Playlist } from '@shared/schemas/playlist';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { ListMusic, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { playlistErrorToast } from '../api/errors';
import { useRemoveTrack, useReorderPlaylist } from '../api/playlist-tracks';
import { PlaylistEditDialog } from './playlist-edit-dialog';
import { PlaylistHero } from './playlist-hero';
import { ShareButton } from './public-playlist-view';
import { SortableTrackList } from './sortable-track-list';

/** /playlists/{id} for its owner: reorder, remove, share, play (listener spec §2 Playlist pages). */
export function OwnerPlaylistView({ playlist: p, user }: { playlist: Playlist; user: User }) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const reorder = useReorderPlaylist();
  const remove = useRemoveTrack();
  const [editing, setEditing] = useState(false);

  const onMove = (activeId: number, overId: number) => {
    const before = p.items;
    const items = moveItem(before, activeId, overId).map((it, order) => ({ ...it, order }));
    queryClient.setQueryData<Playlist>(queryKeys.playlists.detail(p.id), (old) => (old ? { ...old, items } : old));
    reorder.mutate(
      { playlistId: p.id, items: reorderPayload(items).items },
      {
        onSuccess: () => toast({ title: PLAYLIST_MESSAGES.reordered }),
        onError: (err) => {
          queryClient.setQueryData<Playlist>(queryKeys.playlists.detail(p.id), (old) => (old ? { ...old, items: before } : old));
          playlistErrorToast(PLAYLIST_MESSAGES.reorderFailed, err);
        },
      },
    );
  };

  const onRemove = (item: Playlist['items'][number]) =>
    remove.mutate(
      { playlistId: p.id, trackId: item.track.id },
      {
        onSuccess: () =>
          toast({
            title: PLAYLISTS_TEXT.ownerPlaylistView.title,
            description: PLAYLISTS_TEXT.ownerPlaylistView.description(item.track.title),
          }),
        onError: (err) => playlistErrorToast(PLAYLIST_MESSAGES.removeFailed, err),
      },
    );

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10 lg:max-w-5xl lg:px-6" data-testid="owner-playlist">
      <PageHeader
        backTo={playlistBackPath(params.get('from'))}
        actions={
          <Button variant="ghost" size="icon" aria-label={PLAYLISTS_TEXT.ownerPlaylistView.ariaLabel} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-5" />
          </Button>
        }
      />
      {/* From 1024 px the playlist's head stays in a column of its own beside its tracks. */}
      <div className="lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-10">
        <div className="lg:sticky lg:top-20">
          <PlaylistHero playlist={p} actions={<ShareButton playlist={p} />} />
        </div>
        <section className="mt-8 lg:mt-0" aria-label={PLAYLISTS_TEXT.ownerPlaylistView.ariaLabel2}>
          {p.items.length === 0 ? (
            <EmptyState
              icon={ListMusic}
              title={PLAYLISTS_TEXT.ownerPlaylistView.title2}
              body={PLAYLISTS_TEXT.ownerPlaylistView.body}
              link={{ to: '/', children: PLAYLISTS_TEXT.ownerPlaylistView.link }}
            />
          ) : (
            <>
              <p className="mb-2 px-2 text-muted text-xs">
                <span className="pointer-coarse:hidden">{PLAYLISTS_TEXT.ownerPlaylistView.dragHint}</span>
                <span className="hidden pointer-coarse:inline">{PLAYLISTS_TEXT.ownerPlaylistView.longPressHint}</span>
              </p>
              <SortableTrackList playlist={p} onMove={onMove} onRemove={onRemove} />
            </>
          )}
        </section>
      </div>
      <PlaylistEditDialog playlist={p} userId={user.id} premium={isPremiumActive(user)} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
