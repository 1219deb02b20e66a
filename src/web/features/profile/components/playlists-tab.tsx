import { categoryChips, formatShortDateJa, MY_PAGE_MESSAGES, myPlaylistsHeading } from '@shared/rules/my-page';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ListMusic, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { type MyPlaylist, useMyPlaylists } from '../api/get-my-lists';
import { EmptyState } from './empty-state';
import { ListError, ListSkeleton } from './list-states';

/** The プレイリスト tab (L-2.7-21 .. L-2.7-30). */
export function PlaylistsTab() {
  const playlists = useMyPlaylists();
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-bold" data-testid="playlists-heading">
          {myPlaylistsHeading(playlists.data?.length ?? 0)}
        </h2>
        <Button asChild variant="secondary" className="min-h-10 px-4 text-sm">
          <Link to="/create-playlist" data-testid="new-playlist">
            <Plus aria-hidden="true" className="size-4" />
            New
          </Link>
        </Button>
      </div>
      {playlists.isPending ? (
        <ListSkeleton />
      ) : playlists.isError ? (
        <ListError />
      ) : playlists.data.length === 0 ? (
        <EmptyState
          icon={ListMusic}
          title={MY_PAGE_MESSAGES.noPlaylists}
          action={
            <Button asChild>
              <Link to="/create-playlist">
                <Plus aria-hidden="true" className="size-4" />
                プレイリストを作成
              </Link>
            </Button>
          }
        >
          お気に入りの音声をまとめて、続けて聴けます。
        </EmptyState>
      ) : (
        <ul className="space-y-2" data-testid="playlists-list">
          {playlists.data.map((p) => (
            <PlaylistRow key={p.id} playlist={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PlaylistRow({ playlist: p }: { playlist: MyPlaylist }) {
  const chips = categoryChips(p.category);
  return (
    <li>
      <Link
        to={`/playlists/${p.id}?from=profile`}
        className="block rounded-2xl border border-border bg-bg px-4 py-3 hover:bg-surface"
        data-testid="playlist-row"
      >
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 font-semibold leading-snug">{p.name}</p>
          <span
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 font-medium text-xs',
              p.isPublic ? 'bg-accent-soft text-accent' : 'bg-surface-2 text-muted',
            )}
          >
            {p.isPublic ? '公開' : '非公開'}
          </span>
        </div>
        {(chips.shown.length > 0 || chips.rest > 0) && (
          <div className="mt-1.5 flex flex-wrap gap-1">
            {chips.shown.map((c) => (
              <span key={c} className="rounded-full bg-surface-2 px-2 py-0.5 text-muted text-xs">
                {c}
              </span>
            ))}
            {chips.rest > 0 && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-muted text-xs">+{chips.rest}</span>}
          </div>
        )}
        {p.description && <p className="mt-1.5 line-clamp-2 text-muted text-sm leading-relaxed">{p.description}</p>}
        <p className="mt-1.5 flex items-center gap-3 text-muted text-xs">
          <span>{formatShortDateJa(p.createdAt)}</span>
          <span className="inline-flex items-center gap-1 tabular-nums">
            <ListMusic aria-hidden="true" className="size-3.5" />
            {p.itemCount}件
          </span>
        </p>
      </Link>
    </li>
  );
}
