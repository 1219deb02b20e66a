import type {
  FollowAnswerSchema,
  FollowCountsSchema,
  FollowersSchema,
  FollowingSchema,
  FollowRecordSchema,
  FollowStatusSchema,
  PublicProfileSchema,
  PublicUser,
} from '@shared/schemas/social';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import type { z } from 'zod';

type Profile = z.infer<typeof PublicProfileSchema>;
export type FollowCounts = z.infer<typeof FollowCountsSchema>;
export type FollowDirection = 'followers' | 'following';
const ref = (id: string) => encodeURIComponent(id);

export const getFollowStatus = (id: string) => api<Answer<typeof FollowStatusSchema>>(`/api/users/${ref(id)}/follow-status`);
export const setFollow = (id: string, follow: boolean) =>
  api<Answer<typeof FollowAnswerSchema>>(`/api/users/${ref(id)}/follow`, { method: follow ? 'POST' : 'DELETE' });
export const getFollowRecords = (direction: FollowDirection, id: string) =>
  api<Answer<typeof FollowRecordSchema>[]>(`/api/follows/${direction}/${ref(id)}`);
export const getFollowCounts = (userId: string): Promise<FollowCounts> =>
  api<Answer<typeof FollowCountsSchema>>(`/api/users/${ref(userId)}/follow-counts`);

export async function getFollowUsers(userId: string, direction: FollowDirection): Promise<PublicUser[]> {
  const path = `/api/users/${ref(userId)}/${direction}`;
  if (direction === 'followers') return (await api<Answer<typeof FollowersSchema>>(path)).followers;
  return (await api<Answer<typeof FollowingSchema>>(path)).following;
}

export const followStatusQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.users.followStatus(id), queryFn: () => getFollowStatus(id) });

/** GET /api/follows/{direction}/{id}: the records of the list pages. */
export const followRecordsQueryOptions = (direction: FollowDirection, id: string) =>
  queryOptions({ queryKey: queryKeys.follows.records(direction, id), queryFn: () => getFollowRecords(direction, id) });

/** GET /api/users/{id}/follow-counts, asked again on each mount of My Page. */
export const followCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.follows.counts(userId), queryFn: () => getFollowCounts(userId), staleTime: 0 });

/** GET /api/users/{id}/followers|following: the users of My Page's dialog. */
export const followUsersQueryOptions = (userId: string, direction: FollowDirection) =>
  queryOptions({ queryKey: queryKeys.follows.users(direction, userId), queryFn: () => getFollowUsers(userId, direction), staleTime: 0 });

/** GET /api/users/{id}/follow-status, only while signed in. */
export function useFollowStatus(id: string, enabled: boolean) {
  return useQuery({ ...followStatusQueryOptions(id), enabled });
}

/** POST or DELETE /api/users/{id}/follow: the new state and follower count go into the profile. */
export function useFollowUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollow(id, follow),
    onSuccess: ({ isFollowing, followerCount }) => {
      queryClient.setQueryData(followStatusQueryOptions(id).queryKey, { isFollowing });
      queryClient.setQueryData<Profile>(queryKeys.users.detail(id), (p) => (p ? { ...p, followerCount } : p));
      void queryClient.invalidateQueries({ queryKey: queryKeys.follows.all() });
    },
  });
}

/** The follow records of the list pages (GET /api/follows/followers|following/{userId}). */
export function useFollowRecords(direction: FollowDirection, id: string) {
  return useQuery(followRecordsQueryOptions(direction, id));
}

export const useFollowCounts = (userId: string) => useQuery(followCountsQueryOptions(userId));

/** Fetched only while its dialog is open (listener spec §7). */
export const useFollowUsers = (userId: string, direction: FollowDirection, open: boolean) =>
  useQuery({ ...followUsersQueryOptions(userId, direction), enabled: open });
