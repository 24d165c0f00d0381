import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@haat/shared/schemas/user';
import { authRequest } from '@/lib/session';
import type { UserView } from '@haat/shared/schemas/user';
import { currentUserQuery } from '@/state/user';

export const updateUser = (input: ProfileInput) => authRequest<UserView>('user/update-user', { method: 'PUT', body: input });

/** Saves the profile, then the user details reload (spec §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
