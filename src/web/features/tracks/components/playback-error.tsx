import { TRACKS_TEXT } from '@shared/messages/tracks';
import { usePlayer } from '@web/lib/audio/player-context';
import { RotateCcw } from 'lucide-react';

/** The player's failure under its progress bar, with 再試行 (home's hero and the track page). */
export function PlaybackError({ message }: { message: string }) {
  const player = usePlayer();
  return (
    <div role="alert" className="mt-2 flex items-center justify-between gap-3 rounded-2xl bg-danger-soft px-4 py-2 text-danger text-sm">
      <span>{message}</span>
      <button
        type="button"
        onClick={() => player.retry()}
        className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 font-medium hover:underline"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {TRACKS_TEXT.playbackError.retry}
      </button>
    </div>
  );
}
