import { PublicProfileSchema } from '@shared/schemas/social';
import { TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { z } from 'zod';

/** A public playlist as a member's list gives it (GET /api/users/{id}/playlists). */
export const PublicPlaylistSummarySchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  publicSlug: z.string().nullable(),
  impressionCount: z.number().int(),
  followerCount: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});

const ref = (id: string) => encodeURIComponent(id);

export const getUser = (id: string) => api(`/api/users/${ref(id)}`, { schema: PublicProfileSchema });
export const getUserTracks = (id: string) => api(`/api/users/${ref(id)}/tracks`, { schema: TrackListSchema });
export const getUserPlaylists = (id: string) => api(`/api/users/${ref(id)}/playlists`, { schema: z.array(PublicPlaylistSummarySchema) });

/** GET /api/users/{id} (id or customUserId). */
export const userQueryOptions = (id: string) => queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id) });

export function useProfile(id: string) {
  return useQuery(userQueryOptions(id));
}

export function useUserTracks(id: string, enabled = true) {
  return useQuery({ queryKey: ['users', id, 'tracks'], queryFn: () => getUserTracks(id), enabled });
}

export function useUserPlaylists(id: string, enabled = true) {
  return useQuery({ queryKey: ['users', id, 'playlists'], queryFn: () => getUserPlaylists(id), enabled });
}
