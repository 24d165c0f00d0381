import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@haat/shared/constants';
import type { AdminOrderView } from '@haat/shared/schemas/order';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** An order as GET /order/get-all-order answers it (shared with the server), with what only staff see. */
export type AdminOrder = AdminOrderView;

export type StatusFilter = OrderStatus | 'All';


/** GET /order/get-all-order?status=&page= (status omitted for All); reads data and pagination.totalPages. */
export const allOrdersQuery = (status: StatusFilter, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.orders.admin, { status, page }],
    queryFn: async () => {
      const qs = new URLSearchParams({ page: String(page) });
      if (status !== 'All') qs.set('status', status);
      const res = (await authRequest<AdminOrder[]>(`order/get-all-order?${qs}`)) as Awaited<ReturnType<typeof authRequest<AdminOrder[]>>> & {
        pagination?: { totalPages: number };
        totalPages?: number;
      };
      return { orders: res.data, totalPages: res.pagination?.totalPages ?? res.totalPages ?? 1 };
    },
    staleTime: 0,
  });

export function useAllOrders(status: StatusFilter, page: number) {
  return useQuery({ ...allOrdersQuery(status, page), placeholderData: keepPreviousData });
}

/** Puts the server's answer for one order into every cached page of All Orders (the card moves only once the server agreed). */
export function patchCachedOrder(queryClient: QueryClient, updated: AdminOrder) {
  queryClient.setQueriesData<{ orders: AdminOrder[]; totalPages: number }>({ queryKey: queryKeys.orders.admin }, (page) =>
    page && { ...page, orders: page.orders.map((o) => (o._id === updated._id ? { ...o, ...updated } : o)) },
  );
}
