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

/** The page addresses the order card and All Orders open (issue 13 contract). */
/** One invoice, or several (comma-separated ids), each on its own page. */
export const invoicePath = (ids: string[]) => `/dashboard/invoice/${ids.map(encodeURIComponent).join(',')}`;
export const labelsPath = (ids: string[]) => `/dashboard/labels?ids=${ids.map(encodeURIComponent).join(',')}`;
