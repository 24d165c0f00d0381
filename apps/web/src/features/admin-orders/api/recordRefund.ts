import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundRecordInput, RefundVoidInput } from '@haat/shared/schemas/returns';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import { patchCachedOrder, type AdminOrder } from './getAllOrders';

/** POST /refunds/{id}/record: a refund owed, recorded as sent by hand (decision 0081); answers the order without it among those owed. */
export function recordRefund({ id, body }: { id: string; body: RefundRecordInput }) {
  return authRequest<AdminOrder>(`refunds/${encodeURIComponent(id)}/record`, { method: 'POST', body });
}

/** POST /refunds/{id}/void: a refund owed for a typed transaction id under which no money arrived, closed with the reason. */
export function voidRefund({ id, body }: { id: string; body: RefundVoidInput }) {
  return authRequest<AdminOrder>(`refunds/${encodeURIComponent(id)}/void`, { method: 'POST', body });
}

/** The card changes once the server answered; the dashboard's overdue figure is read again. */
function useOwedRefundChange<I>(change: (input: I) => ReturnType<typeof recordRefund>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (res) => {
      patchCachedOrder(queryClient, res.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.admin, refetchType: 'none' });
    },
  });
}

export const useRecordRefund = () => useOwedRefundChange(recordRefund);
export const useVoidRefund = () => useOwedRefundChange(voidRefund);
