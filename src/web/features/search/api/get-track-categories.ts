import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { z } from 'zod';

const CategoryCountsSchema = z.array(z.object({ name: z.string(), usageCount: z.number().int() }));

/** GET /api/categories/tracks: the categories of visible tracks, most used first (the search page's tabs). */
export function useTrackCategories() {
  return useQuery({
    queryKey: ['categories', 'tracks'],
    queryFn: () => api('/api/categories/tracks', { schema: CategoryCountsSchema }),
    staleTime: 5 * 60_000,
  });
}
