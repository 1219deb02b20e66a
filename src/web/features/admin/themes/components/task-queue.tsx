import { ADMIN_TEXT } from '@shared/messages/admin';
import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { type AdminTaskStatus, speakingRateLabel, taskActive } from '@shared/rules/admin-themes';
import { type ConfidenceLevel, confidenceLevel } from '@shared/rules/creation';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { listOf } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { Ban, Eraser, Headphones, ListChecks, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { AdminCardList, HeadingCount } from '../../components/admin-list-state';
import { AdminPagination } from '../../components/pagination';
import { type ProgressMessage, useTaskProgress } from '../api/live-progress';
import { type AdminTask, useAdminTasks, useCancelTask, useCleanupInvalidTasks, useClearFailedTasks, useRefreshQueue } from '../api/tasks';
import { DangerAction } from './danger-action';
import { LiveTaskProgress } from './live-task-progress';

const T = ADMIN_THEMES_TEXT.queue;
const _C = ADMIN_TEXT.common;

export const STATUS_BADGE: Record<AdminTaskStatus, string> = {
  queued: 'bg-surface-2 text-muted',
  processing: 'bg-accent-soft text-accent',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-danger-soft text-danger',
  cancelled: 'bg-surface-2 text-muted',
};
/** Fact-check confidence (spec §9): 80 and above green, 60 and above amber, below red. */
export const CONFIDENCE_CLASS: Record<ConfidenceLevel, string> = {
  high: 'text-emerald-700 dark:text-emerald-400',
  medium: 'text-amber-700 dark:text-amber-400',
  low: 'text-red-700 dark:text-red-400',
};

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/**
 * テーマ管理's audio generation queue (spec §2.4, §4): the operators' generation tasks, 10 a page, asked
 * for every 3 s; a running task's progress live over /ws; cancel while queued or processing; clearing the
 * failed ones and cleaning up invalid ones, each after a confirmation.
 */
export function TaskQueue() {
  const [page, setPage] = useState(1);
  const tasks = useAdminTasks(page);
  const data = tasks.data;
  const refresh = useRefreshQueue();
  const activeIds = useMemo(() => (data?.tasks ?? []).filter((t) => taskActive(t.status)).map((t) => t.id), [data]);
  const live = useTaskProgress(activeIds);
  const id = useId();

  // A task that ended live is fetched again at once (the queue and the library), not at the next poll.
  const ended = [...live.messages.values()].filter((m) => m.stage === 'error' || m.stage === 'task_complete').length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when one more task has ended
  useEffect(() => {
    if (ended > 0) void refresh();
  }, [ended]);

  // The last page emptied by a clearing: go back one.
  useEffect(() => {
    if (data && data.tasks.length === 0 && page > 1 && !tasks.isPlaceholderData) setPage(Math.max(1, Math.ceil(data.total / data.limit)));
  }, [data, page, tasks.isPlaceholderData]);

  const body = (
    <AdminCardList
      query={listOf(tasks, (d) => d.tasks)}
      label={T.heading}
      bars={['h-24', 'h-24', 'h-24']}
      testId="task-list"
      errorTestId="tasks-error"
      empty={<EmptyState icon={ListChecks} title={T.empty.title} body={T.empty.body} look="card" testId="tasks-empty" />}
    >
      {(task) => <TaskCard task={task} live={live.messages.get(task.id)} />}
    </AdminCardList>
  );

  return (
    <section aria-labelledby={`${id}-h`} data-testid="task-queue">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-h`} className="flex items-baseline gap-2 font-bold text-lg">
          {T.heading}
          <HeadingCount count={data?.total} />
        </h2>
        <QueueActions />
      </div>
      <div className={cn(tasks.isPlaceholderData && 'opacity-60 transition-opacity')}>{body}</div>
      {data && data.tasks.length > 0 && <AdminPagination page={data.page} pageSize={data.limit} total={data.total} onPage={setPage} />}
    </section>
  );
}

/** クリア of failed and cancelled tasks and 整理 of invalid ones: a confirmation first (spec §4), the spec's toasts on failure (§8). */
function QueueActions() {
  const clearFailed = useClearFailedTasks();
  const cleanup = useCleanupInvalidTasks();
  const [asking, setAsking] = useState<'failed' | 'invalid' | null>(null);
  const run = (which: 'failed' | 'invalid') => {
    const mutation = which === 'failed' ? clearFailed : cleanup;
    mutation.mutate(undefined, {
      onSuccess: (answer) => toast({ title: answer.message }),
      onError: () => toast({ title: which === 'failed' ? T.clearFailedError : T.cleanupError, variant: 'destructive' }),
      onSettled: () => setAsking(null),
    });
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setAsking('failed')} data-testid="tasks-clear-failed">
        <Trash2 aria-hidden="true" className="size-4" />
        {T.clearFailed}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setAsking('invalid')} data-testid="tasks-cleanup">
        <Eraser aria-hidden="true" className="size-4" />
        {T.cleanup}
      </Button>
      <ConfirmDialog
        open={asking === 'failed'}
        onOpenChange={(open) => setAsking(open ? 'failed' : null)}
        title={T.clearFailedConfirm}
        description={T.clearFailedBody}
        confirmLabel={T.clearFailed}
        busy={clearFailed.isPending}
        onConfirm={() => run('failed')}
      />
      <ConfirmDialog
        open={asking === 'invalid'}
        onOpenChange={(open) => setAsking(open ? 'invalid' : null)}
        title={T.cleanupConfirm}
        description={T.cleanupBody}
        confirmLabel={T.cleanup}
        busy={cleanup.isPending}
        onConfirm={() => run('invalid')}
      />
    </div>
  );
}

function TaskCard({ task, live }: { task: AdminTask; live: ProgressMessage | undefined }) {
  const cancel = useCancelTask();
  const [asking, setAsking] = useState(false);
  const active = taskActive(task.status);
  const check = task.stageData.script_generation?.factCheckResult;
  const sources = task.groundingInfo?.sources.length ?? 0;
  const id = useId();
  return (
    <article
      className="rounded-2xl border border-border bg-bg p-4"
      data-testid="task-card"
      data-task-id={task.id}
      data-status={task.status}
      aria-labelledby={`${id}-t`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${id}-t`} className="min-w-0 font-bold leading-snug [word-break:auto-phrase]" data-testid="task-title">
          {task.title || (task.source === 'input' ? T.fromInput : T.taskLabel(task.id))}
        </h3>
        <span
          className={cn(
            'inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs',
            STATUS_BADGE[task.status],
          )}
          data-testid="task-status"
        >
          {T.status[task.status]}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-muted text-xs tabular-nums">
        <span>{T.taskLabel(task.id)}</span>
        <span>{task.source === 'input' ? T.fromInput : T.stage[task.currentStage]}</span>
        <span>{T.rate(speakingRateLabel(task.speakingRate))}</span>
        <span>
          {T.createdAt} {dateTime(task.createdAt)}
        </span>
      </p>
      {check && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm" data-testid="task-fact-check">
          <span className={cn('font-medium', CONFIDENCE_CLASS[confidenceLevel(check.confidence)])} data-testid="task-confidence">
            {T.confidence(check.confidence)}
          </span>
          <span className="text-muted">{T.factCheck[check.status]}</span>
          {sources > 0 && <span className="text-muted">{T.sources(sources)}</span>}
        </p>
      )}
      {(active || live) && <LiveTaskProgress message={live} fallback={task.progress} />}
      {task.status === 'failed' && task.errorMessage && !live && (
        <p className="mt-2 text-danger text-sm" data-testid="task-error">
          {task.errorMessage}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        {task.status === 'completed' && task.trackId !== null && !live && (
          <ButtonLink to={`/track/${task.trackId}`} size="sm" variant="secondary" data-testid="task-track-link">
            <Headphones aria-hidden="true" className="size-4" />
            {T.openTrack}
          </ButtonLink>
        )}
        {active && (
          <DangerAction
            icon={Ban}
            label={T.cancel}
            testId="task-cancel"
            open={asking}
            onOpenChange={setAsking}
            title={T.cancelConfirm(task.id)}
            description={T.cancelBody}
            busy={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(task.id, {
                onSuccess: (answer) => toast({ title: answer.message }),
                onError: (err) => toast({ title: T.cancelFailed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
                onSettled: () => setAsking(false),
              })
            }
          />
        )}
      </div>
    </article>
  );
}
