import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { isPremiumActive, playlistLimit } from '@shared/rules/playlist-form';
import type { User } from '@shared/schemas/auth';
import type { Playlist } from '@shared/schemas/playlist';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { PlaylistCard } from '@web/components/playlist/playlist-card';
import { ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { IconButton } from '@web/components/ui/icon-button';
import { ListState } from '@web/components/ui/list-state';
import { LoadingStatus, Skeletons } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ListMusic, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { playlistErrorToast } from '../api/errors';
import { useMyPlaylists } from '../api/get-playlists';
import { useDeletePlaylist } from '../api/mutate-playlist';
import { newPlaylistLink } from '../components/new-playlist-link';
import { PlaylistEditDialog } from '../components/playlist-edit-dialog';

/** /playlists: my playlists with edit, delete and create; visitors see a login prompt (§2). */
export function PlaylistsRoute() {
  useDocumentTitle(PLAYLISTS_TEXT.playlists.documentTitle);
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10 lg:max-w-5xl lg:px-6">
      <PageHeader
        title={PLAYLISTS_TEXT.playlists.documentTitle}
        actions={
          user && (
            <ButtonLink {...newPlaylistLink(PLAYLISTS_TEXT.playlists.link, { className: 'min-h-10 px-4' })} data-testid="new-playlist" />
          )
        }
      />
      {isPending ? <ListSkeleton /> : user ? <MyPlaylists user={user} /> : <LoginRequired body={PLAYLISTS_TEXT.playlists.body} />}
    </div>
  );
}

function ListSkeleton() {
  return (
    <LoadingStatus label={PLAYLISTS_TEXT.listSkeleton.ariaLabel} className="space-y-3">
      <Skeletons bars={['h-24 rounded-2xl', 'h-24 rounded-2xl', 'h-24 rounded-2xl']} />
    </LoadingStatus>
  );
}

function MyPlaylists({ user }: { user: User }) {
  const playlists = useMyPlaylists();
  const premium = isPremiumActive(user);
  const [editing, setEditing] = useState<Playlist | null>(null);
  const [deleting, setDeleting] = useState<Playlist | null>(null);
  const remove = useDeletePlaylist();

  return (
    <>
      <ListState
        query={playlists}
        what={PLAYLISTS_TEXT.myPlaylists.what}
        skeleton={<ListSkeleton />}
        empty={
          <EmptyState
            icon={ListMusic}
            title={PLAYLISTS_TEXT.myPlaylists.title}
            body={PLAYLISTS_TEXT.myPlaylists.body}
            link={newPlaylistLink(PLAYLISTS_TEXT.myPlaylists.link)}
            testId="playlists-empty"
          />
        }
      >
        {(items) => (
          <>
            <p className="mb-3 text-muted text-sm tabular-nums">
              {items.length} / {playlistLimit(premium)} {PLAYLISTS_TEXT.myPlaylists.countUnit}
            </p>
            <ul className="grid gap-2.5 lg:grid-cols-2" data-testid="my-playlists">
              {items.map((p) => (
                <li key={p.id}>
                  <PlaylistCard
                    playlist={p}
                    showVisibility
                    actions={
                      <>
                        <IconButton
                          icon={Pencil}
                          label={PLAYLISTS_TEXT.myPlaylists.ariaLabel(p.name)}
                          iconSize="size-[1.125rem]"
                          onClick={() => setEditing(p)}
                        />
                        <IconButton
                          icon={Trash2}
                          tone="danger"
                          label={PLAYLISTS_TEXT.myPlaylists.ariaLabel2(p.name)}
                          iconSize="size-[1.125rem]"
                          onClick={() => setDeleting(p)}
                        />
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </ListState>
      {editing && (
        <PlaylistEditDialog
          playlist={editing}
          userId={user.id}
          premium={premium}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={PLAYLISTS_TEXT.myPlaylists.title2}
        description={PLAYLISTS_TEXT.myPlaylists.description(deleting?.name ?? '')}
        confirmLabel={PLAYLISTS_TEXT.myPlaylists.confirmLabel}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () =>
              toast({ title: PLAYLISTS_TEXT.myPlaylists.title3, description: PLAYLISTS_TEXT.myPlaylists.description2(name) }),
            onError: (err) => playlistErrorToast(PLAYLISTS_TEXT.myPlaylists.playlistErrorToast, err),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
