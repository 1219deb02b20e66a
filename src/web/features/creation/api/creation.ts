import type {
  AudioTaskSchema,
  PostingStatusSchema,
  PreviewAnswerSchema,
  PublishAnswerSchema,
  RegenerateAnswerSchema,
  ScriptAnswerSchema,
} from '@shared/schemas/creation';
import { queryOptions } from '@tanstack/react-query';
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

export const generateScript = (body: { inputText: string; title: string }) =>
  api<ScriptData>('/api/generate-script', { method: 'POST', body });

export const regenerateScript = (body: { inputText: string; originalScript: string; issues: string[] }) =>
  api<Answer<typeof RegenerateAnswerSchema>>('/api/regenerate-script', { method: 'POST', body });

export const generatePreview = (body: { script: string; title: string; speakingRate: number }) =>
  api<PreviewData>('/api/generate-audio-preview', { method: 'POST', body });

export const publishTrack = (body: { previewFilename: string; title: string; script: string; labels: string[]; agreedToTerms: true }) =>
  api<Answer<typeof PublishAnswerSchema>>('/api/publish-track', { method: 'POST', body });

export const getAudioTask = (id: number) => api<AudioTask>(`/api/audio-tasks/${id}`);

/** DELETE /api/cleanup-preview/{filename}: the server forgets the preview (restart). Failures do not matter. */
export const cleanupPreview = (filename: string) =>
  api(`/api/cleanup-preview/${encodeURIComponent(filename)}`, { method: 'DELETE' }).catch(() => undefined);
