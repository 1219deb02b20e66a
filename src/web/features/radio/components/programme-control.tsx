import { RADIO_TEXT } from '@shared/messages/radio';
import { PROGRAMME_MINUTES, PROGRAMME_PRESETS, programmeMinutesProblem } from '@shared/rules/programme';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { usePlayerValue } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { Timer } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useStartProgramme } from '../api/programme';
import { clockOf, PROGRAMME_QUEUE_ID, programmeSecondsLeft } from '../lib/programme-queue';

const T = RADIO_TEXT.programmeControl;

/**
 * あと N 分 on the player (issue 28.1): members choose a time (5, 15, 30, 60 minutes or their own, 5 to
 * 120) and the player plays a programme that ends on time; while it plays, the time left shows here.
 */
export function ProgrammeControl({ className }: { className?: string }) {
  const { isSignedIn } = useUser();
  const [open, setOpen] = useState(false);
  const secondsLeft = usePlayerValue(programmeSecondsLeft);
  const ended = usePlayerValue(
    (s) => s.playlist?.id === PROGRAMME_QUEUE_ID && s.index === s.queue.length - 1 && !s.isPlaying && (programmeSecondsLeft(s) ?? 1) < 0.5,
  );
  if (!isSignedIn) return null;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={T.openLabel} data-testid="programme-open">
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
      <ProgrammeDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

function ProgrammeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartProgramme(T.programmeName);
  const begin = (minutes: number) =>
    start.mutate(minutes, {
      onSuccess: () => onOpenChange(false),
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const message = programmeMinutesProblem(custom);
    setProblem(message);
    if (!message) begin(Number(custom.trim()));
  };
  const failure = start.isError ? (serverMessage(start.error) ?? T.failed) : null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={T.title} description={T.description} testId="programme-dialog">
      <div className="grid grid-cols-4 gap-2">
        {PROGRAMME_PRESETS.map((m) => (
          <Button
            key={m}
            variant="secondary"
            aria-label={T.presetLabel(m)}
            disabled={start.isPending}
            onClick={() => begin(m)}
            data-testid={`programme-preset-${m}`}
          >
            {T.preset(m)}
          </Button>
        ))}
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <label htmlFor={`${id}-m`} className="block font-medium text-sm">
          {T.customLabel}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-m`}
            inputMode="numeric"
            min={PROGRAMME_MINUTES.min}
            max={PROGRAMME_MINUTES.max}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-e` : undefined}
            data-testid="programme-custom"
            className="w-24 min-w-0 flex-1 rounded-xl border border-border bg-bg px-3 py-2.5 text-base tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-accent"
          />
          <Button type="submit" disabled={start.isPending} data-testid="programme-custom-submit">
            {T.customSubmit}
          </Button>
        </div>
        {problem && (
          <p id={`${id}-e`} role="alert" className="mt-2 font-medium text-danger text-sm" data-testid="programme-custom-error">
            {problem}
          </p>
        )}
      </form>
      <p aria-live="polite" className="mt-3 min-h-6 text-sm">
        {start.isPending ? <span className="text-muted">{T.building}</span> : null}
        {failure ? (
          <span role="alert" className="font-medium text-danger" data-testid="programme-error">
            {failure}
          </span>
        ) : null}
      </p>
    </Modal>
  );
}
