import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { categoryChips, formatShortDateJa, MY_PAGE_MESSAGES, myPlaylistsHeading } from '@shared/rules/my-page';
import type { Playlist } from '@shared/schemas/playlist';
import { ButtonLink } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { ListMusic } from 'lucide-react';
import { Link } from 'react-router';
import { useMyPlaylists } from '../api/get-playlists';
import { newPlaylistLink } from './new-playlist-link';

/** My Page's プレイリスト tab (L-2.7-21 .. L-2.7-30), asked again on each visit. */
export function MyPlaylistsTab() {
  const playlists = useMyPlaylists({ fresh: true });
  const empty = (
    <EmptyState
      icon={ListMusic}
      title={MY_PAGE_MESSAGES.noPlaylists}
      body={PLAYLISTS_TEXT.myPlaylistsTab.body}
      link={newPlaylistLink(PLAYLISTS_TEXT.myPlaylistsTab.link)}
      look="card"
      testId="empty-state"
    />
  );
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-bold" data-testid="playlists-heading">
          {myPlaylistsHeading(playlists.data?.length ?? 0)}
        </h2>
        <ButtonLink {...newPlaylistLink('New', { variant: 'secondary', className: 'min-h-10 px-4 text-sm' })} data-testid="new-playlist" />
      </div>
      <ListState query={playlists} what={PLAYLISTS_TEXT.myPlaylistsTab.what} empty={empty}>
        {(items) => (
          <ul className="space-y-2" data-testid="playlists-list">
            {items.map((p) => (
              <PlaylistRow key={p.id} playlist={p} />
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}

function PlaylistRow({ playlist: p }: { playlist: Playlist }) {
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
            {p.isPublic ? PLAYLISTS_TEXT.playlistRow.isPublic : PLAYLISTS_TEXT.playlistRow.notIsPublic}
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
            {p.itemCount}
            {PLAYLISTS_TEXT.playlistRow.countUnit}
          </span>
        </p>
      </Link>
    </li>
  );
}
