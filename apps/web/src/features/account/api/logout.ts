import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { errorMessage, request } from '../../../lib/api';
import { clearSession, tokens } from '../../../lib/session';
import { currentUserQuery } from '../../../lib/user';

/** Spec §4 logout: revoke the refresh token, clear all browser storage and cached data (user, cart), go to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const refresh = tokens.refresh();
    try {
      if (refresh) await request('user/logout', { method: 'POST', body: { refresh_token: refresh } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
    clearSession();
    // Tell the mounted components (header, guards) first: clear() alone drops the cache without notifying them.
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    queryClient.clear();
    navigate('/');
  }, [queryClient, navigate]);
}
