import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '@/lib/session';
import { patchCachedOrder, type AdminOrder } from './getAllOrders';

/** POST /order/{id}/refund { reason }: bKash gives the whole paid amount back; answers the order with refund_trx_id. */
export function refundOrder({ id, reason }: { id: string; reason: string }) {
  return authRequest<AdminOrder>(`order/${encodeURIComponent(id)}/refund`, { method: 'POST', body: { reason } });
}

/** Like a status change, the card shows the refund only once the server answered it. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (res) => patchCachedOrder(queryClient, res.data),
  });
}

/** POST /order/{id}/payment-hold/release: the owner reviewed a payment SSLCommerz marked risky and lets the order go on. */
export function useReleasePaymentHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authRequest<AdminOrder>(`order/${encodeURIComponent(id)}/payment-hold/release`, { method: 'POST', body: {} }),
    onSuccess: (res) => patchCachedOrder(queryClient, res.data),
  });
}
