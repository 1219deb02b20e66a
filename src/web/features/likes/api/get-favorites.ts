import type { TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';

export const getFavorites = () => api<Answer<typeof TrackListSchema>>('/api/user/favorites');

export const favoritesQueryOptions = () => queryOptions({ queryKey: ['favorites'], queryFn: getFavorites });

/** GET /api/user/favorites: my liked tracks, most recent first. */
export function useFavorites(enabled = true) {
  return useQuery({ ...favoritesQueryOptions(), enabled });
}
