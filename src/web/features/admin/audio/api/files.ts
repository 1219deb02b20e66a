import { FILE_LOCATION_POLL_MS } from '@shared/rules/admin-audio';
import type { AdminFileLocationsAnswer, AdminFilesAnswer, AdminSyncAnswer } from '@shared/schemas/admin-audio';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/admin/files: a page of 10 of every track (hidden ones too), searched by title and poster. */
export const adminFilesQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: queryKeys.admin.files(page, search),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(page) });
      if (search) q.set('search', search);
      return api<AdminFilesAnswer>(`/api/admin/files?${q}`, { signal });
    },
    staleTime: 10_000,
    // The next page or search keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });

export const useAdminFiles = (page: number, search: string) => useQuery(adminFilesQueryOptions(page, search));

/**
 * GET /api/admin/files/location for the rows on screen, every 30 s (spec §9). The list's own answer
 * (checked when it was made) seeds it, so the first ask is 30 s after the list's.
 */
export const fileLocationsQueryOptions = (ids: number[], seed?: { answer: AdminFilesAnswer; at: number }) =>
  queryOptions({
    queryKey: queryKeys.admin.fileLocations(ids),
    queryFn: ({ signal }) => api<AdminFileLocationsAnswer>(`/api/admin/files/location?ids=${ids.join(',')}`, { signal }),
    refetchInterval: FILE_LOCATION_POLL_MS,
    staleTime: FILE_LOCATION_POLL_MS,
    enabled: ids.length > 0,
    retry: false,
    initialData: seed ? { files: seed.answer.files, bucket: seed.answer.bucket, checkedAt: new Date(seed.at).toISOString() } : undefined,
    initialDataUpdatedAt: seed?.at,
  });

export const useFileLocations = (ids: number[], seed?: { answer: AdminFilesAnswer; at: number }) =>
  useQuery(fileLocationsQueryOptions(ids, seed));

/** After a change: the console's list and locations, and the listener side's catalogue (spec §7: tracks cache under /api/tracks). */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.filesAll() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() }),
    ]);
}

/** PATCH /api/tracks/{id}/visibility {isVisible} with the operator's session (spec §7). */
export function useSetFileVisibility() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { id: number; isVisible: boolean; title: string }) =>
      api(`/api/tracks/${v.id}/visibility`, { method: 'PATCH', body: { isVisible: v.isVisible } }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/tracks/{id}/premium-only {isPremiumOnly}: the operator's premium-only mark (issue 40.5). */
export function useSetPremiumOnly() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { id: number; isPremiumOnly: boolean }) =>
      api(`/api/admin/tracks/${v.id}/premium-only`, { method: 'PATCH', body: { isPremiumOnly: v.isPremiumOnly } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/tracks/{id} with the operator's session: the track and its audio files (spec §7). */
export function useDeleteFile() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { id: number; title: string }) => api(`/api/tracks/${v.id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/files/sync/{id}, or /sync-all without an id: local files into the S3 bucket. */
export function useSyncFiles() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api<AdminSyncAnswer>(id === 'all' ? '/api/admin/files/sync-all' : `/api/admin/files/sync/${id}`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
