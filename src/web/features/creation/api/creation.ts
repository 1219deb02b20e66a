import { type ScriptShape, TASK_POLL, taskPollDelay } from '@shared/rules/creation';
import type {
  AudioTaskSchema,
  PostingStatusSchema,
  PreviewAnswerSchema,
  PublishAnswerSchema,
  RegenerateAnswerSchema,
  ScriptAnswerSchema,
} from '@shared/schemas/creation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type ScriptData = Answer<typeof ScriptAnswerSchema>;
export type PreviewData = Answer<typeof PreviewAnswerSchema>;
export type AudioTask = Answer<typeof AudioTaskSchema>;
export type PostingStatus = Answer<typeof PostingStatusSchema>;

/** GET /api/posting-status: today's count, the limit and what remains (stale after 5 minutes, creator spec §9). */
export const postingStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.creation.postingStatus(userId),
    queryFn: () => api<PostingStatus>('/api/posting-status'),
    staleTime: 5 * 60_000,
  });

export const generateScript = (body: { inputText: string; title: string } & ScriptShape) =>
  api<ScriptData>('/api/generate-script', { method: 'POST', body });

export const regenerateScript = (body: { inputText: string; originalScript: string; issues: string[] } & ScriptShape) =>
  api<Answer<typeof RegenerateAnswerSchema>>('/api/regenerate-script', { method: 'POST', body });

export const generatePreview = (body: { script: string; title: string; speakingRate: number }) =>
  api<PreviewData>('/api/generate-audio-preview', { method: 'POST', body });

export const publishTrack = (body: { previewFilename: string; title: string; script: string; labels: string[]; agreedToTerms: true }) =>
  api<Answer<typeof PublishAnswerSchema>>('/api/publish-track', { method: 'POST', body });

export const getAudioTask = (id: number) => api<AudioTask>(`/api/audio-tasks/${id}`);

/** DELETE /api/cleanup-preview/{filename}: the server forgets the preview (restart). Failures do not matter. */
export const cleanupPreview = (filename: string) =>
  api(`/api/cleanup-preview/${encodeURIComponent(filename)}`, { method: 'DELETE' }).catch(() => undefined);

/** The script from the member's text (step 1 → 2). */
export const useGenerateScript = () => useMutation({ mutationFn: generateScript });

/** The script again, with the fact check's issues applied. */
export const useRegenerateScript = () => useMutation({ mutationFn: regenerateScript });

/** The audio preview; it spends the day's use, so the posting status is asked for again after it. */
export function useGeneratePreview(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePreview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postingStatusQueryOptions(userId).queryKey }),
  });
}

/** Publishing the preview: answers the task to follow. */
export const usePublishTrack = () => useMutation({ mutationFn: publishTrack });

/**
 * The publishing task, polled (creator spec §4, TASK_POLL): every 2 s in final review, every 3 s when it
 * was restored from the draft, also in a background tab, until it is completed or failed; a failed request
 * is retried after 3 s, doubling up to 30 s, at most 5 times, after which the query is in error.
 */
export function useAudioTask(taskId: number, inFinalReview: boolean) {
  return useQuery({
    queryKey: queryKeys.creation.task(taskId),
    queryFn: () => getAudioTask(taskId),
    retry: TASK_POLL.maxRetries,
    retryDelay: (failures) => taskPollDelay(failures + 1, inFinalReview) ?? TASK_POLL.maxDelayMs,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'completed' || status === 'failed' || query.state.status === 'error') return false;
      return taskPollDelay(0, inFinalReview) ?? false;
    },
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
  });
}
