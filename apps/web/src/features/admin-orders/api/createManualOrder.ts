import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualOrderInput } from '@haat/shared/schemas/order';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminOrder } from './getAllOrders';

/** POST /order/manual: a phone or Messenger order; the Idempotency-Key makes a repeated submit answer the first order. */
export function createManualOrder({ payload, key }: { payload: ManualOrderInput; key: string }) {
  return authRequest<AdminOrder>('order/manual', { method: 'POST', body: payload, headers: { 'Idempotency-Key': key } });
}

export function useCreateManualOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createManualOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.admin }) });
}
