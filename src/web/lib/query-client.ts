import { QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Listener spec §7: data never stale, no refetch on focus, no polling, no retries unless a query says
 * otherwise. Failed reads are logged; a screen that needs to say something shows its own state.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`[query] ${JSON.stringify(query.queryKey)} failed: ${error.message}`),
    }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
