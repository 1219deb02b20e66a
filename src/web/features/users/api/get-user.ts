import type { PublicPlaylistSummary } from '@shared/schemas/playlist';
import type { PublicProfileSchema } from '@shared/schemas/social';
import type { TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

const ref = (id: string) => encodeURIComponent(id);

export const getUser = (id: string) => api<Answer<typeof PublicProfileSchema>>(`/api/users/${ref(id)}`);
export const getUserTracks = (id: string) => api<Answer<typeof TrackListSchema>>(`/api/users/${ref(id)}/tracks`);
export const getUserPlaylists = (id: string) => api<PublicPlaylistSummary[]>(`/api/users/${ref(id)}/playlists`);

/** GET /api/users/{id} (id or customUserId). */
export const userQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id) });

export function useProfile(id: string) {
  return useQuery(userQueryOptions(id));
}

export function useUserTracks(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.users.tracks(id), queryFn: () => getUserTracks(id), enabled });
}

export function useUserPlaylists(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.users.playlists(id), queryFn: () => getUserPlaylists(id), enabled });
}
