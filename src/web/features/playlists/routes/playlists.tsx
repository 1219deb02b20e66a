import { isPremiumActive, playlistLimit } from '@shared/rules/playlist-form';
import type { User } from '@shared/schemas/auth';
import type { Playlist } from '@shared/schemas/playlist';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { PlaylistCard } from '@web/components/playlist/playlist-card';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CircleAlert, ListMusic, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { playlistErrorToast } from '../api/errors';
import { useMyPlaylists } from '../api/get-playlists';
import { useDeletePlaylist } from '../api/mutate-playlist';
import { PlaylistEditDialog } from '../components/playlist-edit-dialog';

/** /playlists: my playlists with edit, delete and create; visitors see a login prompt (§2). */
export function PlaylistsRoute() {
  useDocumentTitle('プレイリスト');
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10">
      <PageHeader
        title="プレイリスト"
        actions={
          user && (
            <Button asChild size="md" className="min-h-10 px-4" data-testid="new-playlist">
              <Link to="/create-playlist">
                <Plus aria-hidden="true" className="size-4" />
                新規作成
              </Link>
            </Button>
          )
        }
      />
      {isPending ? (
        <ListSkeleton />
      ) : user ? (
        <MyPlaylists user={user} />
      ) : (
        <LoginRequired body="プレイリストを作成・管理するにはログインしてください。" />
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="読み込み中">
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

  if (playlists.isPending) return <ListSkeleton />;
  if (playlists.isError) {
    return (
      <EmptyState
        icon={<CircleAlert aria-hidden="true" />}
        title="プレイリストを読み込めませんでした"
        body="通信状況をご確認のうえ、もう一度お試しください。"
      >
        <Button className="mt-6" onClick={() => void playlists.refetch()}>
          再読み込み
        </Button>
      </EmptyState>
    );
  }
  if (playlists.data.length === 0) {
    return (
      <EmptyState
        icon={<ListMusic aria-hidden="true" />}
        title="プレイリストがありません"
        body="お気に入りの音声をまとめて、続けて聴けるプレイリストを作りましょう。"
        testId="playlists-empty"
      >
        <Button asChild className="mt-6">
          <Link to="/create-playlist">
            <Plus aria-hidden="true" className="size-4" />
            プレイリストを作成
          </Link>
        </Button>
      </EmptyState>
    );
  }

  return (
    <>
      <p className="mb-3 text-muted text-sm tabular-nums">
        {playlists.data.length} / {playlistLimit(premium)} 個
      </p>
      <ul className="space-y-2.5" data-testid="my-playlists">
        {playlists.data.map((p) => (
          <li key={p.id}>
            <PlaylistCard
              playlist={p}
              showVisibility
              actions={
                <>
                  <button
                    type="button"
                    onClick={() => setEditing(p)}
                    aria-label={`${p.name}を編集`}
                    className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
                  >
                    <Pencil aria-hidden="true" className="size-[1.125rem]" />
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(p)}
                    aria-label={`${p.name}を削除`}
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
        title="プレイリストを削除しますか？"
        description={`「${deleting?.name ?? ''}」を削除します。この操作は取り消せません。`}
        confirmLabel="削除する"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () => toast({ title: 'プレイリストを削除しました', description: `「${name}」を削除しました` }),
            onError: (err) => playlistErrorToast('プレイリストの削除に失敗しました', err),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}
