import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { SHARE_TEXT } from '@shared/messages/share';
import { playlistFeedPath } from '@shared/rules/feeds';
import { playlistShareUrl } from '@shared/rules/playlist-form';
import type { Playlist } from '@shared/schemas/playlist';
import { PodcastFeed } from '@web/components/share/podcast-feed';
import { ShareActions } from '@web/components/share/share-actions';
import { TrackRow } from '@web/components/track/track-row';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { publicOrigin } from '@web/lib/public-origin';
import { ListMusic, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { FollowPlaylistButton } from './follow-playlist-button';
import { PlayFromHereButton, PlaylistHero } from './playlist-hero';

/** Public playlist detail: what everyone sees of a public playlist (listener spec §2 Playlist pages). */
export function PublicPlaylistView({ playlist: p }: { playlist: Playlist }) {
  const currentId = usePlayerValue((s) => (s.playlist?.id === p.id ? (s.track?.id ?? null) : null));
  return (
    // From 1024 px the playlist's head stays in a column of its own beside its tracks.
    <div
      className="mx-auto w-full max-w-2xl px-4 pt-6 pb-10 lg:grid lg:max-w-5xl lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-10 lg:px-6"
      data-testid="public-playlist"
    >
      <div className="lg:sticky lg:top-20">
        <PlaylistHero
          playlist={p}
          actions={
            <>
              <FollowPlaylistButton playlist={p} />
              <ShareButton playlist={p} />
              {p.isOwner && (
                <Button asChild variant="secondary" size="icon" aria-label={PLAYLISTS_TEXT.publicPlaylistView.ariaLabel}>
                  <Link to={`/playlists/${p.id}`}>
                    <Settings2 aria-hidden="true" className="size-5" />
                  </Link>
                </Button>
              )}
            </>
          }
        />
        {p.isPublic && p.items.length > 0 && <PodcastFeed path={playlistFeedPath(p.id)} className="mt-6" />}
      </div>
      <section className="mt-8 lg:mt-0" aria-label={PLAYLISTS_TEXT.publicPlaylistView.ariaLabel2}>
        {p.items.length === 0 ? (
          <EmptyState icon={ListMusic} title={PLAYLISTS_TEXT.publicPlaylistView.title} />
        ) : (
          <ol className="space-y-1" data-testid="playlist-tracks">
            {p.items.map((item, index) => (
              <li key={item.id} data-testid="playlist-item" data-track-id={item.track.id}>
                <TrackRow
                  track={item.track}
                  dense
                  current={item.track.id === currentId}
                  leading={<span className="w-5 shrink-0 text-center text-muted text-sm tabular-nums">{index + 1}</span>}
                  trailing={<PlayFromHereButton playlist={p} index={index} />}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/**
 * Shares the playlist's public address, /{customUserId or userId}/playlist/{id} on the public origin:
 * the share sheet, LINE and the copy button with its 2 s tick (L-2.9-02, issue 20). Public playlists only.
 */
export function ShareButton({ playlist }: { playlist: Playlist }) {
  if (!playlist.isPublic) return null;
  return (
    <ShareActions
      look="icons"
      url={playlistShareUrl(publicOrigin(), playlist)}
      title={playlist.name}
      text={SHARE_TEXT.sharedText.playlist(playlist.name)}
    />
  );
}
