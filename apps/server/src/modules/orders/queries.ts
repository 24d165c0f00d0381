import { amountDueOnDelivery } from '@haat/shared/pricing';
import { asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@haat/shared/constants';
import type { CourierView } from '@haat/shared/schemas/courier';
import type { OrderView } from '@haat/shared/schemas/order';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders, products, productVariants, users } from '../../db/schema';
import type { ProductOption } from '@haat/shared/schemas/variants';
import { courierViews } from '../courier/index';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order as the API answers it: the shared OrderView the web reads too. */
export function orderView(order: OrderRow, items: OrderItemRow[], courier: CourierView | null = null): OrderView {
  return {
    _id: order.id,
    orderId: order.orderId,
    userId: order.userId,
    status: order.status,
    payment_status: order.paymentStatus,
    transaction_id: order.transactionId,
    mobile: order.mobile,
    note: order.note,
    subTotal_amount: order.subTotalAmount,
    delivery_fee: order.deliveryFee,
    total_amount: order.totalAmount,
    product_details: items.map((i) => ({
      _id: i.id,
      product_id: i.productId,
      name: i.name,
      name_bn: i.nameBn,
      image: i.images,
      unit: i.unit,
      price: i.price,
      discount: i.discount,
      unit_price: i.unitPrice,
      quantity: i.quantity,
      promotion_discount: i.promotionDiscount,
      variant_id: i.variantId,
      sku: i.sku,
      options: i.options,
    })),
    promotions: order.promotions,
    discount_total: order.discountTotal,
    delivery_address: order.deliveryAddress,
    guest_user_delivery_address: order.guestDeliveryAddress,
    paid: order.paymentState === 'paid' || order.paymentState === 'refunded',
    trx_id: order.trxId,
    refund_trx_id: order.refundTrxId,
    ...(order.paymentState === 'awaiting' && order.paymentUrl ? { payment_url: order.paymentUrl, ...(order.gateway === 'bkash' && { bkashURL: order.paymentUrl }) } : {}),
    advance_amount: order.advanceAmount,
    due_on_delivery: amountDueOnDelivery({ method: order.paymentStatus, total: order.totalAmount, advanceAmount: order.advanceAmount, paymentState: order.paymentState, paidAmount: order.paidAmount }),
    source: order.source,
    exchange_for: order.exchangeFor,
    customer_name: order.customerName,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    courier,
    consent: order.consentAt ? { at: order.consentAt.toISOString(), terms_version: order.consentTermsVersion ?? 0, privacy_version: order.consentPrivacyVersion ?? 0 } : null,
  };
}
export type { OrderView };

/** Orders with their items, in the given order. */
async function withItems(db: DbOrTx, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) (byOrder.get(item.orderId) ?? byOrder.set(item.orderId, []).get(item.orderId)!).push(item);
  const couriers = await courierViews(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => orderView(r, byOrder.get(r.id) ?? [], couriers.get(r.id) ?? null));
}

export async function findOrderView(db: DbOrTx, where: SQL): Promise<OrderView | null> {
  const [row] = await db.select().from(orders).where(where);
  return row ? (await withItems(db, [row]))[0]! : null;
}

/**
 * The orders an invoice or label sheet prints, by id or by order number, in
 * the order asked. A signed-in shopper's order carries no name of its own: the
 * account's name stands in for it.
 */
export async function listOrdersForPrint(db: DbOrTx, ids: string[]): Promise<OrderView[]> {
  const rows = await db
    .select({ order: orders, userName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(or(inArray(orders.id, ids), inArray(orders.orderId, ids)));
  const views = await withItems(
    db,
    rows.map((r) => ({ ...r.order, customerName: r.order.customerName || r.userName || '' })),
  );
  const rank = (v: OrderView) => Math.min(...[ids.indexOf(v._id), ids.indexOf(v.orderId)].filter((i) => i >= 0));
  return views.sort((a, b) => rank(a) - rank(b));
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

export async function listUserOrders(db: DbOrTx, userId: string): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(...newestFirst);
  return withItems(db, rows);
}

export async function listAllOrders(db: DbOrTx, status: OrderStatus | undefined, page: number, pageSize: number) {
  const where = status ? eq(orders.status, status) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { orders: await withItems(db, rows), totalCount: Number(total) };
}

/** A product as an order takes it: what the item snapshot and the price need. */
export interface TakenProduct {
  id: string;
  name: string;
  nameBn: string;
  images: string[];
  unit: string;
  price: number;
  discount: number;
  options: ProductOption[];
}

/**
 * The order path's reservation in one statement (decision 0109): takes every
 * line's variant units (every product has a variant) where the variant is
 * published and the stock suffices, then every product's stock where the
 * product is published, each of its lines is within the per-order limit
 * (`largest`) and the stock suffices (a product's stock is its variants' sum).
 * Answers the products taken and the ids of the variants taken; one missing
 * failed one of those, the caller finds which (and the transaction rolls back
 * what was taken). Variants and products go in id order, as in reserveStock,
 * so two orders never deadlock.
 */
export async function takeStock(
  tx: Tx,
  variantLines: { variant_id: string; quantity: number }[],
  productLines: { product_id: string; quantity: number; largest: number }[],
): Promise<{ products: TakenProduct[]; variants: Set<string> }> {
  const byId = <T>(key: (l: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : 1);
  const variants = sql.join(
    [...variantLines].sort(byId((l) => l.variant_id)).map((l) => sql`(${l.variant_id}, ${l.quantity}::integer)`),
    sql`, `,
  );
  const wanted = sql.join(
    [...productLines].sort(byId((l) => l.product_id)).map((l) => sql`(${l.product_id}, ${l.quantity}::integer, ${l.largest}::integer)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    WITH taken AS (
      UPDATE ${productVariants} SET stock = ${productVariants.stock} - w.quantity, updated_at = now()
      FROM (values ${variants}) AS w(id, quantity)
      WHERE ${productVariants.id} = w.id AND ${productVariants.publish} AND ${productVariants.stock} >= w.quantity
      RETURNING ${productVariants.id} AS id)
    UPDATE ${products} SET stock = ${products.stock} - wanted.quantity
    FROM (values ${wanted}) AS wanted(id, quantity, largest)
    WHERE ${products.id} = wanted.id AND ${products.publish} AND wanted.largest <= ${products.quantity} AND ${products.stock} >= wanted.quantity
    RETURNING ${products.id} AS id, ${products.name} AS name, ${products.nameBn} AS "nameBn", ${products.images} AS images, ${products.unit} AS unit,
      ${products.price} AS price, ${products.discount} AS discount, ${products.options} AS options, (SELECT coalesce(array_agg(taken.id), '{}') FROM taken) AS variants`)) as unknown as {
    rows: (TakenProduct & { variants: string[] })[];
  };
  return { products: result.rows.map(({ variants: _v, ...p }) => p), variants: new Set(result.rows[0]?.variants ?? []) };
}

/** The buyer's phone of an order row: the delivery address's, else the guest address's (stored normalised). */
const buyerPhoneSql = (alias: string) => sql.raw(`coalesce(${alias}.delivery_address ->> 'mobile', ${alias}.guest_user_delivery_address ->> 'mobile')`);

/**
 * Marks possible duplicates on a page of orders (issue 26): another order from
 * the same mobile with the same items (products and quantities) placed within
 * 24 hours before or after. `duplicate_of` is the nearest such order's number.
 */
export async function withDuplicates(db: DbOrTx, list: OrderView[]): Promise<OrderView[]> {
  if (list.length === 0) return list;
  const ids = sql.join(
    list.map((o) => sql`${o._id}`),
    sql`, `,
  );
  // By product and variant (issue 21): the same kurta in another size is another order.
  const items = (alias: string) => sql.raw(`(SELECT string_agg(i.product_id || coalesce('/' || i.variant_id, '') || 'x' || i.quantity, ',' ORDER BY i.product_id, i.variant_id, i.quantity) FROM order_items i WHERE i.order_id = ${alias}.id)`);
  // The page's orders, then only the orders of their phones (orders_delivery_mobile_idx) in the window around them.
  const result = (await db.execute(sql`
    WITH page AS (SELECT o.id, o.created_at, ${buyerPhoneSql('o')} AS phone, ${items('o')} AS items FROM orders o WHERE o.id IN (${ids})),
    near AS (
      SELECT o.id, o.order_id, o.created_at, ${buyerPhoneSql('o')} AS phone, ${items('o')} AS items
      FROM orders o
      WHERE ${buyerPhoneSql('o')} IN (SELECT phone FROM page)
        AND o.created_at BETWEEN (SELECT min(created_at) FROM page) - interval '24 hours' AND (SELECT max(created_at) FROM page) + interval '24 hours'
    )
    SELECT DISTINCT ON (p.id) p.id, n.order_id AS duplicate_of
    FROM page p
    JOIN near n ON n.phone = p.phone AND n.items = p.items AND n.id <> p.id
      AND n.created_at BETWEEN p.created_at - interval '24 hours' AND p.created_at + interval '24 hours'
    ORDER BY p.id, abs(extract(epoch FROM n.created_at - p.created_at))`)) as unknown as { rows: { id: string; duplicate_of: string }[] };
  const rows = result.rows;
  const dup = new Map(rows.map((r) => [r.id, r.duplicate_of]));
  return list.map((o) => ({ ...o, duplicate_of: dup.get(o._id) ?? null }));
}
