import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@haat/shared/constants';
import { authRequest } from '../../../lib/session';

interface AddressSnapshot {
  address_line: string;
  city: string;
  mobile: string;
}

export interface Order {
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
  product_details: { _id: string; product_id: string | null; name: string; image: string[]; unit: string; unit_price: number; quantity: number }[];
  delivery_address: AddressSnapshot | null;
  guest_user_delivery_address: AddressSnapshot | null;
  createdAt: string;
}

/** GET order/get-order: the signed-in shopper's own orders, newest first. */
export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: async () => (await authRequest<Order[]>('order/get-order')).data,
});

export function useMyOrders() {
  return useQuery(myOrdersQuery);
}
