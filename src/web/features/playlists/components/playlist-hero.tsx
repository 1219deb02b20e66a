import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { formatCount } from '@shared/rules/format';
import type { Playlist } from '@shared/schemas/playlist';
import { CategoryChips, PlaylistArtwork, VisibilityBadge } from '@web/components/playlist/playlist-card';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { PhraseText } from '@web/components/ui/phrase-text';
import { StatGrid } from '@web/components/ui/stat-grid';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { Eye, ListMusic, Pause, Play, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const ownerPath = (p: Playlist) => `/${encodeURIComponent(p.user.customUserId || p.userId)}`;

/**
 * The head of a playlist page: artwork, name, owner, categories, description, the counts (tracks,
 * views, followers) and the play button, with the page's other buttons beside it.
 */
export function PlaylistHero({ playlist: p, actions }: { playlist: Playlist; actions?: ReactNode }) {
  const T = PLAYLISTS_TEXT.playlistHero;
  return (
    <header className="flex flex-col items-center text-center" data-testid="playlist-hero">
      <PlaylistArtwork size="hero" />
      <h1 className="mt-4 text-balance font-bold text-2xl leading-snug" data-testid="playlist-name">
        <PhraseText text={p.name} />
      </h1>
      <Link to={ownerPath(p)} className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-full pr-3 text-muted text-sm hover:text-fg">
        <Avatar picture={p.user.picture} name={p.user.name} className="size-7" textClassName="text-sm" />
        {p.user.name}
      </Link>
      {p.isOwner && <VisibilityBadge isPublic={p.isPublic} className="px-2.5 text-xs" />}
      <CategoryChips category={p.category} max={10} className="mt-3 justify-center" />
      {p.description && <p className="mt-3 max-w-md whitespace-pre-line text-muted text-sm leading-relaxed">{p.description}</p>}

      <StatGrid
        className="mt-4 w-full max-w-sm"
        stats={[
          { icon: ListMusic, label: T.label, value: String(p.items.length), testId: 'playlist-track-count' },
          { icon: Eye, label: T.label2, value: formatCount(p.impressionCount), testId: 'playlist-views' },
          { icon: Users, label: T.label3, value: formatCount(p.followerCount), testId: 'playlist-followers' },
        ]}
      />

      <div className="mt-5 flex flex-wrap items-center justify-center gap-2">
        <PlayPlaylistButton playlist={p} />
        {actions}
      </div>
    </header>
  );
}

/** Plays the whole playlist from the first track in playlist mode (it stops after the last one). */
export function PlayPlaylistButton({ playlist: p }: { playlist: Playlist }) {
  const player = usePlayer();
  const here = usePlayerValue((s) => s.playlist?.id === p.id);
  const playing = usePlayerValue((s) => s.playlist?.id === p.id && s.isPlaying);
  const tracks = p.items.map((i) => i.track);
  return (
    <Button
      size="lg"
      disabled={tracks.length === 0}
      onClick={() => (playing ? player.pause() : here ? player.play() : player.playPlaylist({ id: p.id, name: p.name }, tracks, 0))}
      data-testid="play-playlist"
    >
      {playing ? (
        <Pause aria-hidden="true" fill="currentColor" className="size-5" />
      ) : (
        <Play aria-hidden="true" fill="currentColor" className="size-5" />
      )}
      {playing
        ? PLAYLISTS_TEXT.playPlaylistButton.playing
        : here
          ? PLAYLISTS_TEXT.playPlaylistButton.here
          : PLAYLISTS_TEXT.playPlaylistButton.notHere}
    </Button>
  );
}

/** A track's own play button inside a playlist: plays the playlist from that track. */
export function PlayFromHereButton({ playlist: p, index }: { playlist: Playlist; index: number }) {
  const player = usePlayer();
  const track = p.items[index]?.track;
  const playing = usePlayerValue((s) => s.playlist?.id === p.id && s.track?.id === track?.id && s.isPlaying);
  if (!track) return null;
  return (
    <button
      type="button"
      onClick={() =>
        playing
          ? player.pause()
          : player.playPlaylist(
              { id: p.id, name: p.name },
              p.items.map((i) => i.track),
              index,
            )
      }
      aria-label={
        playing ? PLAYLISTS_TEXT.playFromHereButton.playing(track.title) : PLAYLISTS_TEXT.playFromHereButton.notPlaying(track.title)
      }
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-accent transition-colors hover:bg-accent-soft"
    >
      {playing ? (
        <Pause aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-5" />
      ) : (
        <Play aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-5 translate-x-px" />
      )}
    </button>
  );
}
