import { useMutation } from '@tanstack/react-query';
import type { StockAlertInput, StockAlertView } from '@haat/shared/schemas/stock-alerts';
import { request } from '@/lib/api';
import { authRequest, isSignedIn } from '@/lib/session';

/** POST /stock-alert (issue 45): one SMS when a sold-out variant is back; signed in, the account's number may be used. */
export function useAskStockAlert() {
  return useMutation({
    mutationFn: async (input: StockAlertInput) => (await (isSignedIn() ? authRequest : request)<StockAlertView>('stock-alert', { method: 'POST', body: input })).data,
  });
}
