import { STORAGE_KEYS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { userQueryOptions } from '@web/lib/auth';
import { queryKeys } from '@web/lib/query-keys';
import { removeStored } from '@web/lib/storage';

export const deleteAccount = () => api('/api/auth/account', { method: 'DELETE' });

/** DELETE /api/auth/account: the account and its session end; the browser forgets the member. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      removeStored('local', STORAGE_KEYS.persistedUserId);
      queryClient.setQueryData(userQueryOptions().queryKey, null);
      // The catalogue and the (now signed-out) user stay; everything that was the member's goes.
      const kept = new Set<unknown>([queryKeys.auth.user()[0], queryKeys.tracks.all()[0]]);
      queryClient.removeQueries({ predicate: (q) => !kept.has(q.queryKey[0]) });
    },
  });
}
