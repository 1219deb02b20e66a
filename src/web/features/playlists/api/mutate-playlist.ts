import type { PlaylistCreateSchema } from '@shared/schemas/playlist';
import { PlaylistSchema } from '@shared/schemas/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { z } from 'zod';

export type PlaylistInput = z.input<typeof PlaylistCreateSchema>;

export const createPlaylist = (body: PlaylistInput) => api('/api/playlists', { method: 'POST', body, schema: PlaylistSchema });
export const updatePlaylist = (id: number, body: Partial<PlaylistInput>) =>
  api(`/api/playlists/${id}`, { method: 'PUT', body, schema: PlaylistSchema });
export const deletePlaylist = (id: number) => api(`/api/playlists/${id}`, { method: 'DELETE' });
/** Registers a category name for the suggestions (its usage count rises). */
export const saveCategory = (name: string) =>
  api('/api/categories', { method: 'POST', body: { name }, schema: z.object({ name: z.string(), usageCount: z.number() }) });

function useInvalidatePlaylists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['playlists'] });
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
