import type { Playlist } from '@shared/schemas/playlist';
import type { FollowAnswerSchema } from '@shared/schemas/social';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const followPlaylist = (id: number, follow: boolean) =>
  api<Answer<typeof FollowAnswerSchema>>(`/api/playlists/${id}/${follow ? 'follow' : 'unfollow'}`, { method: 'POST' });

/** POST /api/playlists/{id}/follow or /unfollow; the answer's state and count go into every copy. */
export function useFollowPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) => followPlaylist(id, follow),
    onSuccess: ({ isFollowing, followerCount }, { id }) => {
      queryClient.setQueriesData<Playlist>({ queryKey: queryKeys.playlists.all() }, (p) =>
        p && !Array.isArray(p) && p.id === id ? { ...p, isFollowing, followerCount } : p,
      );
    },
  });
}
