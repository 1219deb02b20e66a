import { ADMIN_THEMES_TEXT, PROGRESS_MESSAGES } from '@shared/messages/admin-themes';
import type { AdminSpeakingRate } from '@shared/rules/admin-themes';
import { DEFAULT_SHAPE, type ScriptShape } from '@shared/rules/creation';
import { GenerationCompleteEventSchema, GenerationErrorEventSchema, GenerationStatusEventSchema } from '@shared/schemas/admin-themes';
import { useQueryClient } from '@tanstack/react-query';
import { bySchema, readJson } from '@web/lib/json';
import { queryKeys } from '@web/lib/query-keys';
import { useCallback, useEffect, useRef, useState } from 'react';

/** AI生成's states: the stream's events as the form shows them. */
export type GenerationState =
  | { phase: 'idle' }
  | { phase: 'running'; taskId: number | null; stage: string; message: string; progress: number; startedAt: number }
  | { phase: 'complete'; taskId: number | null; trackId: number }
  | { phase: 'error'; message: string }
  /** The stream broke before its end: the task goes on in the queue. */
  | { phase: 'lost'; taskId: number | null };

const failed = (): GenerationState => ({ phase: 'error', message: ADMIN_THEMES_TEXT.generate.failed });

/** A `status` event's data (issue 38.4: read through its schema), or null when it is not one. */
export const readStatus = (data: string) => readJson(data, bySchema(GenerationStatusEventSchema));

/** The running state after a status event: its stage, message and a progress that never goes back. */
export function afterStatus(
  prev: GenerationState,
  taskId: number | null,
  event: NonNullable<ReturnType<typeof readStatus>>,
): GenerationState {
  if (prev.phase !== 'running') return prev;
  return {
    ...prev,
    taskId,
    stage: event.stage ?? prev.stage,
    message: event.message ?? prev.message,
    progress: Math.max(prev.progress, event.progress ?? 0),
  };
}

/** The end a `complete` event means; one that carries no track is a broken stream (the task goes on). */
export function afterComplete(data: string, taskId: number | null): GenerationState {
  const event = readJson(data, bySchema(GenerationCompleteEventSchema));
  if (event) return { phase: 'complete', taskId, trackId: event.trackId };
  return taskId !== null ? { phase: 'lost', taskId } : failed();
}

/** The server's `error` event: its message, or the generic failure when it carries none (or is not JSON). */
export function afterServerError(data: string): GenerationState {
  const message = readJson(data, bySchema(GenerationErrorEventSchema))?.message;
  return message ? { phase: 'error', message } : failed();
}

/**
 * GET /api/generate-content as server-sent events (spec §7): `status` {stage, progress}, `complete`
 * {trackId}, `error` {message}. The EventSource is closed at the end (and on a broken connection, so it
 * never reconnects: a reconnect would start a second generation); the task itself lives in the queue.
 */
export function useGenerateContent() {
  const [state, setState] = useState<GenerationState>({ phase: 'idle' });
  const source = useRef<EventSource | null>(null);
  const queryClient = useQueryClient();
  const close = useCallback(() => {
    source.current?.close();
    source.current = null;
  }, []);
  useEffect(() => close, [close]);

  const start = useCallback(
    (inputText: string, speakingRate: AdminSpeakingRate, premiumOnly = false, shape: ScriptShape = DEFAULT_SHAPE) => {
      close();
      const query = new URLSearchParams({ inputText, speakingRate: String(speakingRate), ...shape });
      if (premiumOnly) query.set('premiumOnly', 'true');
      const es = new EventSource(`/api/generate-content?${query}`);
      source.current = es;
      let taskId: number | null = null;
      setState({
        phase: 'running',
        taskId,
        stage: 'initialization',
        message: PROGRESS_MESSAGES.initialization,
        progress: 0,
        startedAt: Date.now(),
      });
      const refreshQueue = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.tasksAll() });
      es.addEventListener('status', (event) => {
        const data = readStatus(event.data);
        if (!data) return; // not a status event: nothing to show
        if (typeof data.taskId === 'number' && taskId === null) {
          taskId = data.taskId;
          refreshQueue();
        }
        setState((prev) => afterStatus(prev, taskId, data));
      });
      es.addEventListener('complete', (event) => {
        close();
        refreshQueue();
        setState(afterComplete(event.data, taskId));
      });
      // The server's `error` event carries a message; the EventSource's own error (a broken stream) does not.
      es.addEventListener('error', (event) => {
        close();
        if (event instanceof MessageEvent && typeof event.data === 'string') {
          refreshQueue();
          setState(afterServerError(event.data));
          return;
        }
        setState((prev) => (prev.phase !== 'running' ? prev : taskId !== null ? { phase: 'lost', taskId } : failed()));
      });
    },
    [close, queryClient],
  );

  const reset = useCallback(() => {
    close();
    setState({ phase: 'idle' });
  }, [close]);

  return { state, start, reset };
}
