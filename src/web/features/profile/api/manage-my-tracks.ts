import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { myTracksQueryOptions } from './get-my-lists';

export const setTrackVisibility = ({ id, isVisible }: { id: number; isVisible: boolean }) =>
  api(`/api/tracks/${id}/visibility`, { method: 'PATCH', body: { isVisible } });

export const deleteTrack = (id: number) => api(`/api/tracks/${id}`, { method: 'DELETE' });

/** Not optimistic: the list is fetched again once the server has answered (listener spec §4). */
export function useSetTrackVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTrackVisibility,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myTracksQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['tracks'] });
    },
  });
}

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrack,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myTracksQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['tracks'] });
    },
  });
}
