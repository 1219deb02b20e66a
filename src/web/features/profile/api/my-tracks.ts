import type { Track, TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getMyTracks = (): Promise<Track[]> => api<Answer<typeof TrackListSchema>>('/api/my-tracks');
export const setTrackVisibility = ({ id, isVisible }: { id: number; isVisible: boolean }) =>
  api(`/api/tracks/${id}/visibility`, { method: 'PATCH', body: { isVisible } });
export const deleteTrack = (id: number) => api(`/api/tracks/${id}`, { method: 'DELETE' });

/** GET /api/my-tracks, never stale (listener spec §9: my-tracks stale time 0). */
export const myTracksQueryOptions = () => queryOptions({ queryKey: queryKeys.myTracks(), queryFn: getMyTracks, staleTime: 0 });

export const useMyTracks = () => useQuery(myTracksQueryOptions());

/** My tracks and every track list (the catalogue, track pages) are fetched again after a change. */
function useRefreshTracks() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: myTracksQueryOptions().queryKey });
    await queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() });
  };
}

/** Not optimistic: the list is fetched again once the server has answered (listener spec §4). */
export function useSetTrackVisibility() {
  const refresh = useRefreshTracks();
  return useMutation({ mutationFn: setTrackVisibility, onSettled: refresh });
}

export function useDeleteTrack() {
  const refresh = useRefreshTracks();
  return useMutation({ mutationFn: deleteTrack, onSuccess: refresh });
}
