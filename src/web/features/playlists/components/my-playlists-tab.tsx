import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { MY_PAGE_MESSAGES, myPlaylistsHeading } from '@shared/rules/my-page';
import { PlaylistCard } from '@web/components/playlist/playlist-card';
import { ButtonLink } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListState } from '@web/components/ui/list-state';
import { ListMusic } from 'lucide-react';
import { useMyPlaylists } from '../api/get-playlists';
import { newPlaylistLink } from './new-playlist-link';

/**
 * My Page's プレイリスト tab (L-2.7-21 .. L-2.7-30), asked again on each visit: the playlist cards of every
 * playlist list (name, up to 2 chips and +N, two lines of description, date, 公開 or 非公開, count), each
 * leading to /playlists/{id}?from=profile, and 新規作成 to /create-playlist.
 */
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
        <ButtonLink
          {...newPlaylistLink(PLAYLISTS_TEXT.playlists.link, { variant: 'secondary', className: 'min-h-10 px-4 text-sm' })}
          data-testid="new-playlist"
        />
      </div>
      <ListState query={playlists} what={PLAYLISTS_TEXT.myPlaylistsTab.what} empty={empty}>
        {(items) => (
          <div className="@container">
            <ul className="grid gap-2.5 @2xl:grid-cols-2" data-testid="playlists-list">
              {items.map((p) => (
                <li key={p.id}>
                  <PlaylistCard playlist={p} to={`/playlists/${p.id}?from=profile`} showVisibility />
                </li>
              ))}
            </ul>
          </div>
        )}
      </ListState>
    </div>
  );
}
