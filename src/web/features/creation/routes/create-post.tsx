import { CREATE_PAGE_CATEGORIES } from '@shared/categories';
import { CLAIMS_TEXT } from '@shared/messages/claims';
import { CREATION_TEXT as T } from '@shared/messages/creation';
import {
  type ConfidenceLevel,
  CREATION_INPUT_MAX,
  confidenceLevel,
  publishProgress,
  SPEAKING_RATE,
  taskPollDelay,
} from '@shared/rules/creation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClaimSources } from '@web/components/claims/claim-sources';
import { SearchSuggestions } from '@web/components/claims/search-suggestions';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CheckCircle2, LoaderCircle, RotateCcw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  cleanupPreview,
  generatePreview,
  generateScript,
  getAudioTask,
  postingStatusQueryOptions,
  publishTrack,
  regenerateScript,
} from '../api/creation';
import { clearDraft, type Draft, emptyDraft, loadDraft, loadRate, type Step, saveDraft, saveRate } from '../draft';
import { creationFailure } from '../failure';

/**
 * The categories of the track being made: the chosen ones and the way to choose more. The app fills it
 * with the category box of the playlists feature (its 15 suggestions and the debounced search, 5 names
 * from the database and 3 built in); without it the 15 suggestions are toggles.
 */
export type CategoryPicker = (props: { value: string[]; onChange: (next: string[]) => void }) => ReactNode;

/** /create-post (creator spec §2.1): input, script review, audio preview, final review; login required. */
export function CreatePostRoute({ categoryPicker }: { categoryPicker?: CategoryPicker }) {
  useDocumentTitle(T.title);
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-16">
      <PageHeader title={T.title} backTo="/" />
      {isPending ? (
        <div className="space-y-4" role="status">
          <Skeleton className="h-10" />
          <Skeleton className="h-48" />
        </div>
      ) : user ? (
        <Creator userId={user.id} categoryPicker={categoryPicker} />
      ) : (
        <LoginRequired body={T.lead} />
      )}
    </div>
  );
}

function Creator({ userId, categoryPicker }: { userId: string; categoryPicker?: CategoryPicker }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(userId) ?? emptyDraft(loadRate(userId)));
  const [busy, setBusy] = useState<null | 'script' | 'rewrite' | 'preview' | 'publish'>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  // Published from final review in this visit (polled every 2 s), or a task restored from the draft (3 s).
  const [watching, setWatching] = useState(false);
  const restored = useRef(draft.inputText !== '');
  const status = useQuery(postingStatusQueryOptions(userId));

  useEffect(() => {
    if (restored.current) toast({ title: T.draftRestored });
  }, []);
  useEffect(() => saveDraft(userId, draft), [userId, draft]);

  // A change by the member is when the draft is written: it lives 24 hours from the last one.
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch, savedAt: Date.now() }));
  const setRate = (rate: number) => {
    saveRate(userId, rate);
    update({ rate });
  };
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: queryKeys.creation.postingStatus(userId) });

  const restart = () => {
    if (draft.preview) void cleanupPreview(draft.preview.previewFilename);
    clearDraft(userId);
    setInputError(null);
    setDraft(emptyDraft(loadRate(userId)));
  };

  const writeScript = async () => {
    // C-5-01: the message, and no request.
    if (!draft.inputText.trim()) return setInputError(T.errors.emptyText);
    setInputError(null);
    setBusy('script');
    try {
      const script = await generateScript({ inputText: draft.inputText.trim(), title: draft.title.trim() });
      update({ script, labels: script.labels, title: draft.title || script.title, step: 1 });
    } catch (err) {
      toast({ ...creationFailure(err, 'script'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const applyFactCheck = async () => {
    if (!draft.script) return;
    setBusy('rewrite');
    try {
      const next = await regenerateScript({
        inputText: draft.script.inputText,
        originalScript: draft.script.script,
        issues: draft.script.factCheck.issues,
      });
      update({ script: { ...draft.script, ...next } });
    } catch (err) {
      toast({ ...creationFailure(err, 'script'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const makePreview = async () => {
    if (!draft.script) return;
    setBusy('preview');
    try {
      const previous = draft.preview;
      const preview = await generatePreview({ script: draft.script.script, title: draft.title, speakingRate: draft.rate });
      update({ preview: { ...preview, createdAt: Date.now() }, step: 2 });
      // The draft's earlier preview is not needed any more: the server forgets it now, not in an hour.
      if (previous && previous.previewFilename !== preview.previewFilename) void cleanupPreview(previous.previewFilename);
    } catch (err) {
      toast({ ...creationFailure(err, 'preview'), variant: 'destructive' });
    } finally {
      setBusy(null);
      void refreshStatus();
    }
  };

  const publish = async () => {
    if (!draft.script || !draft.preview) return;
    setBusy('publish');
    try {
      const { taskId } = await publishTrack({
        previewFilename: draft.preview.previewFilename,
        title: draft.title.trim() || draft.script.title,
        script: draft.script.script,
        labels: draft.labels,
        agreedToTerms: true,
      });
      setWatching(true);
      update({ taskId, taskStartedAt: Date.now() });
    } catch (err) {
      toast({ ...creationFailure(err, 'publish'), variant: 'destructive' });
      setBusy(null);
    }
  };

  const onPublished = (trackId: number) => {
    clearDraft(userId);
    void refreshStatus();
    void queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() });
    void navigate(`/track/${trackId}`);
  };

  const inputStep = (
    <InputStep
      draft={draft}
      update={update}
      setRate={setRate}
      error={inputError}
      busy={busy === 'script'}
      onNext={writeScript}
      onType={() => setInputError(null)}
    />
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ol className="flex gap-2 text-xs text-muted" aria-label={T.title}>
          {T.steps.map((label, i) => (
            <li
              key={label}
              aria-current={draft.step === i ? 'step' : undefined}
              className={cn('rounded-full px-3 py-1', draft.step === i ? 'bg-accent text-accent-fg' : 'bg-surface')}
            >
              {i + 1}. {label}
            </li>
          ))}
        </ol>
        <Button variant="ghost" onClick={restart} data-testid="creation-restart">
          <RotateCcw className="size-4" aria-hidden />
          {T.restart}
        </Button>
      </div>
      {/* Its line is kept while the count loads, so the form below does not move when it comes. */}
      <p className="min-h-5 text-sm text-muted" data-testid="posting-status">
        {status.data && T.postingStatus(status.data.currentCount, status.data.dailyLimit, status.data.remaining)}
      </p>
      {draft.taskId !== null ? (
        <PublishProgress
          taskId={draft.taskId}
          startedAt={draft.taskStartedAt ?? null}
          inFinalReview={watching}
          onDone={onPublished}
          onFailed={() => {
            update({ taskId: null });
            setBusy(null);
          }}
        />
      ) : draft.step === 0 ? (
        inputStep
      ) : draft.step === 1 && draft.script ? (
        <ReviewStep
          draft={draft}
          update={update}
          busy={busy}
          onRewrite={applyFactCheck}
          onPreview={makePreview}
          categoryPicker={categoryPicker}
        />
      ) : draft.step === 2 && draft.preview ? (
        <PreviewStep draft={draft} update={update} />
      ) : draft.preview && draft.script ? (
        <FinalStep draft={draft} update={update} busy={busy === 'publish'} onPublish={publish} />
      ) : (
        inputStep
      )}
    </div>
  );
}

type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void };

function InputStep({
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
  const onRateKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    // Page Up / Page Down move 10 steps (1.0), as the spec's slider does.
    if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
    e.preventDefault();
    const delta = (e.key === 'PageUp' ? 1 : -1) * SPEAKING_RATE.step * SPEAKING_RATE.pageSteps;
    setRate(Math.round(Math.min(SPEAKING_RATE.max, Math.max(SPEAKING_RATE.min, draft.rate + delta)) * 10) / 10);
  };
  return (
    <section className="space-y-5">
      <p className="text-sm text-muted">{T.lead}</p>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <label htmlFor={ids.text} className="font-medium">
            {T.input.textLabel}
          </label>
          <span
            className={cn('text-xs tabular-nums', length > CREATION_INPUT_MAX ? 'text-danger' : 'text-muted')}
            data-testid="creation-counter"
          >
            {T.input.counter(length)}
          </span>
        </div>
        <textarea
          id={ids.text}
          value={draft.inputText}
          maxLength={CREATION_INPUT_MAX}
          rows={10}
          placeholder={T.input.textPlaceholder}
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
          {T.input.titleLabel}
        </label>
        <input
          id={ids.title}
          value={draft.title}
          maxLength={100}
          placeholder={T.input.titlePlaceholder}
          onChange={(e) => update({ title: e.target.value })}
          className="min-h-11 w-full rounded-xl border border-border bg-surface px-4"
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <label htmlFor={ids.rate} className="font-medium">
            {T.input.rateLabel}
          </label>
          <output htmlFor={ids.rate} className="text-sm tabular-nums">
            {T.input.rateValue(draft.rate)}
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
        {busy ? T.input.generating : T.input.generate}
      </Button>
    </section>
  );
}

/** Confidence colours (creator spec §9, the levels in shared/rules/creation.ts): green, amber, red. */
const CONFIDENCE_CLASS: Record<ConfidenceLevel, string> = { high: 'text-emerald-600', medium: 'text-amber-600', low: 'text-red-600' };

function ReviewStep({
  draft,
  update,
  busy,
  onRewrite,
  onPreview,
  categoryPicker,
}: StepProps & { busy: string | null; onRewrite: () => void; onPreview: () => void; categoryPicker?: CategoryPicker }) {
  const script = draft.script!;
  const fc = script.factCheck;
  const toggle = (label: string) =>
    update({ labels: draft.labels.includes(label) ? draft.labels.filter((l) => l !== label) : [...draft.labels, label] });
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{draft.title || script.title}</h2>
      <div className="rounded-2xl border border-border p-4" data-testid="fact-check">
        <div className="flex flex-wrap items-center gap-3">
          {fc.status === 'verified' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-800">
              <CheckCircle2 className="size-4" aria-hidden />
              {T.review.verified}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              <TriangleAlert className="size-4" aria-hidden />
              {T.review.needsReview}
            </span>
          )}
          <span className={cn('text-sm font-medium', CONFIDENCE_CLASS[confidenceLevel(fc.confidence)])}>
            {T.review.confidence(fc.confidence)}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted">{fc.summary}</p>
        {fc.status === 'issues_found' && fc.issues.length > 0 && (
          <>
            <h3 className="mt-3 text-sm font-medium">{T.review.issuesLabel}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {fc.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
            <Button variant="secondary" className="mt-3" disabled={busy !== null} onClick={onRewrite}>
              {busy === 'rewrite' && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
              {busy === 'rewrite' ? T.review.applying : T.review.applyFactCheck}
            </Button>
          </>
        )}
        {/* A draft kept from before claims were answered has none. */}
        {(fc.claims ?? []).length > 0 && (
          <>
            <h3 className="mt-3 text-sm font-medium">{CLAIMS_TEXT.listTitle}</h3>
            <ClaimSources claims={fc.claims} className="mt-2" />
          </>
        )}
        {fc.searchEntryPoint && <SearchSuggestions html={fc.searchEntryPoint} />}
      </div>
      {categoryPicker ? (
        <div data-testid="creation-categories">{categoryPicker({ value: draft.labels, onChange: (labels) => update({ labels }) })}</div>
      ) : (
        <div>
          <h3 className="mb-2 font-medium">{T.review.labelsLabel}</h3>
          <div className="flex flex-wrap gap-2">
            {[...new Set([...draft.labels, ...CREATE_PAGE_CATEGORIES])].map((label) => (
              <button
                key={label}
                type="button"
                aria-pressed={draft.labels.includes(label)}
                onClick={() => toggle(label)}
                className={cn(
                  'min-h-9 rounded-full border px-3 text-sm',
                  draft.labels.includes(label) ? 'border-accent bg-accent text-accent-fg' : 'border-border',
                )}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-medium">{T.review.scriptLabel}</h3>
        <div
          className="max-h-96 overflow-y-auto whitespace-pre-wrap rounded-2xl bg-surface p-4 text-[15px] leading-relaxed"
          data-testid="creation-script"
        >
          {script.script}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => update({ step: 0 })}>
          {T.review.back}
        </Button>
        <Button size="lg" className="flex-1" disabled={busy !== null} onClick={onPreview}>
          {busy === 'preview' && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {busy === 'preview' ? T.review.makingPreview : T.review.makePreview}
        </Button>
      </div>
    </section>
  );
}

function PreviewStep({ draft, update }: StepProps) {
  const preview = draft.preview!;
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{preview.title || draft.script?.title}</h2>
      <div className="space-y-2 rounded-2xl border border-border p-4">
        <div className="flex items-baseline justify-between">
          <span className="font-medium">{T.preview.label}</span>
          <span className="text-sm text-muted tabular-nums">{T.preview.duration(preview.duration)}</span>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: the script is shown right below as the transcript */}
        <audio controls src={preview.previewUrl} className="w-full" data-testid="creation-preview-audio" />
      </div>
      <div className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-2xl bg-surface p-4 text-sm leading-relaxed">
        {preview.script}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => update({ step: 1 })}>
          {T.preview.back}
        </Button>
        <Button size="lg" className="flex-1" onClick={() => update({ step: 3 as Step })}>
          {T.preview.next}
        </Button>
      </div>
    </section>
  );
}

/** Final review: the preview already spent the day's use, so publishing it needs none left (decision 0015, #24.8). */
function FinalStep({ draft, busy, onPublish }: StepProps & { busy: boolean; onPublish: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const id = useId();
  return (
    <section className="space-y-5">
      <h2 className="text-lg font-bold">{draft.title || draft.script?.title}</h2>
      <p className="text-sm text-muted">{draft.labels.join('、')}</p>
      <div className="flex items-center gap-3">
        <input id={id} type="checkbox" className="size-5" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <label htmlFor={id}>
          {T.final.terms}（
          <Link to="/terms" className="underline" target="_blank">
            {T.final.termsLink}
          </Link>
          ）
        </label>
      </div>
      <Button size="lg" className="w-full" disabled={!agreed || busy} onClick={onPublish}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {T.final.publish}
      </Button>
    </section>
  );
}

/**
 * After publishing: the task is asked for every 2 s in final review, every 3 s when it was restored from
 * the draft; a failed request is retried after 3 s, doubling up to 30 s, at most 5 times, then the
 * network message shows (creator spec §4; taskPollDelay). The bar follows an estimate of 120 s from when
 * the task was started (kept in the draft), capped at 95 %, or the task's own progress once it is further.
 */
function PublishProgress({
  taskId,
  startedAt,
  inFinalReview,
  onDone,
  onFailed,
}: {
  taskId: number;
  startedAt: number | null;
  inFinalReview: boolean;
  onDone: (trackId: number) => void;
  onFailed: () => void;
}) {
  const started = useRef(startedAt ?? Date.now());
  const [progress, setProgress] = useState(() => publishProgress(started.current, Date.now()));
  const [stage, setStage] = useState<string>('queued');
  // The latest callbacks, so a re-render of the page does not restart the polling.
  const done = useRef(onDone);
  const failed = useRef(onFailed);
  done.current = onDone;
  failed.current = onFailed;
  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const delay = taskPollDelay(failures, inFinalReview);
      if (delay === null) {
        toast({ title: T.errors.network, variant: 'destructive' });
        return failed.current();
      }
      if (!stopped) timer = setTimeout(tick, delay);
    };
    const tick = async () => {
      try {
        const task = await getAudioTask(taskId);
        if (stopped) return;
        failures = 0;
        setProgress(publishProgress(started.current, Date.now(), task));
        setStage(task.stage ?? task.status);
        if (task.status === 'completed' && task.trackId) return done.current(task.trackId);
        if (task.status === 'failed') {
          toast({ title: T.errors.taskFailed, description: task.errorMessage ?? undefined, variant: 'destructive' });
          return failed.current();
        }
      } catch {
        if (stopped) return;
        failures += 1;
      }
      next();
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [taskId, inFinalReview]);
  return (
    <section className="space-y-3" aria-live="polite" data-testid="publish-progress">
      <p className="font-medium">{T.final.progress}</p>
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-sm text-muted">{T.final.stage[stage] ?? T.final.stage.audio_generation}</p>
    </section>
  );
}
