import { SEARCH_PAGE_SIZE } from '@shared/constants';
import type { SearchAnswerSchema } from '@shared/schemas/search';
import { infiniteQueryOptions, type keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import type { z } from 'zod';

export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** GET /api/search: visible tracks matching every term (and the category, aliases included), ranked. */
export const searchTracks = (
  { q, category }: { q: string; category: string | null },
  offset: number,
  signal?: AbortSignal,
): Promise<SearchAnswer> => {
  const params = new URLSearchParams({ q, limit: String(SEARCH_PAGE_SIZE), offset: String(offset) });
  if (category) params.set('category', category);
  return api<Answer<typeof SearchAnswerSchema>>(`/api/search?${params}`, { signal });
};

export const searchQueryOptions = (input: { q: string; category: string | null }) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(input.q, input.category ?? ''),
    queryFn: ({ pageParam, signal }) => searchTracks(input, pageParam, signal),
    initialPageParam: 0,
    // The next offset is how many tracks the pages hold so far, until the total is reached.
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.tracks.length, 0);
      return last.tracks.length === SEARCH_PAGE_SIZE && loaded < last.total + (last.totalCapped ? 1 : 0) ? loaded : undefined;
    },
    staleTime: 30_000,
  });

/** The results of a search with a query or a category, paged by "もっと見る"; off when there is neither. */
export function useSearchTracks(input: { q: string; category: string | null }, opts: { placeholderData?: typeof keepPreviousData } = {}) {
  return useInfiniteQuery({ ...searchQueryOptions(input), enabled: input.q.length > 0 || !!input.category, ...opts });
}
