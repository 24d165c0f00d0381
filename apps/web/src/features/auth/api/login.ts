import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, TokenPair } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';
import { completeLogin } from '@/lib/session';
import { currentUserQuery } from '@/state/user';
import { queryKeys } from '@/lib/queryKeys';

export const loginUser = (input: LoginInput) =>
  request<TokenPair>('user/login', { method: 'POST', body: input });

/** Signs in, runs the login transition (spec §4) and loads the user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const res = await loginUser(input);
      await completeLogin(res.data.access_token, res.data.refresh_token);
      // Whatever a guest had cached (addresses, cart) is stale now.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
      // The signed-in user comes back too: the login page sends an admin to the dashboard.
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      return { ...res, user };
    },
  });
}
