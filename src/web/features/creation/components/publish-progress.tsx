import { CREATION_TEXT } from '@shared/messages/creation';
import { publishProgress } from '@shared/rules/creation';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/lib/toast';
import { useEffect, useRef } from 'react';
import { useAudioTask } from '../api/creation';

interface PublishProgressProps {
  taskId: number;
  startedAt: number | null;
  inFinalReview: boolean;
  onDone: (trackId: number) => void;
  onFailed: () => void;
}

/**
 * After publishing: the task polled by useAudioTask (every 2 s in final review, every 3 s when restored
 * from the draft; a failed request retried with backoff, then the network message, creator spec §4). The
 * bar follows an estimate of 120 s from when the task was started (kept in the draft), capped at 95 %, or
 * the task's own progress once it is further.
 */
export function PublishProgress({ taskId, startedAt, inFinalReview, onDone, onFailed }: PublishProgressProps) {
  const started = useRef(startedAt ?? Date.now());
  const task = useAudioTask(taskId, inFinalReview);
  // The latest callbacks, so a re-render of the page does not act twice on one answer.
  const done = useRef(onDone);
  const failed = useRef(onFailed);
  done.current = onDone;
  failed.current = onFailed;
  const status = task.data?.status;
  const trackId = task.data?.trackId;
  const errorMessage = task.data?.errorMessage;
  useEffect(() => {
    if (status === 'completed' && trackId) done.current(trackId);
    else if (status === 'failed') {
      toast({ title: CREATION_TEXT.errors.taskFailed, description: errorMessage ?? undefined, variant: 'destructive' });
      failed.current();
    }
  }, [status, trackId, errorMessage]);
  useEffect(() => {
    if (!task.isError) return;
    toast({ title: CREATION_TEXT.errors.network, variant: 'destructive' });
    failed.current();
  }, [task.isError]);

  // Each answer (dataUpdatedAt) moves the estimate on, even when the task itself did not change.
  const progress = publishProgress(started.current, task.dataUpdatedAt || Date.now(), task.data);
  const stage = task.data ? (task.data.stage ?? task.data.status) : 'queued';
  return (
    <section className="space-y-3" aria-live="polite" data-testid="publish-progress">
      <p className="font-medium">{CREATION_TEXT.final.progress}</p>
      <Progress value={progress} label={CREATION_TEXT.final.progress} size="lg" />
      <p className="text-sm text-muted">{CREATION_TEXT.final.stage[stage] ?? CREATION_TEXT.final.stage.audio_generation}</p>
    </section>
  );
}
