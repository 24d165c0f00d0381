import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { errorMessage, request } from '../../../lib/api';
import { clearSession, tokens } from '../../../lib/session';

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
    queryClient.clear();
    navigate('/');
  }, [queryClient, navigate]);
}
