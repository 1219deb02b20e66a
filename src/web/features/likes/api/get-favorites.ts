import type { TrackListSchema } from '@shared/schemas/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getFavorites = () => api<Answer<typeof TrackListSchema>>('/api/user/favorites');

/** GET /api/user/favorites: my liked tracks, most recent first. */
export const favoritesQueryOptions = () => queryOptions({ queryKey: queryKeys.favorites(), queryFn: getFavorites });

/** `fresh`: asked again each time the list mounts (My Page's tab). */
export function useFavorites({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({ ...favoritesQueryOptions(), enabled, ...(fresh ? { staleTime: 0 } : {}) });
}
