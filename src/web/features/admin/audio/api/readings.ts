import type { ReadingEntryBody, ReadingEntryRow, ReadingReport } from '@shared/schemas/readings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type { ReadingEntryRow, ReadingReport };

/** GET /api/admin/readings: the reading dictionary. */
export const readingEntriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.readings(),
    queryFn: () => api<{ entries: ReadingEntryRow[] }>('/api/admin/readings'),
    staleTime: 30_000,
  });
export const useReadingEntries = () => useQuery(readingEntriesQueryOptions());

/** GET /api/admin/reading-reports: the open reports of misread lines. */
export const readingReportsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.readingReports(),
    queryFn: () => api<{ reports: ReadingReport[] }>('/api/admin/reading-reports'),
    staleTime: 10_000,
  });
export const useReadingReports = () => useQuery(readingReportsQueryOptions());

/** PUT /api/admin/readings; the list and the reports' readings are fetched again. */
export function usePutReading() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadingEntryBody) =>
      api<{ entry: ReadingEntryRow; created: boolean }>('/api/admin/readings', { method: 'PUT', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: readingEntriesQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: readingReportsQueryOptions().queryKey });
    },
  });
}

/** DELETE /api/admin/readings/{id}. */
export function useDeleteReading() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/admin/readings/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: readingEntriesQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: readingReportsQueryOptions().queryKey });
    },
  });
}

/** POST /api/admin/tracks/{id}/regenerate-audio: the reports show the task. */
export function useRegenerateAudio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (trackId: number) => api<{ taskId: number }>(`/api/admin/tracks/${trackId}/regenerate-audio`, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: readingReportsQueryOptions().queryKey }),
  });
}
