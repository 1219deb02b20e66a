import { TRACKS_TEXT } from '@shared/messages/tracks';
import { PlayTrackButton } from '@web/components/track/play-track-button';
import { TrackRow } from '@web/components/track/track-row';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { cn } from '@web/lib/cn';

/** How many of the coming tracks the column lists. */
const UP_NEXT_COUNT = 8;

/**
 * 次に再生 beside the home player from 1024 px: the tracks the radio plays after the current one, in
 * order (wrapping round the catalogue as next does), in the rows of every track list. Hidden on phones,
 * where the player fills the screen and a swipe moves on.
 */
export function UpNext({ className }: { className?: string }) {
  const queue = usePlayerValue((s) => s.queue);
  const index = usePlayerValue((s) => s.index);
  const playlist = usePlayerValue((s) => s.playlist);
  const coming = [];
  for (let i = 1; i <= Math.min(UP_NEXT_COUNT, queue.length - 1); i++) {
    const at = index + i;
    // A playlist stops after its last track; the catalogue goes round (decision 0005).
    if (playlist && at >= queue.length) break;
    coming.push(queue[at % queue.length]);
  }
  if (coming.length === 0) return null;
  return (
    <section aria-labelledby="up-next-title" className={cn('min-w-0', className)} data-testid="up-next">
      <h2 id="up-next-title" className="mb-2 px-2 font-bold text-base">
        {TRACKS_TEXT.upNext.title}
      </h2>
      <ul className="space-y-1">
        {coming.map((t) => (
          <li key={t.id}>
            <TrackRow track={t} trailing={<PlayTrackButton track={t} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
