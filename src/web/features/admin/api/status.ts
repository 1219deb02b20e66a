import type { AdminLogin, AdminStatusSchema } from '@shared/schemas/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type AdminStatus = Answer<typeof AdminStatusSchema>;

export const getAdminStatus = () => api<AdminStatus>('/api/admin/status');

/** GET /api/admin/status: whether this browser holds an operator session (unknown while it loads). */
export const adminStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.status(), queryFn: getAdminStatus, staleTime: 60_000, retry: 1 });

export const useAdminStatus = () => useQuery(adminStatusQueryOptions());

/** POST /api/admin/login: the session is an HttpOnly cookie; the status is asked again. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLogin) => api('/api/admin/login', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.status() }),
  });
}

/** POST /api/admin/logout: every admin answer in the cache goes with the session. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/logout', { method: 'POST' }),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.all() });
    },
  });
}
