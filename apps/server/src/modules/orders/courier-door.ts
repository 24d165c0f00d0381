import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { orderPayment } from '@haat/shared/pricing';
import { chosenLabel, withChoice } from '@haat/shared/schemas/variants';
import { chosenOptions } from '@haat/shared/variant-words';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orderReturnItems, orderReturns, orders, products, productVariants, refunds, users } from '../../db/schema';
import type { CourierOrder, CourierOrders } from '../../ports';

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
  paymentState: o.paymentState,
  paidAmount: o.paidAmount,
  totalAmount: o.totalAmount,
  advanceAmount: o.advanceAmount,
  paymentHold: o.paymentHold,
  note: o.note,
  createdAt: o.createdAt,
  deliveredAt: o.deliveredAt,
  exchangeFor: o.exchangeFor,
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
      const items = rows.map((i) => ({ name: withChoice(i.name, chosenLabel(i.options)), quantity: i.quantity }));
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
    async trackAmounts(order) {
      const { paid, due_on_delivery } = orderPayment({
        total: order.totalAmount,
        method: order.paymentStatus,
        paymentState: order.paymentState,
        paidAmount: order.paidAmount,
        advanceAmount: order.advanceAmount,
        status: order.status,
        delivered: order.deliveredAt !== null || order.status === 'Delivered',
      });
      // A refund closed without payment (void) was never money to the shopper; one bKash refused is still owed.
      const refundRows = await db
        .select({ amount: refunds.amount, state: refunds.state })
        .from(refunds)
        .where(and(eq(refunds.orderId, order.id), ne(refunds.state, 'void')))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
      const lines = await db
        .select({ state: orderReturns.state, quantity: orderReturnItems.quantity, wanted: orderReturnItems.wantedVariantId, name: orderItems.name, nameBn: orderItems.nameBn, options: orderItems.options })
        .from(orderReturnItems)
        .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
        .innerJoin(orderItems, eq(orderItems.id, orderReturnItems.orderItemId))
        .where(and(eq(orderReturns.orderId, order.id), eq(orderReturns.kind, 'exchange')))
        .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id), asc(orderItems.id));
      const wantedIds = [...new Set(lines.flatMap((l) => (l.wanted ? [l.wanted] : [])))];
      const wanted = wantedIds.length
        ? await db.select({ id: productVariants.id, values: productVariants.optionValues, options: products.options }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.id, wantedIds))
        : [];
      return {
        total: order.totalAmount,
        paid,
        due_on_delivery,
        refunds: refundRows.map((r) => ({ amount: r.amount, state: r.state === 'done' ? ('done' as const) : ('due' as const) })),
        exchanges: lines.map((l) => {
          const v = wanted.find((w) => w.id === l.wanted);
          return { name: l.name, name_bn: l.nameBn, quantity: l.quantity, from: l.options, to: v ? chosenOptions(v.options, v.values) : [], state: l.state };
        }),
      };
    },
  };
}
