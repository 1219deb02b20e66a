import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { playlistShareUrl } from '@shared/rules/playlist-form';
import type { Playlist } from '@shared/schemas/playlist';
import { TrackRow } from '@web/components/track/track-row';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { useCopyUrl } from '@web/lib/use-copy';
import { Check, Link2, ListMusic, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { FollowPlaylistButton } from './follow-playlist-button';
import { PlayFromHereButton, PlaylistHero } from './playlist-hero';

/** Public playlist detail: what everyone sees of a public playlist (listener spec §2 Playlist pages). */
export function PublicPlaylistView({ playlist: p }: { playlist: Playlist }) {
  const currentId = usePlayerValue((s) => (s.playlist?.id === p.id ? (s.track?.id ?? null) : null));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-10" data-testid="public-playlist">
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
      <section className="mt-8" aria-label={PLAYLISTS_TEXT.publicPlaylistView.ariaLabel2}>
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

/** Copies the playlist's public address, /{customUserId or userId}/playlist/{id}, with a 2 s tick. */
export function ShareButton({ playlist }: { playlist: Playlist }) {
  const { copied, copy } = useCopyUrl();
  if (!playlist.isPublic) return null;
  return (
    <Button
      variant="secondary"
      size="icon"
      aria-label={copied ? PLAYLISTS_TEXT.shareButton.copied : PLAYLISTS_TEXT.shareButton.notCopied}
      onClick={() => void copy(playlistShareUrl(window.location.origin, playlist))}
      data-testid="share-playlist"
      data-copied={copied ? 'true' : 'false'}
    >
      {copied ? <Check aria-hidden="true" className="size-5 text-accent" /> : <Link2 aria-hidden="true" className="size-5" />}
    </Button>
  );
}
