import type { CategoryCount } from '@shared/schemas/playlist';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/categories/tracks: the categories of visible tracks, most used first (the search page's tabs). */
export function useTrackCategories() {
  return useQuery({
    queryKey: queryKeys.categories.tracks(),
    queryFn: () => api<CategoryCount[]>('/api/categories/tracks'),
    staleTime: 5 * 60_000,
  });
}
