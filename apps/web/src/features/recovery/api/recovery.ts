import { useMutation } from '@tanstack/react-query';
import type { RecoveredCheckout } from '@haat/shared/schemas/recovery';
import { request } from '@/lib/api';

/** POST /recovery/open: the cart and address a recovery SMS's link reopens (404 once expired). */
export const openRecovery = async (token: string) => (await request<RecoveredCheckout>('recovery/open', { method: 'POST', body: { token } })).data;

/** POST /recovery/stop: no more recovery SMS to the link's mobile. */
export function useStopRecovery() {
  return useMutation({ mutationFn: async (token: string) => (await request<{ stopped: boolean }>('recovery/stop', { method: 'POST', body: { token } })).data });
}
