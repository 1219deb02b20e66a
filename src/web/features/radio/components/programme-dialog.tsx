import { RADIO_TEXT } from '@shared/messages/radio';
import { PROGRAMME_MINUTES, PROGRAMME_PRESETS, programmeMinutesProblem } from '@shared/rules/programme';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { serverMessage } from '@web/lib/server-message';
import { type FormEvent, useId, useState } from 'react';
import { useStartProgramme } from '../api/programme';

const T = RADIO_TEXT.programmeControl;

/** あと N 分's choice of time: the presets, or the member's own 5 to 120 minutes (issue 28.1). */
export function ProgrammeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
