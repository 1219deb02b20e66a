import type { CategoryCount, PlaylistCreateSchema, PlaylistSchema } from '@shared/schemas/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import type { z } from 'zod';

export type PlaylistInput = z.input<typeof PlaylistCreateSchema>;

export const createPlaylist = (body: PlaylistInput) => api<Answer<typeof PlaylistSchema>>('/api/playlists', { method: 'POST', body });
export const updatePlaylist = (id: number, body: Partial<PlaylistInput>) =>
  api<Answer<typeof PlaylistSchema>>(`/api/playlists/${id}`, { method: 'PUT', body });
export const deletePlaylist = (id: number) => api(`/api/playlists/${id}`, { method: 'DELETE' });
/** Registers a category name for the suggestions (its usage count rises). */
export const saveCategory = (name: string) => api<CategoryCount>('/api/categories', { method: 'POST', body: { name } });

function useInvalidatePlaylists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all() });
}

export function useCreatePlaylist() {
  const invalidate = useInvalidatePlaylists();
  return useMutation({ mutationFn: createPlaylist, onSuccess: invalidate });
}

export function useUpdatePlaylist() {
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<PlaylistInput> }) => updatePlaylist(id, body),
    onSuccess: invalidate,
  });
}

export function useDeletePlaylist() {
  const invalidate = useInvalidatePlaylists();
  return useMutation({ mutationFn: deletePlaylist, onSuccess: invalidate });
}
