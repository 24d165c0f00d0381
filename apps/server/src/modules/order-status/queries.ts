import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { lineVariantId } from '@haat/shared/schemas/variants';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, products, productVariants, promotions, promotionUses } from '../../db/schema';
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
  /** The variant ordered (issue 21); null names the product's default variant (decision 0109). */
  variantId: string | null;
  name: string;
  quantity: number;
}

const byId = (key: (l: StockLine) => string) => (a: StockLine, b: StockLine) => (key(a) < key(b) ? -1 : 1);
/** The variant row a line holds: its own, or the product's default one (decision 0109). */
const variantOf = (l: StockLine) => lineVariantId(l.productId, l.variantId);

/**
 * Takes stock for every line with a conditional update, so concurrent orders
 * never oversell and stock never goes negative: its variant's first (every
 * product has one: a plain line's is the default), then its product's sum,
 * each in id order as placing an order does (no deadlock). A short line throws
 * 409 naming the product; the caller's transaction then writes nothing.
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort(byId(variantOf))) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(productVariants.id, variantOf(line)), gte(productVariants.stock, line.quantity)))
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
 * Puts the lines' quantities back in stock, in one statement (decision 0111):
 * each line's variant (a plain line's default one, as for a variant line), then
 * the products of the variants found, by the same sums. A variant gone since
 * (the owner removed it, the product gained options, or the product was
 * deleted) is skipped, and its product's sum with it. The default variant is
 * then already equal to its product, so the trigger writes nothing more.
 */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const perVariant = new Map<string, { productId: string; quantity: number }>();
  for (const l of lines) {
    const v = perVariant.get(variantOf(l)) ?? perVariant.set(variantOf(l), { productId: l.productId, quantity: 0 }).get(variantOf(l))!;
    v.quantity += l.quantity;
  }
  if (perVariant.size === 0) return;
  const back = sql.join(
    [...perVariant].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, v]) => sql`(${id}, ${v.productId}, ${v.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    WITH back AS (
      UPDATE ${productVariants} SET stock = ${productVariants.stock} + w.quantity, updated_at = now()
      FROM (values ${back}) AS w(id, product_id, quantity)
      WHERE ${productVariants.id} = w.id AND ${productVariants.productId} = w.product_id
      RETURNING w.product_id, w.quantity)
    UPDATE ${products} SET stock = ${products.stock} + sums.quantity
    FROM (SELECT product_id, sum(quantity)::integer AS quantity FROM back GROUP BY product_id ORDER BY product_id) AS sums
    WHERE ${products.id} = sums.product_id`);
}

/**
 * Counts an order's given-back promotion uses again as it leaves Cancel or
 * Return (issue 41): other orders may have taken the uses it gave back, so each
 * limited promotion is locked (FOR UPDATE, in id order, as placing an order
 * locks them) and its live uses counted, overall and of this order's customer
 * (its use's phone or account). Over a limit the revival is refused (409
 * naming the promotion) and the caller's transaction writes nothing.
 */
export async function retakePromotionUses(tx: Tx, orderId: string): Promise<void> {
  const released = await tx.select().from(promotionUses).where(and(eq(promotionUses.orderId, orderId), isNotNull(promotionUses.releasedAt)));
  if (released.length === 0) return;
  const limited = (
    await tx
      .select()
      .from(promotions)
      .where(inArray(promotions.id, released.map((u) => u.promotionId).sort()))
      .orderBy(asc(promotions.id))
      .for('update')
  ).filter((p) => p.usageLimit !== null || p.perCustomerLimit !== null);
  for (const p of limited) {
    const use = released.find((u) => u.promotionId === p.id)!;
    const mine = or(use.phone ? eq(promotionUses.phone, use.phone) : undefined, use.userId ? eq(promotionUses.userId, use.userId) : undefined) ?? sql`false`;
    const [count] = await tx
      .select({ used: sql<number>`count(*)::int`, customer: sql<number>`(count(*) filter (where ${mine}))::int` })
      .from(promotionUses)
      .where(and(eq(promotionUses.promotionId, p.id), isNull(promotionUses.releasedAt)));
    const promotion = p.code ?? p.name;
    if (p.usageLimit !== null && Number(count!.used) >= p.usageLimit) throw appError('ORDER_REVIVE_PROMO_USED_UP', { promotion, limit: p.usageLimit });
    if (p.perCustomerLimit !== null && Number(count!.customer) >= p.perCustomerLimit) throw appError('ORDER_REVIVE_PROMO_ALREADY_USED', { promotion, limit: p.perCustomerLimit });
  }
  await tx.update(promotionUses).set({ releasedAt: null }).where(and(eq(promotionUses.orderId, orderId), isNotNull(promotionUses.releasedAt)));
}
