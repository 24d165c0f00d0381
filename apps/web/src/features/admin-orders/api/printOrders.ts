import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminOrder } from './getAllOrders';

/** GET /order/print?ids=: the orders an invoice or a label sheet shows (by id or order number), in the order asked. */
export const printOrdersQuery = (ids: string[]) =>
  queryOptions({
    queryKey: queryKeys.orders.print(ids),
    queryFn: async () => (await authRequest<AdminOrder[]>(`order/print?${new URLSearchParams({ ids: ids.join(',') })}`)).data,
    enabled: ids.length > 0,
    retry: false,
  });

export function usePrintOrders(ids: string[]) {
  return useQuery(printOrdersQuery(ids));
}
