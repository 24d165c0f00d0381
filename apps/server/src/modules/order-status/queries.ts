import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, products, productVariants } from '../../db/schema';
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
  /** The variant ordered (issue 21), null for a product without options. */
  variantId: string | null;
  name: string;
  quantity: number;
}

const byId = (key: (l: StockLine) => string) => (a: StockLine, b: StockLine) => (key(a) < key(b) ? -1 : 1);

/**
 * Takes stock for every line with a conditional update, so concurrent orders
 * never oversell and stock never goes negative: a variant's first, then its
 * product's sum, each in id order as placing an order does (no deadlock). A
 * short line throws 409 naming the product; the caller's transaction then
 * writes nothing.
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of lines.filter((l) => l.variantId).sort(byId((l) => l.variantId!))) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId!), gte(productVariants.stock, line.quantity)))
      .returning({ id: productVariants.id });
    if (taken.length === 0) throw appError('NOT_ENOUGH_STOCK', { name: line.name });
  }
  for (const line of [...lines].sort(byId((l) => l.productId))) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) throw appError('NOT_ENOUGH_STOCK', { name: line.name });
  }
}

/**
 * Puts the lines' quantities back in stock (products deleted since are
 * skipped; so is a variant the owner removed since, and its product's sum with it).
 */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const gone = new Set<StockLine>();
  for (const line of lines.filter((l) => l.variantId).sort(byId((l) => l.variantId!))) {
    const back = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId!))
      .returning({ id: productVariants.id });
    if (back.length === 0) gone.add(line);
  }
  for (const line of lines.filter((l) => !gone.has(l)).sort(byId((l) => l.productId))) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
