import { inArray } from 'drizzle-orm';
import type { AdminOrderView, OrderView } from '@haat/shared/schemas/order';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** The admin's answers add what only staff may see (decision 0126): a payment held for review, never in the shopper's. */
export async function withPaymentHolds(db: DbOrTx, list: OrderView[]): Promise<AdminOrderView[]> {
  if (list.length === 0) return [];
  const rows = await db
    .select({ id: orders.id, hold: orders.paymentHold })
    .from(orders)
    .where(
      inArray(
        orders.id,
        list.map((o) => o._id),
      ),
    );
  const holds = new Map(rows.map((r) => [r.id, r.hold]));
  return list.map((o) => ({ ...o, payment_hold: holds.get(o._id) ?? null }));
}
