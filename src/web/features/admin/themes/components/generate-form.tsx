import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import {
  ADMIN_INPUT_MAX,
  ADMIN_INPUT_RECOMMENDED,
  ADMIN_SPEAKING_RATE_DEFAULT,
  type AdminSpeakingRate,
  checkAdminInput,
  textLength,
} from '@shared/rules/admin-themes';
import { DEFAULT_SHAPE, publishProgress, type ScriptShape } from '@shared/rules/creation';
import { ShapeChoice } from '@web/components/script/shape-choice';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { CircleCheck, CircleX, Headphones, LoaderCircle, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Outcome } from '../../components/outcome';
import { type GenerationState, useGenerateContent } from '../api/generate-content';
import { SpeakingRateSelect } from './speaking-rate-select';

const T = ADMIN_THEMES_TEXT.generate;

/**
 * 音声管理 › AI生成 (spec §2.4, §5): input 1-1,000 characters with its counter (about 400 recommended), the
 * show's shape (format and length, issue 39.2), the speaking rate (0.5, 0.75 default, 1.0, 1.25, 1.5) and the progress of GET /api/generate-content: the
 * bar follows an estimate of 120 s capped at 95 % between events (or the task's own progress when
 * further), then the new track's link, or the error.
 */
export function GenerateForm() {
  const [text, setText] = useState('');
  const [rate, setRate] = useState<AdminSpeakingRate>(ADMIN_SPEAKING_RATE_DEFAULT);
  const [premiumOnly, setPremiumOnly] = useState(false);
  const [shape, setShape] = useState<ScriptShape>(DEFAULT_SHAPE);
  const [touched, setTouched] = useState(false);
  const { state, start, reset } = useGenerateContent();
  const id = useId();
  const length = textLength(text.trim());
  const problem = checkAdminInput(text);
  const running = state.phase === 'running';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || running) return;
    start(text.trim(), rate, premiumOnly, shape);
  };

  return (
    <section aria-labelledby={`${id}-h`} className="mx-auto max-w-2xl" data-testid="generate-form">
      <h2 id={`${id}-h`} className="flex items-center gap-2 font-bold text-lg">
        <Sparkles aria-hidden="true" className="size-5 text-accent" />
        {T.heading}
      </h2>
      <p className="mt-1 text-muted text-sm">{T.lead}</p>
      <form onSubmit={submit} noValidate className="mt-4 rounded-2xl border border-border bg-surface p-4 sm:p-5">
        <label htmlFor={`${id}-i`} className="block font-medium text-sm">
          {T.input}
        </label>
        <textarea
          id={`${id}-i`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          rows={8}
          disabled={running}
          placeholder={T.placeholder}
          aria-invalid={touched && problem ? true : undefined}
          aria-describedby={`${id}-c ${id}-r${touched && problem ? ` ${id}-e` : ''}`}
          data-testid="generate-input"
          className="mt-1 w-full resize-y rounded-xl border border-border bg-bg px-3 py-2.5 text-base leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-60"
        />
        <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
          <p id={`${id}-r`} className="text-muted">
            {T.recommended(ADMIN_INPUT_RECOMMENDED)}
          </p>
          <p
            id={`${id}-c`}
            className={cn('tabular-nums', length > ADMIN_INPUT_MAX ? 'font-medium text-danger' : 'text-muted')}
            data-testid="generate-counter"
            aria-live="polite"
          >
            {T.counter(length, ADMIN_INPUT_MAX)}
          </p>
        </div>
        {touched && problem && (
          <p id={`${id}-e`} role="alert" className="mt-2 text-danger text-sm" data-testid="generate-input-error">
            {problem}
          </p>
        )}
        <fieldset disabled={running} className="mt-4" data-testid="generate-shape">
          <ShapeChoice value={shape} onChange={setShape} />
        </fieldset>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the select is inside SpeakingRateSelect */}
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{T.rate}</span>
            <SpeakingRateSelect value={rate} onChange={setRate} disabled={running} testId="generate-rate" className="px-3" />
          </label>
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-p`}
              checked={premiumOnly}
              onCheckedChange={setPremiumOnly}
              describedBy={`${id}-ph`}
              disabled={running}
              testId="generate-premium-only"
            />
            <div className="text-sm">
              <label htmlFor={`${id}-p`} className="font-medium">
                {T.premiumOnly}
              </label>
              <p id={`${id}-ph`} className="text-muted text-xs">
                {T.premiumOnlyHint}
              </p>
            </div>
          </div>
          <Button
            type="submit"
            className="ml-auto"
            disabled={running || length === 0 || length > ADMIN_INPUT_MAX}
            data-testid="generate-submit"
          >
            {running ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4" />
            )}
            {running ? T.running : T.submit}
          </Button>
        </div>
      </form>
      {state.phase !== 'idle' && (
        <GenerationProgress
          state={state}
          onAgain={() => {
            reset();
            setText('');
            setTouched(false);
          }}
          onRetry={() => start(text.trim(), rate, premiumOnly, shape)}
        />
      )}
    </section>
  );
}

/** The estimate's clock: a tick a second while running. */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function GenerationProgress({ state, onAgain, onRetry }: { state: GenerationState; onAgain: () => void; onRetry: () => void }) {
  const now = useNow(state.phase === 'running');
  if (state.phase === 'running') {
    const value = publishProgress(state.startedAt, now, { status: 'processing', progress: state.progress });
    return (
      <section className="mt-4 rounded-2xl border border-border p-4" aria-live="polite" data-testid="generate-progress">
        <div className="mb-2 flex items-baseline justify-between gap-2 text-sm">
          <p className="font-medium">{T.progress}</p>
          <p className="shrink-0 font-medium tabular-nums" data-testid="generate-percent">
            {value}%
          </p>
        </div>
        <Progress value={value} label={T.progress} size="md" />
        <p className="mt-2 text-muted text-sm" data-testid="generate-stage" data-stage={state.stage}>
          {state.message}
        </p>
        {state.taskId !== null && <p className="mt-1 text-muted text-xs tabular-nums">{T.taskLabel(state.taskId)}</p>}
      </section>
    );
  }
  if (state.phase === 'complete') {
    return (
      <Outcome tone="good" icon={CircleCheck} title={T.complete} className="mt-4" testId="generate-complete">
        <div className="mt-3 flex flex-wrap gap-2">
          <ButtonLink to={`/track/${state.trackId}`} size="sm" data-testid="generate-track-link">
            <Headphones aria-hidden="true" className="size-4" />
            {T.openTrack}
          </ButtonLink>
          <Button size="sm" variant="secondary" onClick={onAgain}>
            {T.again}
          </Button>
        </div>
      </Outcome>
    );
  }
  const message = state.phase === 'error' ? state.message : T.lost;
  return (
    <Outcome tone="bad" icon={CircleX} title={T.failed} className="mt-4" testId="generate-error">
      <p className="mt-1 text-sm leading-relaxed">{message}</p>
      {state.phase === 'error' && (
        <Button size="sm" variant="secondary" className="mt-3" onClick={onRetry}>
          {T.retry}
        </Button>
      )}
    </Outcome>
  );
}
