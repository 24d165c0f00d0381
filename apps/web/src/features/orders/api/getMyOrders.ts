import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@haat/shared/schemas/order';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** An order as the API answers it (shared with the server). */
export type Order = OrderView;

/** GET order/get-order: the signed-in shopper's own orders, newest first. */
export const myOrdersQuery = queryOptions({
  queryKey: queryKeys.orders.mine,
  queryFn: async () => (await authRequest<Order[]>('order/get-order')).data,
});

export function useMyOrders() {
  return useQuery(myOrdersQuery);
}
