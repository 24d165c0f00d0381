import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReturnState } from '@haat/shared/returns';
import { RETURNS_PAGE_SIZE, type RefundView, type ReturnView } from '@haat/shared/schemas/returns';
import { chosenOptions } from '@haat/shared/schemas/variants';
import type { DbOrTx } from '../../db/client';
import { orderItems, orderReturnItems, orderReturns, orders, products, productVariants, refunds } from '../../db/schema';
import { settingsSection } from '../shop/index';
import { returnRefund, type RepricedLine } from '@haat/shared/returns';
import { repricingTerms } from '../promotions/index';

export type OrderItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** The shop's return window in days (migration 0029); the guidelines' 7 until the owner sets it. */
export const returnWindow = settingsSection<{ returnWindowDays: number }>({ fields: { returnWindowDays: 'returnWindowDays' }, defaults: { returnWindowDays: 7 } });

export async function readReturnWindow(db: DbOrTx): Promise<number> {
  return (await returnWindow.read(db)).returnWindowDays;
}

/**
 * How many of each line are spoken for by returns (any not rejected), in
 * order of asking: a courier's full return is not counted, its stock went back
 * with the order's status (decision 0075).
 */
export async function claimsOf(db: DbOrTx, orderId: string) {
  return db
    .select({ returnId: orderReturnItems.returnId, itemId: orderReturnItems.orderItemId, quantity: orderReturnItems.quantity, createdAt: orderReturns.createdAt })
    .from(orderReturnItems)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.state, 'rejected'), ne(orderReturns.reason, 'courier_returned')))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
}

export function itemsOfOrder(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** What re-pricing an order's kept goods reads (issue 41): its promotions and its products' categories. */
export type RepricingTerms = Awaited<ReturnType<typeof repricingTerms>>;

export function readRepricingTerms(db: DbOrTx, orderIds: string[], items: OrderItemRow[]): Promise<RepricingTerms> {
  return repricingTerms(db, orderIds, [...new Set(items.flatMap((i) => (i.productId ? [i.productId] : [])))]);
}

/**
 * The most a return's lines may refund (issue 41): the price of what the
 * shopper kept before it less that of what they keep after it, re-priced by
 * the shared rule with the order's promotions as they applied (returns asked
 * for earlier come first); less what was refunded for it already.
 */
export function refundableFor(ret: { id: string }, lines: { itemId: string; quantity: number }[], items: OrderItemRow[], claims: { returnId: string; itemId: string; quantity: number }[], refunded: number, terms: RepricingTerms): number {
  const mine = claims.findIndex((c) => c.returnId === ret.id);
  const earlier = claims.slice(0, mine === -1 ? claims.length : mine).filter((c) => c.returnId !== ret.id);
  const orderId = items[0]?.orderId ?? '';
  const repriced: RepricedLine[] = items.map((i) => {
    const links = i.productId ? terms.links.get(i.productId) : undefined;
    return { product_id: i.productId ?? i.id, unit_price: i.unitPrice, quantity: i.quantity, promotion_discount: i.promotionDiscount, category_ids: links?.categories ?? [], sub_category_ids: links?.subCategories ?? [] };
  });
  const promotions = terms.promotions.get(orderId) ?? [];
  const code = promotions.find((p) => p.code !== null)?.code ?? null;
  const sum = (rows: { itemId: string; quantity: number }[], id: string) => rows.filter((c) => c.itemId === id).reduce((s, c) => s + c.quantity, 0);
  const total = returnRefund(
    repriced,
    items.map((i) => sum(earlier, i.id)),
    items.map((i) => sum(lines, i.id)),
    promotions,
    code,
  );
  return Math.max(0, total - refunded);
}

export function refundView(r: RefundRow): RefundView {
  return {
    _id: r.id,
    return_id: r.returnId,
    method: r.method,
    amount: r.amount,
    state: r.state,
    reason: r.reason,
    trx_id: r.trxId,
    by: r.byName,
    due_at: r.dueAt.toISOString(),
    done_at: r.doneAt?.toISOString() ?? null,
    error: r.lastError,
    createdAt: r.createdAt.toISOString(),
  };
}

type ReturnsWhere = { orderId?: string; ids?: string[]; state?: ReturnState; before?: string; limit?: number };

/** Returns with their lines, refunds and replacement order, as the API answers them; newest first, after the return `before` when given. */
export async function returnViews(db: DbOrTx, where: ReturnsWhere): Promise<ReturnView[]> {
  const rows = await returnRows(db, where);
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((x) => x.r.orderId))];
  const { lines, items, refundRows, claimRows } = await returnParts(db, rows.map((x) => x.r.id), orderIds);
  const wanted = await wantedVariants(db, lines);
  const terms = await readRepricingTerms(db, orderIds, items);
  const replacementIds = rows.flatMap((x) => (x.r.replacementOrderId ? [x.r.replacementOrderId] : []));
  const replacements = replacementIds.length ? await db.select({ id: orders.id, number: orders.orderId, credit: orders.discountTotal }).from(orders).where(inArray(orders.id, replacementIds)) : [];
  return rows.map(({ r, number }) => {
    const mine = lines.filter((l) => l.returnId === r.id);
    const ownRefunds = refundRows.filter((f) => f.returnId === r.id);
    // An exchange's credit went to its replacement order: only what the credit did not use may be refunded.
    const replacement = replacements.find((o) => o.id === r.replacementOrderId);
    const refunded = ownRefunds.filter((f) => f.state !== 'failed').reduce((s, f) => s + f.amount, 0) + (replacement?.credit ?? 0);
    const orderItemsOf = items.filter((i) => i.orderId === r.orderId);
    return {
      _id: r.id,
      order_id: r.orderId,
      order_number: number,
      kind: r.kind,
      source: r.source,
      state: r.state,
      reason: r.reason,
      note: r.note,
      photos: r.photos,
      decision_note: r.decisionNote,
      pickup: r.pickup,
      items: mine.map((l) => lineView(l, orderItemsOf, wanted)),
      refundable: refundableFor(r, mine.map((l) => ({ itemId: l.orderItemId, quantity: l.quantity })), orderItemsOf, claimRows.filter((c) => c.orderId === r.orderId), refunded, terms),
      refunds: ownRefunds.map(refundView),
      replacement_order: replacement?.number ?? null,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      receivedAt: r.receivedAt?.toISOString() ?? null,
    };
  });
}

/** The returns asked for, each with its order's number. */
async function returnRows(db: DbOrTx, where: ReturnsWhere) {
  const conditions = [
    where.orderId ? eq(orderReturns.orderId, where.orderId) : undefined,
    where.ids ? inArray(orderReturns.id, where.ids.length ? where.ids : ['']) : undefined,
    where.state ? eq(orderReturns.state, where.state) : undefined,
    // Its own row's time, read by the database (microseconds, which a JavaScript date would round): an unknown one ends the list.
    where.before ? sql`(${orderReturns.createdAt}, ${orderReturns.id}) < (SELECT r.created_at, r.id FROM order_returns r WHERE r.id = ${where.before})` : undefined,
  ].filter(Boolean);
  return db
    .select({ r: orderReturns, number: orders.orderId })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(where.limit ?? 200);
}

/** The returns' lines, and their orders' items, refunds and every line still claimed by a return. */
async function returnParts(db: DbOrTx, returnIds: string[], orderIds: string[]) {
  const literal = (ids: string[]) => `{${ids.join(',')}}`;
  const [lines, items, refundRows, claimRows] = await Promise.all([
    db.select().from(orderReturnItems).where(sql`${orderReturnItems.returnId} = ANY(${literal(returnIds)}::text[])`),
    db.select().from(orderItems).where(sql`${orderItems.orderId} = ANY(${literal(orderIds)}::text[])`),
    db.select().from(refunds).where(sql`${refunds.orderId} = ANY(${literal(orderIds)}::text[])`).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select({ orderId: orderReturns.orderId, returnId: orderReturnItems.returnId, itemId: orderReturnItems.orderItemId, quantity: orderReturnItems.quantity })
      .from(orderReturnItems)
      .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
      .where(and(sql`${orderReturns.orderId} = ANY(${literal(orderIds)}::text[])`, ne(orderReturns.state, 'rejected'), ne(orderReturns.reason, 'courier_returned')))
      .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id)),
  ]);
  return { lines, items, refundRows, claimRows };
}

type ReturnLine = typeof orderReturnItems.$inferSelect;
type WantedVariant = Awaited<ReturnType<typeof wantedVariants>>[number];

/** The variants an exchange's lines ask for instead, with their product's options. */
async function wantedVariants(db: DbOrTx, lines: ReturnLine[]) {
  const wantedIds = [...new Set(lines.flatMap((l) => (l.wantedVariantId ? [l.wantedVariantId] : [])))];
  return wantedIds.length
    ? await db.select({ id: productVariants.id, values: productVariants.optionValues, options: products.options }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.id, wantedIds))
    : [];
}

/** One line of a return: the order's item it returns, and for an exchange the options wanted instead. */
function lineView(l: ReturnLine, orderItemsOf: OrderItemRow[], wanted: WantedVariant[]) {
  const item = orderItemsOf.find((i) => i.id === l.orderItemId);
  const v = wanted.find((w) => w.id === l.wantedVariantId);
  return {
    item_id: l.orderItemId,
    product_id: item?.productId ?? null,
    name: item?.name ?? '',
    name_bn: item?.nameBn ?? '',
    options: item?.options ?? [],
    quantity: l.quantity,
    wanted_variant_id: l.wantedVariantId,
    wanted_options: v ? chosenOptions(v.options, v.values) : [],
  };
}

/**
 * GET /returns: a page of returns, newest first, at most RETURNS_PAGE_SIZE,
 * after the `cursor` return (the last of the page before); `next_cursor` is
 * this page's last when more follow, else null.
 */
export async function returnPage(db: DbOrTx, q: { state?: ReturnState; cursor?: string }): Promise<{ items: ReturnView[]; next_cursor: string | null }> {
  const found = await returnViews(db, { state: q.state, before: q.cursor, limit: RETURNS_PAGE_SIZE + 1 });
  const items = found.slice(0, RETURNS_PAGE_SIZE);
  return { items, next_cursor: found.length > RETURNS_PAGE_SIZE ? items.at(-1)!._id : null };
}

/** The variants of products an exchange may choose: those the options make (a product's default variant, decision 0109, is no other size). */
export async function variantsOfProducts(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ id: productVariants.id, productId: productVariants.productId, values: productVariants.optionValues, price: productVariants.price, discount: productVariants.discount, stock: productVariants.stock, publish: productVariants.publish, options: products.options })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.productId, productIds), ne(productVariants.id, productVariants.productId)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

/** An order by id or number, unlocked (a route's look-up before the service locks it); null when none. */
export async function orderByIdOrNumber(db: DbOrTx, by: { id?: string; number?: string }) {
  const [row] = await db.select().from(orders).where(by.id ? eq(orders.id, by.id) : eq(orders.orderId, by.number ?? ''));
  return row ?? null;
}
