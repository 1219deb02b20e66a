import type { IsLikedSchema, LikeAnswerSchema } from '@shared/schemas/social';
import type { Track } from '@shared/schemas/track';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { usePlayer } from '@web/lib/audio/player-context';
import { queryKeys } from '@web/lib/query-keys';
import { useCallback } from 'react';
import type { z } from 'zod';

type LikeAnswer = z.infer<typeof LikeAnswerSchema>;

export const getLikeStatus = (trackId: number) => api<Answer<typeof IsLikedSchema>>(`/api/likes/check/${trackId}`);
export const likeTrack = (trackId: number) => api<Answer<typeof LikeAnswerSchema>>(`/api/likes/${trackId}`, { method: 'POST' });
export const unlikeTrack = (trackId: number) => api<Answer<typeof LikeAnswerSchema>>(`/api/likes/${trackId}`, { method: 'DELETE' });

export const likeStatusQueryOptions = (trackId: number) =>
  queryOptions({ queryKey: queryKeys.likes.status(trackId), queryFn: () => getLikeStatus(trackId) });

/** GET /api/likes/check/{trackId}: only asked while signed in. */
export function useLikeStatus(trackId: number, enabled: boolean) {
  return useQuery({ ...likeStatusQueryOptions(trackId), enabled });
}

/**
 * Writes a like answer everywhere the track shows (its page, the catalogue, the player), then refreshes
 * tracks, likes and favorites (listener spec §7).
 */
export function useApplyLikeAnswer() {
  const queryClient = useQueryClient();
  const player = usePlayer();
  return useCallback(
    async (trackId: number, { isLiked, likeCount }: Pick<LikeAnswer, 'isLiked' | 'likeCount'>) => {
      queryClient.setQueryData(likeStatusQueryOptions(trackId).queryKey, { isLiked });
      queryClient.setQueryData<Track>(queryKeys.tracks.detail(trackId), (t) => (t ? { ...t, likeCount } : t));
      queryClient.setQueryData<Track[]>(queryKeys.tracks.all(), (list) => list?.map((t) => (t.id === trackId ? { ...t, likeCount } : t)));
      player.updateTrack(trackId, { likeCount });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.likes.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.favorites() }),
      ]);
    },
    [queryClient, player],
  );
}

/** POST or DELETE /api/likes/{trackId}. */
export function useToggleLike() {
  const apply = useApplyLikeAnswer();
  return useMutation({
    mutationFn: ({ trackId, like }: { trackId: number; like: boolean }) => (like ? likeTrack(trackId) : unlikeTrack(trackId)),
    onSuccess: (answer, { trackId }) => {
      void apply(trackId, answer);
    },
  });
}
