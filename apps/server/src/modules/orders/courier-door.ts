import { asc, eq, or } from 'drizzle-orm';
import { chosenLabel } from '@haat/shared/schemas/variants';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import type { CourierOrder, CourierOrders } from '../courier/index';

type OrderRow = typeof orders.$inferSelect;

const courierOrder = (o: OrderRow): CourierOrder => ({
  id: o.id,
  orderId: o.orderId,
  status: o.status,
  mobile: o.mobile,
  customerName: o.customerName,
  userId: o.userId,
  address: o.deliveryAddress ?? o.guestDeliveryAddress,
  paymentStatus: o.paymentStatus,
  totalAmount: o.totalAmount,
  note: o.note,
  createdAt: o.createdAt,
  deliveredAt: o.deliveredAt,
});

const first = async (db: DbOrTx, where: ReturnType<typeof eq>, lock = false) => {
  const query = db.select().from(orders).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** Orders as courier reads them (its interface, courier/orders.ts): courier never touches the orders tables. */
export function courierOrders(db: Db): CourierOrders {
  return {
    async lockForBooking(tx, id) {
      const row = await first(tx, eq(orders.id, id), true);
      return row ? courierOrder(row) : null;
    },
    async parcelFacts(tx, order) {
      const rows = await tx.select({ name: orderItems.name, quantity: orderItems.quantity, options: orderItems.options }).from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
      // A variant is named by its chosen values (issue 21): "Cotton Kurta (Size: L, Colour: Red)".
      const items = rows.map((i) => ({ name: i.options.length ? `${i.name} (${chosenLabel(i.options)})` : i.name, quantity: i.quantity }));
      // The recipient named at checkout (or the phone order's buyer); else the account's name for older orders.
      const [user] = !order.customerName && order.userId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, order.userId)) : [];
      return { items, buyerName: order.customerName || user?.name || '' };
    },
    async find(id) {
      const row = await first(db, eq(orders.id, id));
      return row ? courierOrder(row) : null;
    },
    async findByNumber(number, id) {
      const row = await first(db, id ? or(eq(orders.orderId, number), eq(orders.id, id))! : eq(orders.orderId, number));
      return row ? courierOrder(row) : null;
    },
  };
}
