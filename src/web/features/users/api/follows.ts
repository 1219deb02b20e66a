import { FollowAnswerSchema, FollowRecordSchema, FollowStatusSchema, type PublicProfileSchema } from '@shared/schemas/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { z } from 'zod';

type Profile = z.infer<typeof PublicProfileSchema>;
const ref = (id: string) => encodeURIComponent(id);

export const getFollowStatus = (id: string) => api(`/api/users/${ref(id)}/follow-status`, { schema: FollowStatusSchema });
export const setFollow = (id: string, follow: boolean) =>
  api(`/api/users/${ref(id)}/follow`, { method: follow ? 'POST' : 'DELETE', schema: FollowAnswerSchema });
export const getFollowRecords = (direction: 'followers' | 'following', id: string) =>
  api(`/api/follows/${direction}/${ref(id)}`, { schema: z.array(FollowRecordSchema) });

/** GET /api/users/{id}/follow-status, only while signed in. */
export function useFollowStatus(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['users', id, 'follow-status'], queryFn: () => getFollowStatus(id), enabled });
}

/** POST or DELETE /api/users/{id}/follow: the new state and follower count go into the profile. */
export function useFollowUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollow(id, follow),
    onSuccess: ({ isFollowing, followerCount }) => {
      queryClient.setQueryData(['users', id, 'follow-status'], { isFollowing });
      queryClient.setQueryData<Profile>(['users', id], (p) => (p ? { ...p, followerCount } : p));
      void queryClient.invalidateQueries({ queryKey: ['follows'] });
    },
  });
}

/** The follow records of the list pages (GET /api/follows/followers|following/{userId}). */
export function useFollowRecords(direction: 'followers' | 'following', id: string) {
  return useQuery({ queryKey: ['follows', direction, id], queryFn: () => getFollowRecords(direction, id) });
}
