import type { FollowCountsSchema, FollowersSchema, FollowingSchema, PublicUser } from '@shared/schemas/social';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import type { z } from 'zod';

export type FollowCounts = z.infer<typeof FollowCountsSchema>;
export type FollowDirection = 'followers' | 'following';

export const getFollowCounts = (userId: string): Promise<FollowCounts> =>
  api<Answer<typeof FollowCountsSchema>>(`/api/users/${encodeURIComponent(userId)}/follow-counts`);

export async function getFollowList(userId: string, direction: FollowDirection): Promise<PublicUser[]> {
  const path = `/api/users/${encodeURIComponent(userId)}/${direction}`;
  if (direction === 'followers') return (await api<Answer<typeof FollowersSchema>>(path)).followers;
  return (await api<Answer<typeof FollowingSchema>>(path)).following;
}

export const followCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', userId, 'follow-counts'], queryFn: () => getFollowCounts(userId), staleTime: 0 });

export const followListQueryOptions = (userId: string, direction: FollowDirection) =>
  queryOptions({ queryKey: ['users', userId, direction], queryFn: () => getFollowList(userId, direction), staleTime: 0 });

export const useFollowCounts = (userId: string) => useQuery(followCountsQueryOptions(userId));

/** Fetched only while its dialog is open (listener spec §7). */
export const useFollowList = (userId: string, direction: FollowDirection, open: boolean) =>
  useQuery({ ...followListQueryOptions(userId, direction), enabled: open });
