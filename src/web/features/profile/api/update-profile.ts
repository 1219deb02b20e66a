import { type ProfileUpdate, type User, UserSchema } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { userQueryOptions } from '@web/lib/auth';

export const updateProfile = (body: ProfileUpdate): Promise<User> => api('/api/auth/profile', { method: 'PUT', body, schema: UserSchema });

/** PUT /api/auth/profile; on success the current user is refreshed (L-7.1-16). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });
}
