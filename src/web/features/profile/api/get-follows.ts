import { FollowCountsSchema, FollowersSchema, FollowingSchema, type PublicUser } from '@shared/schemas/social';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import type { z } from 'zod';

export type FollowCounts = z.infer<typeof FollowCountsSchema>;
export type FollowDirection = 'followers' | 'following';

export const getFollowCounts = (userId: string): Promise<FollowCounts> =>
  api(`/api/users/${encodeURIComponent(userId)}/follow-counts`, { schema: FollowCountsSchema });

export async function getFollowList(userId: string, direction: FollowDirection): Promise<PublicUser[]> {
  const path = `/api/users/${encodeURIComponent(userId)}/${direction}`;
  if (direction === 'followers') return (await api(path, { schema: FollowersSchema })).followers;
  return (await api(path, { schema: FollowingSchema })).following;
}

export const followCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', userId, 'follow-counts'], queryFn: () => getFollowCounts(userId), staleTime: 0 });

export const followListQueryOptions = (userId: string, direction: FollowDirection) =>
  queryOptions({ queryKey: ['users', userId, direction], queryFn: () => getFollowList(userId, direction), staleTime: 0 });

export const useFollowCounts = (userId: string) => useQuery(followCountsQueryOptions(userId));

/** Fetched only while its dialog is open (listener spec §7). */
export const useFollowList = (userId: string, direction: FollowDirection, open: boolean) =>
  useQuery({ ...followListQueryOptions(userId, direction), enabled: open });
