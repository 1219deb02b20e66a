import type { Playlist, PlaylistSchema } from '@shared/schemas/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const addTrackToPlaylist = (playlistId: number, trackId: number) =>
  api<Answer<typeof PlaylistSchema>>(`/api/playlists/${playlistId}/tracks`, { method: 'POST', body: { trackId } });
export const removeTrackFromPlaylist = (playlistId: number, trackId: number) =>
  api<Answer<typeof PlaylistSchema>>(`/api/playlists/${playlistId}/tracks/${trackId}`, { method: 'DELETE' });
export const reorderPlaylist = (playlistId: number, body: { items: { id: number; order: number }[] }) =>
  api(`/api/playlists/${playlistId}/reorder`, { method: 'PUT', body });

/** Playlists a track was added to in this session (listener spec §2: disabled in the add list). */
const addedThisSession = new Set<string>();
export const wasAddedThisSession = (playlistId: number, trackId: number) => addedThisSession.has(`${playlistId}:${trackId}`);

/** The playlist as an answer gives it, written into its cache entry. */
function useStorePlaylist() {
  const queryClient = useQueryClient();
  return (p: Playlist) => {
    queryClient.setQueryData(queryKeys.playlists.detail(p.id), p);
    void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all(), predicate: (q) => q.queryKey[1] !== p.id });
  };
}

export function useAddTrack() {
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, trackId }: { playlistId: number; trackId: number }) => addTrackToPlaylist(playlistId, trackId),
    onSuccess: (p, { playlistId, trackId }) => {
      addedThisSession.add(`${playlistId}:${trackId}`);
      store(p);
    },
  });
}

export function useRemoveTrack() {
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, trackId }: { playlistId: number; trackId: number }) => removeTrackFromPlaylist(playlistId, trackId),
    onSuccess: (p, { playlistId, trackId }) => {
      addedThisSession.delete(`${playlistId}:${trackId}`);
      store(p);
    },
  });
}

export function useReorderPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, items }: { playlistId: number; items: { id: number; order: number }[] }) =>
      reorderPlaylist(playlistId, { items }),
    onSettled: (_data, _error, { playlistId }) => queryClient.invalidateQueries({ queryKey: queryKeys.playlists.detail(playlistId) }),
  });
}
