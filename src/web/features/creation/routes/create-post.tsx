import { CREATION_TEXT } from '@shared/messages/creation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  cleanupPreview,
  postingStatusQueryOptions,
  useGeneratePreview,
  useGenerateScript,
  usePublishTrack,
  useRegenerateScript,
} from '../api/creation';
import { FinalStep } from '../components/final-step';
import { InputStep } from '../components/input-step';
import { PreviewStep } from '../components/preview-step';
import { PublishProgress } from '../components/publish-progress';
import { type CategoryPicker, ReviewStep } from '../components/review-step';
import { clearDraft, type Draft, emptyDraft, loadDraft, loadRate, saveDraft, saveRate } from '../draft';
import { creationFailure } from '../failure';

export type { CategoryPicker };

/** /create-post (creator spec §2.1): input, script review, audio preview, final review; login required. */
export function CreatePostRoute({ categoryPicker }: { categoryPicker?: CategoryPicker }) {
  useDocumentTitle(CREATION_TEXT.title);
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-16">
      <PageHeader title={CREATION_TEXT.title} backTo="/" />
      {isPending ? (
        <div className="space-y-4" role="status">
          <Skeleton className="h-10" />
          <Skeleton className="h-48" />
        </div>
      ) : user ? (
        <Creator userId={user.id} categoryPicker={categoryPicker} />
      ) : (
        <LoginRequired body={CREATION_TEXT.lead} />
      )}
    </div>
  );
}

function Creator({ userId, categoryPicker }: { userId: string; categoryPicker?: CategoryPicker }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(userId) ?? emptyDraft(loadRate(userId)));
  const [inputError, setInputError] = useState<string | null>(null);
  // Published from final review in this visit (polled every 2 s), or a task restored from the draft (3 s).
  const [watching, setWatching] = useState(false);
  const restored = useRef(draft.inputText !== '');
  const status = useQuery(postingStatusQueryOptions(userId));

  useEffect(() => {
    if (restored.current) toast({ title: CREATION_TEXT.draftRestored });
  }, []);
  useEffect(() => saveDraft(userId, draft), [userId, draft]);

  // A change by the member is when the draft is written: it lives 24 hours from the last one.
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch, savedAt: Date.now() }));
  const setRate = (rate: number) => {
    saveRate(userId, rate);
    update({ rate });
  };
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: postingStatusQueryOptions(userId).queryKey });
  const scriptCall = useGenerateScript();
  const rewriteCall = useRegenerateScript();
  const previewCall = useGeneratePreview(userId);
  const publishCall = usePublishTrack();
  // One call at a time; publishing stays busy while its task runs, until it fails.
  const busy = scriptCall.isPending
    ? 'script'
    : rewriteCall.isPending
      ? 'rewrite'
      : previewCall.isPending
        ? 'preview'
        : publishCall.isPending || draft.taskId !== null
          ? 'publish'
          : null;

  const restart = () => {
    if (draft.preview) void cleanupPreview(draft.preview.previewFilename);
    clearDraft(userId);
    setInputError(null);
    setDraft(emptyDraft(loadRate(userId)));
  };

  const writeScript = () => {
    // C-5-01: the message, and no request.
    if (!draft.inputText.trim()) return setInputError(CREATION_TEXT.errors.emptyText);
    setInputError(null);
    scriptCall.mutate(
      { inputText: draft.inputText.trim(), title: draft.title.trim(), format: draft.format, length: draft.length },
      {
        onSuccess: (script) => update({ script, labels: script.labels, title: draft.title || script.title, step: 1 }),
        onError: (err) => toast({ ...creationFailure(err, 'script'), variant: 'destructive' }),
      },
    );
  };

  const applyFactCheck = () => {
    const script = draft.script;
    if (!script) return;
    rewriteCall.mutate(
      {
        inputText: script.inputText,
        originalScript: script.script,
        issues: script.factCheck.issues,
        format: draft.format,
        length: draft.length,
      },
      {
        onSuccess: (next) => update({ script: { ...script, ...next } }),
        onError: (err) => toast({ ...creationFailure(err, 'script'), variant: 'destructive' }),
      },
    );
  };

  const makePreview = () => {
    if (!draft.script) return;
    const previous = draft.preview;
    previewCall.mutate(
      { script: draft.script.script, title: draft.title, speakingRate: draft.rate },
      {
        onSuccess: (preview) => {
          update({ preview: { ...preview, createdAt: Date.now() }, step: 2 });
          // The draft's earlier preview is not needed any more: the server forgets it now, not in an hour.
          if (previous && previous.previewFilename !== preview.previewFilename) void cleanupPreview(previous.previewFilename);
        },
        onError: (err) => toast({ ...creationFailure(err, 'preview'), variant: 'destructive' }),
      },
    );
  };

  const publish = () => {
    if (!draft.script || !draft.preview) return;
    publishCall.mutate(
      {
        previewFilename: draft.preview.previewFilename,
        title: draft.title.trim() || draft.script.title,
        script: draft.script.script,
        labels: draft.labels,
        agreedToTerms: true,
      },
      {
        onSuccess: ({ taskId }) => {
          setWatching(true);
          update({ taskId, taskStartedAt: Date.now() });
        },
        onError: (err) => toast({ ...creationFailure(err, 'publish'), variant: 'destructive' }),
      },
    );
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
        <ol className="flex gap-2 text-xs text-muted" aria-label={CREATION_TEXT.title}>
          {CREATION_TEXT.steps.map((label, i) => (
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
          {CREATION_TEXT.restart}
        </Button>
      </div>
      {/* Its line is kept while the count loads, so the form below does not move when it comes. */}
      <p className="min-h-5 text-sm text-muted" data-testid="posting-status">
        {status.data && CREATION_TEXT.postingStatus(status.data.currentCount, status.data.dailyLimit, status.data.remaining)}
      </p>
      {draft.taskId !== null ? (
        <PublishProgress
          taskId={draft.taskId}
          startedAt={draft.taskStartedAt ?? null}
          inFinalReview={watching}
          onDone={onPublished}
          onFailed={() => update({ taskId: null })}
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
