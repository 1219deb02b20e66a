import { SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { CATEGORY_SEARCH_LIMIT } from '@shared/rules/playlist-form';
import type { CategoryCount } from '@shared/schemas/playlist';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { useDebounced } from '@web/lib/use-debounced';

export const searchCategories = (q: string) =>
  api<CategoryCount[]>(`/api/categories/search?q=${encodeURIComponent(q)}&limit=${CATEGORY_SEARCH_LIMIT}`);

/** GET /api/categories/search, 300 ms after typing stops (L-5-33); nothing is asked for an empty box. */
export function useCategorySearch(query: string) {
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: queryKeys.categories.search(q),
    queryFn: () => searchCategories(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
