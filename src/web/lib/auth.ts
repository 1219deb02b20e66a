import type { User, UserSchema } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api } from './api';
import { queryKeys } from './query-keys';

/** GET /api/auth/user: the signed-in user, or null when signed out (401; 404 before sign-in exists). */
export async function getUser(): Promise<User | null> {
  try {
    return await api<Answer<typeof UserSchema>>('/api/auth/user');
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 404)) return null;
    throw e;
  }
}

/** Cached 5 minutes and refetched when the window regains focus or the tab becomes visible (spec §7). */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.user(),
    queryFn: getUser,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });

export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data ?? null, isSignedIn: Boolean(query.data) };
}
