import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@haat/shared/constants';
import { authRequest, isSignedIn } from './session';

/** The signed-in user as get-user answers it (spec §3 User, without secrets). */
export interface User {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string | null;
  role: Role;
  status: string;
  verified: boolean;
  last_logit_date: string | null;
  createdAt: string;
}

/** App load fetches the user (spec §4); null for a guest. Shared by every feature. */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: async (): Promise<User | null> => {
    if (!isSignedIn()) return null;
    try {
      return (await authRequest<User>('user/get-user')).data;
    } catch (err) {
      console.error(err);
      throw new Error('Failed to fetch user details');
    }
  },
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
