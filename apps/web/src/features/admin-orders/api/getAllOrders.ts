import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@haat/shared/constants';
import { authRequest } from '../../../lib/session';

export interface AddressSnapshot {
  address_line: string;
  city: string;
  mobile: string;
}

/** An order as GET /order/get-all-order answers it (spec §3 Order). */
export interface AdminOrder {
  _id: string;
  orderId: string;
  status: OrderStatus;
  payment_status: string;
  transaction_id: string;
  mobile: string;
  note: string;
  subTotal_amount: number;
  delivery_fee: number;
  total_amount: number;
  product_details: { _id: string; name: string; image: string[]; unit: string; unit_price: number; quantity: number }[];
  delivery_address: AddressSnapshot | null;
  guest_user_delivery_address: AddressSnapshot | null;
  createdAt: string;
}

export type StatusFilter = OrderStatus | 'All';

export const adminOrdersKey = ['orders', 'admin'] as const;

/** GET /order/get-all-order?status=&page= (status omitted for All); reads data and pagination.totalPages. */
export const allOrdersQuery = (status: StatusFilter, page: number) =>
  queryOptions({
    queryKey: [...adminOrdersKey, { status, page }],
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
