import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '@haat/shared/schemas/user';
import { canDo, type StaffAction } from '@haat/shared/permissions';
import { authRequest, isSignedIn } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** App load fetches the user (spec §4); null for a guest. Shared by every feature. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: async (): Promise<UserView | null> => {
    if (!isSignedIn()) return null;
    try {
      return (await authRequest<UserView>('user/get-user')).data;
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

/**
 * Whether the signed-in staff member may use a dashboard control, by the shared table of staff actions
 * (issue 42): the control is not shown to a role whose request the server would refuse. False until the
 * user is known.
 */
export function useCanDo(): (action: StaffAction) => boolean {
  const role = useCurrentUser().data?.role;
  return (action) => canDo(role, action);
}
