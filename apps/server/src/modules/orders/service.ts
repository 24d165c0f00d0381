import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DELETABLE_ORDER_STATUSES, ORDER_PAGE_SIZE, type OrderStatus } from '@haat/shared/constants';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orderItems, orderReturns, orders, refunds } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { record } from '../audit/index';
import { lockOrder, transitionOrder } from '../order-status/index';
import type { OrderNews, PaymentStarter, StartPayment } from '../../ports';
import { findOrderView, listAllOrders, type OrderRow, type OrderView } from './queries';
import { takeLines } from './lines';

// Placing an order (the checkout, phone orders) is place-order.ts; its lines are lines.ts.

const ORDER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

/** Human-readable order number, e.g. HT-20261122-7Q4K9M: the date plus 6 random characters. */
export function newOrderCode(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return `HT-${day}-${tail}`;
}


/** Starting a new order's payment, and its maker given by payments through AppDeps: ports (ports.ts, decision 0107). */
export type { PaymentStarter, StartPayment };

/** Records a started payment's columns on the order being placed, in its transaction: the orders module's one update of an order's row (module-graph.test.ts). */
export async function recordStartedPayment(tx: Tx, row: OrderRow, startPayment: StartPayment): Promise<OrderRow> {
  const [started] = await tx.update(orders).set(await startPayment(row)).where(eq(orders.id, row.id)).returning();
  return started!;
}


/**
 * PATCH /order/update-status/{id}: the admin's move, through the status table
 * (decision 0054), which today lets the admin set any status; the stock follows
 * (order-status's transitionOrder), and an entry into Delivered is told on
 * `news` as a courier's is (decision 0126).
 */
export async function updateOrderStatus(db: Db, news: OrderNews, id: string, status: OrderStatus, by: Actor, onCancelled?: (tx: Tx, orderId: string, by: Actor) => Promise<void>): Promise<OrderView> {
  await db.transaction(async (tx) => {
    await transitionOrder(tx, id, status, 'admin', {}, { by, news });
    // Told in this transaction: a cancel "cannot be supplied" (returns tells the shopper and refunds).
    if (onCancelled) await onCancelled(tx, id, by);
  });
  return (await findOrderView(db, eq(orders.id, id)))!;
}

/** Only Received, Cancel and Return orders may be deleted; others answer 409. */
export async function deleteOrder(db: Db, id: string, by: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!DELETABLE_ORDER_STATUSES.includes(order.status)) {
      throw appError('ORDER_NOT_DELETABLE', { allowed: DELETABLE_ORDER_STATUSES.join(', '), status: order.status });
    }
    // Returns and refunds are money records (issue 41): deleting the order would cascade to them, so it is refused.
    const [aReturn] = await tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, order.id)).limit(1);
    const [aRefund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
    if (aReturn || aRefund) throw appError('ORDER_HAS_MONEY_RECORDS');
    await tx.delete(orders).where(eq(orders.id, order.id));
    await record(tx, by, { kind: 'order', action: 'delete', targetId: order.id, label: order.orderId, before: { status: order.status, total_amount: order.totalAmount, customer_name: order.customerName } });
  });
}

/** An order's answer by its id, or null: what a later module's route answers after changing it (courier's booking, through AppDeps). */
export function orderById(db: DbOrTx, id: string): Promise<OrderView | null> {
  return findOrderView(db, eq(orders.id, id));
}

export function adminOrderPage(db: Db, status: OrderStatus | undefined, page: number) {
  return listAllOrders(db, status, page, ORDER_PAGE_SIZE);
}

/** A line of an exchange's replacement order: the variant wanted, how many, and what was paid for the units sent back. */
export interface ReplacementLine {
  productId: string;
  variantId: string;
  quantity: number;
  /** Taka paid for the returned units (decision 0075's refund rule): the replacement's credit. */
  credit: number;
}

/**
 * An exchange's replacement order (issue 27, decision 0075): the wanted
 * variants, their stock taken now, priced today, less what was paid for the
 * units sent back (an "Exchange credit" line on the order's promotions), no
 * delivery fee; what is left is collected on delivery. At no charge when the
 * credit covers it. Named as the exchange it is (source 'exchange', issue 42) and linked to the first order
 * by its number (exchange_for) and the return record.
 */
export async function placeReplacementOrder(tx: Tx, original: OrderRow, lines: ReplacementLine[]): Promise<{ id: string; orderId: string }> {
  const taken = await takeLines(tx, lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity })));
  const credits = taken.map((l, i) => Math.min(l.unitPrice * l.quantity, lines[i]!.credit));
  const subtotal = taken.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const credit = credits.reduce((a, b) => a + b, 0);
  const id = newId();
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      orderId: newOrderCode(),
      userId: original.userId,
      paymentStatus: 'CASH-ON-DELIVERY',
      mobile: original.mobile,
      subTotalAmount: subtotal,
      discountTotal: credit,
      deliveryFee: 0,
      totalAmount: subtotal - credit,
      deliveryAddress: original.deliveryAddress,
      guestDeliveryAddress: original.guestDeliveryAddress,
      source: 'exchange',
      exchangeFor: original.orderId,
      customerName: original.customerName,
      promotions: credit > 0 ? [{ name: 'Exchange credit', name_bn: 'বদলের জমা', code: null, kind: 'fixed', saving: credit }] : [],
    })
    .returning({ id: orders.id, orderId: orders.orderId });
  await tx.insert(orderItems).values(taken.map((l, i) => ({ id: newId(), orderId: id, ...l, promotionDiscount: credits[i]! })));
  return row!;
}
