import type { OrderStatus } from '@haat/shared/constants';
import { envelope } from '@/test-api';
import { orderFixture } from '@/test-orders';
import type { AdminOrder } from './api/getAllOrders';

/** One order as GET order/get-all-order answers it: the shared fixture with what only staff see (nothing held). */
export const adminOrder = (id: string, status?: OrderStatus, extra: Partial<AdminOrder> = {}): AdminOrder => ({ ...orderFixture(id, status), payment_hold: null, ...extra });

/** The list answer of those orders, as the server pages it. */
export const orderList = (orders: AdminOrder[], totalPages = 1) => ({ body: envelope(orders, '', { totalPages, pagination: { totalPages } }) });
