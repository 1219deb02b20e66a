import { STORAGE_KEYS } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { userQueryOptions } from '@web/lib/auth';
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
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'tracks' });
    },
  });
}
