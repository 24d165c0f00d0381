import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { EnginePromotion } from '@haat/shared/promotions';
import type { PromotionOffer, PromotionStats, PromotionView, PromotionWithStats } from '@haat/shared/schemas/promotion';
import type { DbOrTx, Tx } from '../../db/client';
import { categories, orders, productCategories, products, productSubCategories, promotions, promotionUses, subCategories } from '../../db/schema';

export type PromotionRow = typeof promotions.$inferSelect;

export function offerView(row: PromotionRow): PromotionOffer {
  return {
    _id: row.id,
    name: row.name,
    name_bn: row.nameBn,
    kind: row.kind,
    value: row.value,
    buy_qty: row.buyQty,
    get_qty: row.getQty,
    scope: { kind: row.scopeKind, ids: row.scopeIds },
    min_subtotal: row.minSubtotal,
    ends_at: row.endsAt.toISOString(),
  };
}

/** The owner's view: the shopper's offer and what only the owner sees. */
export function promotionView(row: PromotionRow, used: number): PromotionView {
  return {
    ...offerView(row),
    code: row.code,
    starts_at: row.startsAt.toISOString(),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    combines: row.combines,
    active: row.active,
    used,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The engine's view of a row, with its counts. */
export function enginePromotion(row: PromotionRow, used = 0, customerUses = 0): EnginePromotion {
  return {
    id: row.id,
    name: row.name,
    name_bn: row.nameBn,
    code: row.code,
    kind: row.kind,
    value: row.value,
    buy_qty: row.buyQty,
    get_qty: row.getQty,
    scope: { kind: row.scopeKind, ids: row.scopeIds },
    min_subtotal: row.minSubtotal,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    active: row.active,
    combines: row.combines,
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    used,
    customer_uses: customerUses,
  };
}

export const hasLimit = (p: { usage_limit: number | null; per_customer_limit: number | null } | PromotionRow) =>
  'usageLimit' in p ? p.usageLimit !== null || p.perCustomerLimit !== null : p.usage_limit !== null || p.per_customer_limit !== null;

export async function findPromotion(db: DbOrTx, id: string): Promise<PromotionRow | null> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row ?? null;
}

/** The id of the promotion holding this code, other than `except`; null when free. */
export async function codeHolder(db: DbOrTx, code: string, except?: string): Promise<string | null> {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, code));
  return row && row.id !== except ? row.id : null;
}

/** Which of these ids are not rows of the scope's table. */
export async function unknownScopeIds(db: DbOrTx, kind: 'categories' | 'sub_categories' | 'products', ids: string[]): Promise<string[]> {
  const table = kind === 'products' ? products : kind === 'categories' ? categories : subCategories;
  const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The automatic promotions (no code) that are active and have not ended by `now`, in id order. */
export async function automaticPromotions(db: DbOrTx, now: Date): Promise<PromotionRow[]> {
  // Awaited here: a drizzle query is a thenable that runs again on every await, and the caller keeps this promise.
  return await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.code), eq(promotions.active, true), gt(promotions.endsAt, now)))
    .orderBy(asc(promotions.id));
}

/** The promotion holding this code, whatever its state (the engine says why it does not apply), or null. */
export async function promotionByCode(db: DbOrTx, code: string): Promise<PromotionRow | null> {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code));
  return row ?? null;
}

/**
 * Per promotion (of `ids`): its uses not given back, and those of this
 * customer (by phone or by account). Under the promotions' row locks these are
 * exact: every order that counts a use holds the lock until it commits.
 */
export async function countUses(db: DbOrTx, ids: string[], phone: string | null, userId: string | null): Promise<Map<string, { used: number; customer: number }>> {
  if (ids.length === 0) return new Map();
  const mine = or(phone ? eq(promotionUses.phone, phone) : undefined, userId ? eq(promotionUses.userId, userId) : undefined) ?? sql`false`;
  const rows = await db
    .select({ id: promotionUses.promotionId, used: sql<number>`count(*)::int`, customer: sql<number>`(count(*) filter (where ${mine}))::int` })
    .from(promotionUses)
    .where(and(inArray(promotionUses.promotionId, ids), isNull(promotionUses.releasedAt)))
    .groupBy(promotionUses.promotionId);
  return new Map(rows.map((r) => [r.id, { used: Number(r.used), customer: Number(r.customer) }]));
}

/** Locks these promotions' rows (FOR UPDATE, in id order so two orders never lock crosswise) and answers them as they are now. */
export async function lockPromotions(tx: Tx, ids: string[]): Promise<PromotionRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(promotions).where(inArray(promotions.id, [...ids].sort())).orderBy(asc(promotions.id)).for('update');
}

export type ProductLinks = Map<string, { categories: string[]; subCategories: string[] }>;

/** The categories and sub-categories of each product, for scoped promotions. */
export async function productLinks(db: DbOrTx, productIds: string[]): Promise<ProductLinks> {
  const out = new Map(productIds.map((id) => [id, { categories: [] as string[], subCategories: [] as string[] }]));
  if (productIds.length === 0) return out;
  const [cats, subs] = await Promise.all([
    db.select({ p: productCategories.productId, c: productCategories.categoryId }).from(productCategories).where(inArray(productCategories.productId, productIds)),
    db.select({ p: productSubCategories.productId, s: productSubCategories.subCategoryId }).from(productSubCategories).where(inArray(productSubCategories.productId, productIds)),
  ]);
  for (const r of cats) out.get(r.p)?.categories.push(r.c);
  for (const r of subs) out.get(r.p)?.subCategories.push(r.s);
  return out;
}

export interface UseRecord {
  promotionId: string;
  saving: number;
}

/**
 * An order's uses as a data-modifying CTE for the statement that inserts the
 * order row (PostgreSQL runs it whether or not the statement reads it): no
 * round trip of its own, and five parameters however many promotions stack
 * (an order carrying 28 paid more to send 28 rows than to write them). The
 * foreign key to the order is checked at the end of that statement, when the
 * row exists. Null when the order carries none.
 */
export function usesCte(tx: Tx, orderId: string, uses: UseRecord[], phone: string | null, userId: string | null) {
  if (uses.length === 0) return null;
  // Array literals as text (drizzle spreads a JS array into one parameter per item): ids are [0-9a-z] (lib/ids.ts).
  const ids = `{${uses.map((u) => u.promotionId).join(',')}}`;
  const savings = `{${uses.map((u) => u.saving).join(',')}}`;
  return tx.$with('promotion_uses_written', {}).as(sql`
    insert into promotion_uses (promotion_id, order_id, phone, user_id, saving, terms)
    select u.promotion_id, ${orderId}, ${phone}, ${userId}, u.saving,
      case when p.id is null then null else jsonb_build_object('kind', p.kind, 'value', p.value, 'buy_qty', p.buy_qty, 'get_qty', p.get_qty,
        'scope_kind', p.scope_kind, 'scope_ids', to_jsonb(p.scope_ids), 'min_subtotal', p.min_subtotal, 'combines', p.combines) end
    from unnest(${ids}::text[], ${savings}::int[]) as u(promotion_id, saving)
    left join promotions p on p.id = u.promotion_id`);
}

/** The published products' prices, for a quote. */
export async function productPrices(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, price: products.price, discount: products.discount })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.publish, true)));
}

/** Every promotion, newest first, with its uses now and its figures over the period since `since`. */
export async function listPromotions(db: DbOrTx, since: Date): Promise<PromotionWithStats[]> {
  const [rows, used, stats] = await Promise.all([
    db.select().from(promotions).orderBy(desc(promotions.createdAt), desc(promotions.id)),
    db
      .select({ id: promotionUses.promotionId, n: sql<number>`count(*)::int` })
      .from(promotionUses)
      .where(isNull(promotionUses.releasedAt))
      .groupBy(promotionUses.promotionId),
    db
      .select({
        id: promotionUses.promotionId,
        orders: sql<number>`count(*)::int`,
        discount: sql<number>`coalesce(sum(${promotionUses.saving}), 0)::int`,
        sales: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int`,
      })
      .from(promotionUses)
      .innerJoin(orders, eq(orders.id, promotionUses.orderId))
      .where(and(isNull(promotionUses.releasedAt), sql`${orders.createdAt} >= ${since.toISOString()}`))
      .groupBy(promotionUses.promotionId),
  ]);
  const usedOf = new Map(used.map((r) => [r.id, Number(r.n)]));
  const statsOf = new Map<string, PromotionStats>(stats.map((r) => [r.id, { orders: Number(r.orders), discount_taka: Number(r.discount), sales_taka: Number(r.sales) }]));
  return rows.map((r) => ({ ...promotionView(r, usedOf.get(r.id) ?? 0), stats: statsOf.get(r.id) ?? { orders: 0, discount_taka: 0, sales_taka: 0 } }));
}

/**
 * Per order (of `orderIds`): the promotions it carried (its uses, given back or not), as the engine reads them,
 * with the terms each use kept at placement (the row as it is now for uses written before migration 0039).
 */
export async function promotionsOfOrders(db: DbOrTx, orderIds: string[]): Promise<Map<string, EnginePromotion[]>> {
  const out = new Map<string, EnginePromotion[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: promotionUses.orderId, terms: promotionUses.terms, p: promotions })
    .from(promotionUses)
    .innerJoin(promotions, eq(promotions.id, promotionUses.promotionId))
    .where(inArray(promotionUses.orderId, orderIds))
    .orderBy(asc(promotions.id));
  for (const { orderId, terms: t, p } of rows) {
    const row = t ? { ...p, kind: t.kind, value: t.value, buyQty: t.buy_qty, getQty: t.get_qty, scopeKind: t.scope_kind, scopeIds: t.scope_ids, minSubtotal: t.min_subtotal, combines: t.combines } : p;
    out.set(orderId, [...(out.get(orderId) ?? []), enginePromotion(row)]);
  }
  return out;
}
