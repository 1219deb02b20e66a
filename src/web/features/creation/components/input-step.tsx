import { CREATION_TEXT } from '@shared/messages/creation';
import { CREATION_INPUT_MAX, SPEAKING_RATE } from '@shared/rules/creation';
import { ShapeChoice } from '@web/components/script/shape-choice';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import type { StepProps } from '../draft';

/** Step 1: the member's text (up to CREATION_INPUT_MAX), an optional title, the show's shape and the speaking rate. */
export function InputStep({
  draft,
  update,
  setRate,
  error,
  busy,
  onNext,
  onType,
}: StepProps & { setRate: (rate: number) => void; error: string | null; busy: boolean; onNext: () => void; onType: () => void }) {
  const ids = { text: useId(), title: useId(), rate: useId(), error: useId() };
  const length = draft.inputText.length;
  const onRateKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Page Up / Page Down move 10 steps (1.0), as the spec's slider does.
    if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
    e.preventDefault();
    const delta = (e.key === 'PageUp' ? 1 : -1) * SPEAKING_RATE.step * SPEAKING_RATE.pageSteps;
    setRate(Math.round(Math.min(SPEAKING_RATE.max, Math.max(SPEAKING_RATE.min, draft.rate + delta)) * 10) / 10);
  };
  return (
    <section className="space-y-5">
      <p className="text-sm text-muted">{CREATION_TEXT.lead}</p>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <label htmlFor={ids.text} className="font-medium">
            {CREATION_TEXT.input.textLabel}
          </label>
          <span
            className={cn('text-xs tabular-nums', length > CREATION_INPUT_MAX ? 'text-danger' : 'text-muted')}
            data-testid="creation-counter"
          >
            {CREATION_TEXT.input.counter(length)}
          </span>
        </div>
        <textarea
          id={ids.text}
          value={draft.inputText}
          maxLength={CREATION_INPUT_MAX}
          rows={10}
          placeholder={CREATION_TEXT.input.textPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => {
            onType();
            update({ inputText: e.target.value });
          }}
          className="w-full rounded-2xl border border-border bg-surface p-4 text-[15px] leading-relaxed"
        />
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-danger" data-testid="creation-input-error">
            {error}
          </p>
        )}
      </div>
      <div className="space-y-2">
        <label htmlFor={ids.title} className="font-medium">
          {CREATION_TEXT.input.titleLabel}
        </label>
        <input
          id={ids.title}
          value={draft.title}
          maxLength={100}
          placeholder={CREATION_TEXT.input.titlePlaceholder}
          onChange={(e) => update({ title: e.target.value })}
          className="min-h-11 w-full rounded-xl border border-border bg-surface px-4"
        />
      </div>
      <ShapeChoice value={draft} onChange={({ format, length }) => update({ format, length })} />
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <label htmlFor={ids.rate} className="font-medium">
            {CREATION_TEXT.input.rateLabel}
          </label>
          <output htmlFor={ids.rate} className="text-sm tabular-nums">
            {CREATION_TEXT.input.rateValue(draft.rate)}
          </output>
        </div>
        <input
          id={ids.rate}
          type="range"
          min={SPEAKING_RATE.min}
          max={SPEAKING_RATE.max}
          step={SPEAKING_RATE.step}
          value={draft.rate}
          onKeyDown={onRateKey}
          onChange={(e) => setRate(Number(e.target.value))}
          className="w-full accent-[var(--color-accent)]"
        />
      </div>
      <Button size="lg" className="w-full" disabled={busy} onClick={onNext}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {busy ? CREATION_TEXT.input.generating : CREATION_TEXT.input.generate}
      </Button>
    </section>
  );
}
