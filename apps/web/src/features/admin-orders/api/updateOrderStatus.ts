import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@haat/shared/constants';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import { patchCachedOrder, type AdminOrder } from './getAllOrders';

/** PATCH /order/update-status/{id} { status, reason? }; answers the updated order. A cancel may say why ('unsupplied', issue 27). */
export function updateOrderStatus({ id, status, reason }: { id: string; status: OrderStatus; reason?: 'unsupplied' }) {
  return authRequest<AdminOrder>(`order/update-status/${encodeURIComponent(id)}`, { method: 'PATCH', body: reason ? { status, reason } : { status } });
}

/**
 * Spec §4: the card changes only when the server reports success, so the
 * cached pages are patched with the server's answer, not before. Lists
 * filtered by the old status go stale and refetch when shown next.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (res) => {
      patchCachedOrder(queryClient, res.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.admin, refetchType: 'none' });
    },
  });
}
