import { ADMIN_THEMES_TEXT, PROGRESS_MESSAGES } from '@shared/messages/admin-themes';
import type { AdminSpeakingRate } from '@shared/rules/admin-themes';
import { DEFAULT_SHAPE, type ScriptShape } from '@shared/rules/creation';
import { useQueryClient } from '@tanstack/react-query';
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

interface StatusEvent {
  taskId?: number;
  stage?: string;
  progress?: number;
  message?: string;
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
        const data = JSON.parse(event.data) as StatusEvent;
        if (typeof data.taskId === 'number' && taskId === null) {
          taskId = data.taskId;
          refreshQueue();
        }
        setState((prev) =>
          prev.phase === 'running'
            ? {
                ...prev,
                taskId,
                stage: data.stage ?? prev.stage,
                message: data.message ?? prev.message,
                progress: Math.max(prev.progress, data.progress ?? 0),
              }
            : prev,
        );
      });
      es.addEventListener('complete', (event) => {
        const data = JSON.parse(event.data) as { trackId: number };
        close();
        refreshQueue();
        setState({ phase: 'complete', taskId, trackId: data.trackId });
      });
      // The server's `error` event carries a message; the EventSource's own error (a broken stream) does not.
      es.addEventListener('error', (event) => {
        close();
        const data =
          event instanceof MessageEvent && typeof event.data === 'string' ? (JSON.parse(event.data) as { message?: string }) : null;
        if (data) {
          refreshQueue();
          setState({ phase: 'error', message: data.message || ADMIN_THEMES_TEXT.generate.failed });
          return;
        }
        setState((prev) =>
          prev.phase !== 'running'
            ? prev
            : taskId !== null
              ? { phase: 'lost', taskId }
              : { phase: 'error', message: ADMIN_THEMES_TEXT.generate.failed },
        );
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
