import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@haat/shared/paths';
import { toast } from '@/lib/toast';
import { errorMessage, request } from '@/lib/api';
import { clearSession, tokens } from '@/lib/session';
import { currentUserQuery } from '@/state/user';

/** Spec §4 logout: revoke the refresh token, clear all browser storage and cached data (user, cart), go to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const refresh = tokens.refresh();
    // Leave the page first: once the server revokes the session, any request the
    // page still makes gets 401 and the user turns null, and a guarded page would
    // then send the visitor to /login instead of /.
    await navigate(paths.home());
    try {
      if (refresh) await request('user/logout', { method: 'POST', body: { refresh_token: refresh } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
    clearSession();
    // Then tell the mounted components (header): clear() alone drops the cache without notifying them.
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    queryClient.clear();
  }, [queryClient, navigate]);
}
