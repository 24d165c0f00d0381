import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveredCheckout, RecoverySettings, RecoveryWeek } from '@haat/shared/schemas/recovery';
import type { MostAskedItem } from '@haat/shared/schemas/stock-alerts';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest } from '@/lib/session';

const RECOVERY_KEYS = queryKeys.recovery;

/** POST /recovery/open: the cart and address a recovery SMS's link reopens (404 once expired). */
export const openRecovery = async (token: string) => (await request<RecoveredCheckout>('recovery/open', { method: 'POST', body: { token } })).data;

/** POST /recovery/stop: no more recovery SMS to the link's mobile. */
export function useStopRecovery() {
  return useMutation({ mutationFn: async (token: string) => (await request<{ stopped: boolean }>('recovery/stop', { method: 'POST', body: { token } })).data });
}

/** The owner's side (settings.manage): recovery's settings and weekly figures; the most-asked sold-out variants (catalogue.manage). */
export function useRecoverySettings() {
  return useQuery({ queryKey: RECOVERY_KEYS.settings, queryFn: async () => (await authRequest<RecoverySettings>('recovery/settings')).data });
}
export function useSaveRecoverySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecoverySettings) => authRequest<RecoverySettings>('recovery/settings', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOVERY_KEYS.settings }),
  });
}
export function useRecoveryWeeks() {
  return useQuery({ queryKey: RECOVERY_KEYS.weeks, queryFn: async () => (await authRequest<RecoveryWeek[]>('recovery/weeks')).data });
}
export function useMostAsked() {
  return useQuery({ queryKey: RECOVERY_KEYS.mostAsked, queryFn: async () => (await authRequest<MostAskedItem[]>('stock-alert/most-asked')).data, retry: false });
}
