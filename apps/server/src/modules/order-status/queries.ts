import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, products } from '../../db/schema';
import { appError } from '../../lib/errors';

export type OrderRow = typeof orders.$inferSelect;

/** The order paid (or being paid) with this bKash paymentID, locked; null when none. */
export async function lockOrderByPayment(tx: DbOrTx, paymentID: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.gatewayPaymentId, paymentID)).for('update');
  return order ?? null;
}

/**
 * The oldest order still awaiting its bKash payment since before the cutoff,
 * locked with SKIP LOCKED (a row another transaction holds is passed over);
 * null when there is none left. FOR NO KEY UPDATE, not FOR UPDATE: the sweep
 * changes no key, and so does not pass over an order while one of its
 * children is being written (an SMS's order_events row takes a KEY SHARE lock
 * on the order for its foreign key; FOR UPDATE would conflict with it).
 */
export async function lockOldestUnpaid(tx: DbOrTx, cutoff: Date, skipped: string[]): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentState, 'awaiting'), lt(orders.createdAt, cutoff), skipped.length ? notInArray(orders.id, skipped) : undefined))
    .orderBy(asc(orders.createdAt))
    .limit(1)
    .for('no key update', { skipLocked: true });
  return order ?? null;
}

export interface StockLine {
  productId: string;
  name: string;
  quantity: number;
}

/**
 * Takes stock for every line with a conditional update, so concurrent orders
 * never oversell and stock never goes negative. Lines go in id order so two
 * orders lock rows in the same order (no deadlock). A short line throws 409
 * naming the product; the caller's transaction then writes nothing.
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) throw appError('NOT_ENOUGH_STOCK', { name: line.name });
  }
}

/** Puts the lines' quantities back in stock (products deleted since are skipped). */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
