import type { ProfileUpdate, User, UserSchema } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, api } from '@web/lib/api';
import { userQueryOptions } from '@web/lib/auth';

export const updateProfile = (body: ProfileUpdate): Promise<User> =>
  api<Answer<typeof UserSchema>>('/api/auth/profile', { method: 'PUT', body });

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
