import { and, eq, isNull } from 'drizzle-orm';
import { STOCK_RELEASED_STATUSES, type OrderStatus } from '@haat/shared/constants';
import { transitionRefusalError, type OrderActor } from '@haat/shared/order-status';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders, promotionUses } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import type { OrderNews } from '../../ports';
import { appError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { record } from '../audit/index';
import { releaseStock, reserveStock, retakePromotionUses, type OrderRow } from './queries';

/**
 * The one owner of an order's status after it is placed (decision 0054): every
 * change goes through transitionOrder, checked against the shared table
 * (packages/shared/src/order-status.ts), and the payment columns change only
 * through recordPayment.
 */

/** The columns a payment (or its refund) writes on an order; nothing else rides along with a status change. */
export type PaymentColumns = Partial<Pick<OrderRow, 'paymentState' | 'trxId' | 'paidAmount' | 'paidAt' | 'refundTrxId' | 'refundedAmount' | 'refundReason' | 'paymentHold'>>;

export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow> {
  if (!isId(id)) throw appError('ORDER_NOT_FOUND');
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw appError('ORDER_NOT_FOUND');
  return order;
}

/**
 * Moves an order to `to` on behalf of `actor`, when the table allows it (409
 * with the reason when not), with any payment columns that change at once.
 * `order` is a row the caller already locked in this transaction, or an id to
 * lock. Entering Cancel or Return gives the stock and the order's promotion
 * uses back once (stock_reserved records it); leaving them takes the stock
 * again, or 409 when short, and counts the uses again, or 409 when a limit is used up meanwhile. A staff member's move
 * (actor 'admin') names the person (`by`) and is recorded in the audit log in
 * the same transaction (decision 0065). Entering Delivered, whoever moved it,
 * publishes `order.delivered` in the same transaction (decision 0126): the
 * actors that may deliver (staff, a courier) must hand over the app's events.
 */
export async function transitionOrder(tx: Tx, order: OrderRow | string, to: OrderStatus, actor: 'admin', also: PaymentColumns, mover: { by: Actor; news: OrderNews }): Promise<void>;
export async function transitionOrder(tx: Tx, order: OrderRow | string, to: OrderStatus, actor: 'courier', also: PaymentColumns, mover: { news: OrderNews }): Promise<void>;
export async function transitionOrder(tx: Tx, order: OrderRow | string, to: Exclude<OrderStatus, 'Delivered'>, actor: Exclude<OrderActor, 'admin' | 'courier'>, also?: PaymentColumns): Promise<void>;
export async function transitionOrder(tx: Tx, order: OrderRow | string, to: OrderStatus, actor: OrderActor, also: PaymentColumns = {}, mover: { by?: Actor; news?: OrderNews } = {}): Promise<void> {
  const { by, news } = checkedMover(actor, to, mover);
  const row = typeof order === 'string' ? await lockOrder(tx, order) : order;
  const refusal = transitionRefusalError(actor, row.status, to);
  if (refusal) throw refusal.code === 'ORDER_TRANSITION_REFUSED' ? appError(refusal.code, refusal.params) : appError(refusal.code, refusal.params);
  const shouldHold = !STOCK_RELEASED_STATUSES.includes(to);
  if (row.stockReserved !== shouldHold) await moveStock(tx, row.id, shouldHold);
  // The return window counts from the first delivery (decision 0075).
  const delivered = to === 'Delivered' && !row.deliveredAt ? { deliveredAt: new Date() } : {};
  await tx.update(orders).set({ ...also, ...delivered, status: to, stockReserved: shouldHold, updatedAt: new Date() }).where(eq(orders.id, row.id));
  if (by) await record(tx, by, { kind: 'order_status', action: 'update', targetId: row.id, label: row.orderId, before: { status: row.status }, after: { status: to } });
  // Only an entry: Delivered again (a repeated courier update, staff saving the same status) tells nobody twice.
  if (to === 'Delivered' && row.status !== 'Delivered') await news!.publish(tx, 'order.delivered', { orderId: row.id });
}

/** The overloads make the compiler ask for `by` and `news`; this guards a caller that casts around them. */
function checkedMover(actor: OrderActor, to: OrderStatus, mover: { by?: Actor; news?: OrderNews }) {
  if (actor === 'admin' && !mover.by) throw new Error('transitionOrder: a staff move names who made it (by)');
  if (to === 'Delivered' && !mover.news) throw new Error('transitionOrder: a move into Delivered tells it (news)');
  return mover;
}

/** Takes the order's stock and promotion uses (`hold`) or gives them back, once per change of stock_reserved. */
async function moveStock(tx: Tx, orderId: string, hold: boolean): Promise<void> {
  // Items that came back through a return are in stock already (decision 0075): the order holds only the rest.
  const items = (await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))).flatMap((i) =>
    i.productId && i.quantity > i.returnedQuantity ? [{ productId: i.productId, variantId: i.variantId, name: i.name, quantity: i.quantity - i.returnedQuantity }] : [],
  );
  // Its promotion uses go with the stock (decision 0059): given back once on entering Cancel or Return (a
  // cancel, a return, an unpaid bKash order's expiry), counted again if the admin brings the order back —
  // refused when others took them meanwhile and the limit is now used up (issue 41).
  if (hold) {
    await reserveStock(tx, items);
    await retakePromotionUses(tx, orderId);
  } else {
    await releaseStock(tx, items);
    await tx
      .update(promotionUses)
      .set({ releasedAt: new Date() })
      .where(and(eq(promotionUses.orderId, orderId), isNull(promotionUses.releasedAt)));
  }
}

/** Records a payment's outcome (paid, refunded) on an order without touching its status. */
export async function recordPayment(tx: Tx, orderId: string, columns: PaymentColumns): Promise<void> {
  await tx.update(orders).set({ ...columns, updatedAt: new Date() }).where(eq(orders.id, orderId));
}
