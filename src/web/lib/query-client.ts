import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * Listener spec §7: data never stale, no refetch on focus, no polling, no retries unless a query says
 * otherwise. Failed reads are logged; a screen that needs to say something shows its own state. A 401
 * or 404 is an answer the page shows (signed out, not found), not a fault: noted, not logged as an error,
 * so a visitor's console stays clean (issue 20).
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const expected = error instanceof ApiError && (error.status === 401 || error.status === 404);
        (expected ? console.info : console.error)(`[query] ${JSON.stringify(query.queryKey)} failed: ${error.message}`);
      },
    }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
