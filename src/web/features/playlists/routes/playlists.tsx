import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { isPremiumActive, playlistLimit } from '@shared/rules/playlist-form';
import type { User } from '@shared/schemas/auth';
import type { Playlist } from '@shared/schemas/playlist';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { PlaylistCard } from '@web/components/playlist/playlist-card';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ListMusic, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { playlistErrorToast } from '../api/errors';
import { useMyPlaylists } from '../api/get-playlists';
import { useDeletePlaylist } from '../api/mutate-playlist';
import { PlaylistEditDialog } from '../components/playlist-edit-dialog';

/** /playlists: my playlists with edit, delete and create; visitors see a login prompt (§2). */
export function PlaylistsRoute() {
  useDocumentTitle(PLAYLISTS_TEXT.playlists.documentTitle);
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10">
      <PageHeader
        title={PLAYLISTS_TEXT.playlists.documentTitle}
        actions={
          user && (
            <Button asChild size="md" className="min-h-10 px-4" data-testid="new-playlist">
              <Link to="/create-playlist">
                <Plus aria-hidden="true" className="size-4" />
                {PLAYLISTS_TEXT.playlists.link}
              </Link>
            </Button>
          )
        }
      />
      {isPending ? <ListSkeleton /> : user ? <MyPlaylists user={user} /> : <LoginRequired body={PLAYLISTS_TEXT.playlists.body} />}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label={PLAYLISTS_TEXT.listSkeleton.ariaLabel}>
      <Skeleton className="h-24 rounded-2xl" />
      <Skeleton className="h-24 rounded-2xl" />
      <Skeleton className="h-24 rounded-2xl" />
    </div>
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
            icon={<ListMusic aria-hidden="true" />}
            title={PLAYLISTS_TEXT.myPlaylists.title}
            body={PLAYLISTS_TEXT.myPlaylists.body}
            testId="playlists-empty"
          >
            <Button asChild className="mt-6">
              <Link to="/create-playlist">
                <Plus aria-hidden="true" className="size-4" />
                {PLAYLISTS_TEXT.myPlaylists.link}
              </Link>
            </Button>
          </EmptyState>
        }
      >
        {(items) => (
          <>
            <p className="mb-3 text-muted text-sm tabular-nums">
              {items.length} / {playlistLimit(premium)} {PLAYLISTS_TEXT.myPlaylists.countUnit}
            </p>
            <ul className="space-y-2.5" data-testid="my-playlists">
              {items.map((p) => (
                <li key={p.id}>
                  <PlaylistCard
                    playlist={p}
                    showVisibility
                    actions={
                      <>
                        <button
                          type="button"
                          onClick={() => setEditing(p)}
                          aria-label={PLAYLISTS_TEXT.myPlaylists.ariaLabel(p.name)}
                          className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
                        >
                          <Pencil aria-hidden="true" className="size-[1.125rem]" />
                        </button>
                        <button
                          type="button"
                          onClick={() => setDeleting(p)}
                          aria-label={PLAYLISTS_TEXT.myPlaylists.ariaLabel2(p.name)}
                          className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-danger-soft hover:text-danger"
                        >
                          <Trash2 aria-hidden="true" className="size-[1.125rem]" />
                        </button>
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
