import type { Track } from '@shared/schemas/track';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { useCallback } from 'react';

/** POST without a body (and so without a JSON content type). */
export const incrementPlayCount = (id: number) =>
  api<{ success: true; playCount: number }>(`/api/tracks/${id}/increment-play-count`, { method: 'POST' });

/** Sends the play and shows the new count on the track page and in the catalogue. */
export function useIncrementPlayCount() {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: incrementPlayCount,
    onSuccess: ({ playCount }, id) => {
      queryClient.setQueryData<Track>(queryKeys.tracks.detail(id), (t) => (t ? { ...t, playCount } : t));
      queryClient.setQueryData<Track[]>(queryKeys.tracks.all(), (list) => list?.map((t) => (t.id === id ? { ...t, playCount } : t)));
    },
  });
  return useCallback((id: number) => mutate(id), [mutate]);
}
