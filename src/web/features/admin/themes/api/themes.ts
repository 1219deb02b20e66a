import type { AdminSpeakingRate, ThemeStatus } from '@shared/rules/admin-themes';
import type { ExtractAnswerSchema, NewThemeBodySchema, TaskIdAnswerSchema, Theme, ThemesAnswerSchema } from '@shared/schemas/admin-themes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import type { z } from 'zod';

/**
 * テーマ管理's theme calls (creator-operator spec §7, issue 18): the library, extraction from YouTube, a
 * theme by hand, review (採用 / 不採用 / 削除) and a theme's MP3. A change fetches the library again; a new
 * task fetches the queue too.
 */
export type { Theme };
export type NewTheme = z.input<typeof NewThemeBodySchema>;

export const getAdminThemes = () => api<Answer<typeof ThemesAnswerSchema>>('/api/admin/themes');

/** The library: fresh on every visit (a theme leaves it while it is being generated). */
export const adminThemesQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.themes(), queryFn: getAdminThemes, staleTime: 0 });
export const useAdminThemes = () => useQuery(adminThemesQueryOptions());

function useRefreshThemes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.themes() });
}

export function useExtractThemes() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: (url: string) => api<Answer<typeof ExtractAnswerSchema>>('/api/admin/youtube/extract', { method: 'POST', body: { url } }),
    onSuccess: refresh,
  });
}

export function useCreateTheme() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: (body: NewTheme) => api<Theme>('/api/admin/themes', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSetThemeStatus() {
  const refresh = useRefreshThemes();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ThemeStatus }) =>
      api<Theme>(`/api/admin/themes/${id}/status`, { method: 'PATCH', body: { status } }),
    onSettled: refresh,
  });
}

/** A theme's MP3: the new task shows in the queue and the theme leaves the library while it runs. */
export function useGenerateThemeAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, speakingRate }: { id: number; speakingRate: AdminSpeakingRate }) =>
      api<Answer<typeof TaskIdAnswerSchema>>(`/api/admin/themes/${id}/generate-audio`, { method: 'POST', body: { speakingRate } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tasksAll() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.themes() }),
      ]),
  });
}
