import type { FollowAnswerSchema, FollowRecordSchema, FollowStatusSchema, PublicProfileSchema } from '@shared/schemas/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import type { z } from 'zod';

type Profile = z.infer<typeof PublicProfileSchema>;
const ref = (id: string) => encodeURIComponent(id);

export const getFollowStatus = (id: string) => api<Answer<typeof FollowStatusSchema>>(`/api/users/${ref(id)}/follow-status`);
export const setFollow = (id: string, follow: boolean) =>
  api<Answer<typeof FollowAnswerSchema>>(`/api/users/${ref(id)}/follow`, { method: follow ? 'POST' : 'DELETE' });
export const getFollowRecords = (direction: 'followers' | 'following', id: string) =>
  api<Answer<typeof FollowRecordSchema>[]>(`/api/follows/${direction}/${ref(id)}`);

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
