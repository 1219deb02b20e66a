import { RADIO_TEXT } from '@shared/messages/radio';
import { Button } from '@web/components/ui/button';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { lazyPart } from '@web/lib/lazy-part';
import { Timer } from 'lucide-react';
import { Suspense, useState } from 'react';
import { clockOf, PROGRAMME_QUEUE_ID, programmeSecondsLeft } from '../lib/programme-queue';

const T = RADIO_TEXT.programmeControl;

/** The dialog loads on first use: the home route carries only the button and the time left (#27.5). */
const ProgrammeDialog = lazyPart(async () => (await import('./programme-dialog')).ProgrammeDialog);

/**
 * あと N 分 on the player (issue 28.1): members choose a time (5, 15, 30, 60 minutes or their own, 5 to
 * 120) and the player plays a programme that ends on time; while it plays, the time left shows here.
 */
export function ProgrammeControl({ className }: { className?: string }) {
  const { isSignedIn } = useUser();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate its closing.
  const [used, setUsed] = useState(false);
  const secondsLeft = usePlayerValue(programmeSecondsLeft);
  const ended = usePlayerValue(
    (s) => s.playlist?.id === PROGRAMME_QUEUE_ID && s.index === s.queue.length - 1 && !s.isPlaying && (programmeSecondsLeft(s) ?? 1) < 0.5,
  );
  if (!isSignedIn) return null;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        title={T.openLabel}
        data-testid="programme-open"
      >
        <Timer aria-hidden="true" className="size-4" />
        {T.open}
      </Button>
      {secondsLeft !== null && (
        <output
          aria-label={T.timeLeftLabel}
          aria-live="off"
          data-testid="programme-time-left"
          data-seconds={Math.ceil(secondsLeft)}
          className="font-medium text-muted text-sm tabular-nums"
        >
          {ended ? T.ended : T.timeLeft(clockOf(secondsLeft))}
        </output>
      )}
      {used && (
        <Suspense fallback={null}>
          <ProgrammeDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
