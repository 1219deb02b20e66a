import { SHELL_TEXT } from '@shared/messages/shell';
import type { Track } from '@shared/schemas/track';
import { usePlayer, usePlayerValue } from '@web/lib/audio/player-context';
import { cn } from '@web/lib/cn';
import { Pause, Play } from 'lucide-react';

/** Plays a track of a list in the shared player (or pauses it when it is the one playing). */
export function PlayTrackButton({ track, className }: { track: Track; className?: string }) {
  const player = usePlayer();
  const playing = usePlayerValue((s) => s.track?.id === track.id && s.isPlaying);
  return (
    <button
      type="button"
      onClick={() => (playing ? player.pause() : player.playTrack(track, { autoplay: true }))}
      aria-label={playing ? SHELL_TEXT.playTrackButton.playing(track.title) : SHELL_TEXT.playTrackButton.notPlaying(track.title)}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-accent transition-colors hover:bg-accent-soft',
        className,
      )}
    >
      {playing ? (
        <Pause aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-5" />
      ) : (
        <Play aria-hidden="true" fill="currentColor" strokeWidth={0} className="size-5 translate-x-px" />
      )}
    </button>
  );
}
