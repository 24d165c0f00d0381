import { eq } from 'drizzle-orm';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { discountedPrice } from '@haat/shared/pricing';
import type { Role } from '@haat/shared/constants';
import { can } from '@haat/shared/permissions';
import { normalizePhone } from '@haat/shared/phone';
import { pricePromotions, type EngineLine, type EnginePromotion, type EngineResult } from '@haat/shared/promotions';
import type { AppliedPromotion, ParsedPromotionInput, PromotionOffer, PromotionQuote, PromotionView, PromotionWithStats } from '@haat/shared/schemas/promotion';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { promotions } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { record } from '../audit/index';
import { readDeliverySettings } from '../delivery/index';
import { variantsForChoice } from '../cart/index';
import { knownDevice } from '../otp/index';
import {
  codeHolder,
  countUses,
  enginePromotion,
  findPromotion,
  hasLimit,
  listPromotions,
  lockPromotions,
  offerView,
  productLinks,
  productPrices,
  promotionsOfOrders,
  promotionView,
  unknownScopeIds,
  usesCte,
  type ProductLinks,
  type PromotionRow,
} from './queries';
import { candidatePromotions } from './running';

/**
 * Promotions (issue 22, decision 0059): the owner's writes, the shop's offers
 * and quote, and the pricing an order runs in its own transaction. The engine
 * itself is shared (packages/shared/src/promotions.ts).
 */

const DHAKA_OFFSET_MS = 6 * 3600_000;

/** The first instant of the stats' period: midnight in Dhaka, `days` Dhaka days back counting today. */
function periodStart(days: number, now: Date): Date {
  const today = new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000 - DHAKA_OFFSET_MS);
}

export function promotionList(db: DbOrTx, days: number, now = new Date()): Promise<PromotionWithStats[]> {
  return listPromotions(db, periodStart(days, now));
}

/** The rules the schema cannot see: the scope's ids exist, the code is free. Each a 400 naming its field. */
async function checkInput(db: DbOrTx, input: ParsedPromotionInput, except?: string): Promise<void> {
  if (input.scope.kind !== 'order') {
    const unknown = await unknownScopeIds(db, input.scope.kind, input.scope.ids);
    const what = input.scope.kind === 'products' ? 'product' : input.scope.kind === 'categories' ? 'category' : 'sub-category';
    if (unknown.length) throw appError('PROMO_SCOPE_UNKNOWN', { field: 'scope.ids', what, id: unknown[0]! });
  }
  if (input.code && (await codeHolder(db, input.code, except))) throw appError('PROMO_CODE_TAKEN', { field: 'code', code: input.code });
}

function columns(input: ParsedPromotionInput) {
  return {
    name: input.name,
    nameBn: input.name_bn,
    code: input.code,
    kind: input.kind,
    value: input.value,
    buyQty: input.buy_qty,
    getQty: input.get_qty,
    scopeKind: input.scope.kind,
    scopeIds: input.scope.kind === 'order' ? [] : [...new Set(input.scope.ids)],
    minSubtotal: input.min_subtotal,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    combines: input.combines,
    active: input.active,
  };
}

/** Two owners saving the same code at once: the unique index decides, answered as the same 400. */
async function saving<T>(input: ParsedPromotionInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (input.code && uniqueViolation(err)?.includes('promotions_code')) throw appError('PROMO_CODE_TAKEN', { field: 'code', code: input.code });
    throw err;
  }
}

async function usedOf(db: DbOrTx, id: string): Promise<number> {
  return (await countUses(db, [id], null, null)).get(id)?.used ?? 0;
}

/** What the audit log keeps of a promotion (decision 0065): the owner's fields, as the API names them. */
function promotionAudit(row: PromotionRow) {
  const { used: _used, _id: _id, createdAt: _createdAt, ...fields } = promotionView(row, 0);
  return fields;
}

export async function createPromotion(db: Db, input: ParsedPromotionInput, actor: Actor): Promise<PromotionView> {
  await checkInput(db, input);
  const row = await saving(input, () =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(promotions).values({ id: newId(), ...columns(input) }).returning();
      await record(tx, actor, { kind: 'promotion', action: 'create', targetId: created!.id, label: created!.name, labelBn: created!.nameBn, after: promotionAudit(created!) });
      return created!;
    }),
  );
  return promotionView(row, 0);
}

async function existing(db: DbOrTx, id: string): Promise<PromotionRow> {
  const row = isId(id) ? await findPromotion(db, id) : null;
  if (!row) throw appError('PROMOTION_NOT_FOUND');
  return row;
}

export async function updatePromotion(db: Db, id: string, input: ParsedPromotionInput, actor: Actor): Promise<PromotionView> {
  await existing(db, id);
  await checkInput(db, input, id);
  const row = await saving(input, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!before) throw appError('PROMOTION_NOT_FOUND');
      const [after] = await tx
        .update(promotions)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(promotions.id, id))
        .returning();
      await record(tx, actor, { kind: 'promotion', action: 'update', targetId: id, label: after!.name, labelBn: after!.nameBn, before: promotionAudit(before), after: promotionAudit(after!) });
      return after!;
    }),
  );
  return promotionView(row, await usedOf(db, id));
}

/** Pause (false) or resume (true). */
export async function setPromotionActive(db: Db, id: string, active: boolean, actor: Actor): Promise<PromotionView> {
  await existing(db, id);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw appError('PROMOTION_NOT_FOUND');
    const [after] = await tx.update(promotions).set({ active, updatedAt: new Date() }).where(eq(promotions.id, id)).returning();
    await record(tx, actor, { kind: 'promotion', action: active ? 'resume' : 'pause', targetId: id, label: before.name, labelBn: before.nameBn, before: { active: before.active }, after: { active } });
    return after!;
  });
  return promotionView(row, await usedOf(db, id));
}

/** The automatic promotions running now, not used up: what the shop shows as offers. */
export async function runningOffers(db: DbOrTx, now = new Date()): Promise<PromotionOffer[]> {
  const rows = await candidatePromotions(db, now);
  const counts = await countUses(
    db,
    rows.filter((r) => r.usageLimit !== null).map((r) => r.id),
    null,
    null,
  );
  return rows.filter((r) => r.usageLimit === null || (counts.get(r.id)?.used ?? 0) < r.usageLimit).map(offerView);
}

interface PricedLine {
  product_id: string;
  unit_price: number;
  quantity: number;
}

interface PricingRequest {
  lines: PricedLine[];
  code?: string;
  /** The buyer's phone in any spelling (normalised here) and account, for per-customer limits. */
  phone?: string | null;
  userId: string | null;
  deliveryFee: number;
}

/**
 * What pricing reads of the promotions: the candidates (see candidatePromotions)
 * and the categories of the products, when a candidate is scoped by them. An
 * order reads it before its transaction (decision 0067): these reads then do
 * not lengthen the time the order holds its products' row locks. What decides
 * a limit (the uses, and the limited promotions' rows) is read again under
 * their locks in the transaction.
 */
export interface PromotionContext {
  now: Date;
  rows: PromotionRow[];
  links: ProductLinks;
}

const isScoped = (r: PromotionRow) => r.scopeKind === 'categories' || r.scopeKind === 'sub_categories';

export async function loadPromotionContext(db: DbOrTx, productIds: string[], code?: string, now = new Date()): Promise<PromotionContext> {
  // Both at once (one round trip less for an order): the links are read even when no candidate turns out scoped.
  const [rows, links] = await Promise.all([candidatePromotions(db, now, code), productIds.length ? productLinks(db, productIds) : Promise.resolve(new Map() as ProductLinks)]);
  return { now, rows, links };
}

/** Runs the engine on the context's candidates (less `skip`) with their counts (read as they are, or under the caller's locks). */
async function evaluate(db: DbOrTx, req: PricingRequest, phone: string | null, skip: Set<string>, context: PromotionContext): Promise<{ result: EngineResult; rows: PromotionRow[] }> {
  const { now } = context;
  const rows = context.rows.filter((r) => !skip.has(r.id));
  // An order from the signed-in cart names its products only in the transaction: their links are read there.
  const unlinked = rows.some(isScoped) ? req.lines.map((l) => l.product_id).filter((id) => !context.links.has(id)) : [];
  const [extra, counts] = await Promise.all([
    unlinked.length ? productLinks(db, unlinked) : Promise.resolve(new Map() as ProductLinks),
    countUses(
      db,
      rows.filter((r) => hasLimit(r)).map((r) => r.id),
      phone,
      req.userId,
    ),
  ]);
  const linksOf = (id: string) => context.links.get(id) ?? extra.get(id);
  const lines: EngineLine[] = req.lines.map((l) => ({ ...l, category_ids: linksOf(l.product_id)?.categories ?? [], sub_category_ids: linksOf(l.product_id)?.subCategories ?? [] }));
  const result = pricePromotions({
    lines,
    promotions: rows.map((r) => enginePromotion(r, counts.get(r.id)?.used ?? 0, counts.get(r.id)?.customer ?? 0)),
    code: req.code,
    now,
    delivery_fee: req.deliveryFee,
  });
  return { result, rows };
}

/**
 * The promotions of an order being placed, inside its transaction (after its
 * stock is taken), from the context read just before it. A typed code that
 * does not apply throws its 400 and the transaction writes nothing. The chosen
 * promotions that have a limit are locked (FOR UPDATE, in id order), read
 * again and their uses counted under the lock: when the owner changed one
 * meanwhile the order is priced again with it as it now is; an order that
 * would go over a limit throws USED_UP / ALREADY_USED for the typed code, or
 * drops an automatic promotion and prices again.
 * Call recordPromotionUses with the result once the order row exists.
 */
export async function priceOrderPromotions(tx: Tx, req: PricingRequest, loaded?: PromotionContext): Promise<EngineResult> {
  const phone = normalizePhone(req.phone ?? null);
  let context = loaded ?? (await loadPromotionContext(tx, req.lines.map((l) => l.product_id), req.code));
  const skip = new Set<string>();
  for (;;) {
    const { result, rows } = await evaluate(tx, req, phone, skip, context);
    if (result.code_error) throw appError(result.code_error.code, result.code_error.params as never);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const limited = result.applied.map((a) => byId.get(a.promotion_id)!).filter((r) => hasLimit(r));
    if (limited.length === 0) return result;
    const locked = await lockPromotions(
      tx,
      limited.map((r) => r.id),
    );
    const changed = locked.filter((r) => r.updatedAt.getTime() !== byId.get(r.id)!.updatedAt.getTime());
    if (changed.length) {
      const fresh = new Map(changed.map((r) => [r.id, r]));
      context = { ...context, rows: context.rows.map((r) => fresh.get(r.id) ?? r) };
      continue;
    }
    const counts = await countUses(
      tx,
      limited.map((r) => r.id),
      phone,
      req.userId,
    );
    const over = limited.map((r) => ({ r, c: counts.get(r.id) ?? { used: 0, customer: 0 } })).find(({ r, c }) => (r.usageLimit !== null && c.used >= r.usageLimit) || (r.perCustomerLimit !== null && c.customer >= r.perCustomerLimit));
    if (!over) return result;
    if (over.r.code !== null) {
      const usedUp = over.r.usageLimit !== null && over.c.used >= over.r.usageLimit;
      throw usedUp ? appError('PROMO_USED_UP', { code: over.r.code }) : appError('PROMO_ALREADY_USED', { code: over.r.code });
    }
    skip.add(over.r.id);
  }
}

/**
 * The order's uses of the promotions it carries, to go with the statement
 * inserting its row (`tx.with(cte).insert(orders)`; its transaction still
 * holds their locks). Null when it carries none.
 */
export function promotionUsesOf(tx: Tx, orderId: string, result: EngineResult, phone: string | null | undefined, userId: string | null) {
  return usesCte(
    tx,
    orderId,
    result.applied.map((a) => ({ promotionId: a.promotion_id, saving: a.saving })),
    normalizePhone(phone ?? null),
    userId,
  );
}

export interface QuoteRequest {
  list_items: { product_id: string; variant_id?: string; quantity: number }[];
  code?: string;
  mobile?: string;
  delivery_fee?: number;
}

/** Who asks for a quote: the signed-in account, and the browser's cookie header with the secret its device proof is signed with. */
export interface QuoteAsker {
  user: { id: string; role: Role } | null;
  cookie: string | undefined;
  secret: string;
}

/**
 * POST /promotion/quote: what the cart or checkout would pay, by the order's
 * own engine and prices. Items that are gone or unpublished are left out (the
 * cart shows them); nothing is counted or locked.
 * A per-customer limit is answered for the signed-in account, and for the typed
 * mobile only when this browser proves it holds the number (the device cookie
 * of decision 0091) or the caller is staff who read orders anyway (a phone
 * order's form): else anyone could ask whether a number used a code (issue 41).
 * The order still counts the number's uses and refuses past the limit.
 */
export async function quotePromotions(db: DbOrTx, asker: QuoteAsker, input: QuoteRequest): Promise<PromotionQuote> {
  const userId = asker.user?.id ?? null;
  const told = input.mobile && (can(asker.user?.role, 'orders.view') || knownDevice(asker.secret, input.mobile, asker.cookie));
  const phone = told ? normalizePhone(input.mobile!) : null;
  const ids = input.list_items.map((l) => l.product_id).filter(isId);
  const [prices, variants, fee] = await Promise.all([
    productPrices(db, ids),
    variantsForChoice(db, ids),
    input.delivery_fee === undefined ? readDeliverySettings(db).then((s) => deliveryFee(s, null)) : Promise.resolve(input.delivery_fee),
  ]);
  const priceOf = new Map(prices.map((p) => [p.id, discountedPrice(p.price, p.discount)]));
  // A line of a variant (issue 21) at that variant's price; one whose variant is gone or hidden is left out, as a gone product is.
  const linePrice = (l: QuoteRequest['list_items'][number]) => {
    if (!priceOf.has(l.product_id)) return undefined;
    if (!l.variant_id || l.variant_id === l.product_id) return priceOf.get(l.product_id);
    const v = variants.get(l.product_id)?.find((x) => x.id === l.variant_id && x.publish);
    return v && discountedPrice(v.price, v.discount);
  };
  const merged = new Map<string, { product_id: string; quantity: number; unit_price: number }>();
  for (const l of input.list_items) {
    const unit_price = linePrice(l);
    if (unit_price === undefined) continue;
    const key = `${l.product_id}\u0000${l.variant_id ?? ''}`;
    merged.set(key, { product_id: l.product_id, unit_price, quantity: (merged.get(key)?.quantity ?? 0) + l.quantity });
  }
  const lines = [...merged.values()];
  const context = await loadPromotionContext(db, lines.map((l) => l.product_id), input.code);
  const { result } = await evaluate(db, { lines, code: input.code, userId, deliveryFee: fee }, phone, new Set(), context);
  return {
    subtotal: result.subtotal,
    lines: result.applied.map(({ line_savings: _unused, ...a }): AppliedPromotion => a),
    discount: result.discount,
    delivery_fee: result.delivery_fee,
    delivery_saving: result.delivery_saving,
    total: result.total,
    free_delivery_remaining: result.free_delivery_remaining,
    code_error: result.code_error,
  };
}

/** What a return re-prices an order's kept goods with (issue 41): per order its promotions, and the products' categories for scoped ones. */
export async function repricingTerms(db: DbOrTx, orderIds: string[], productIds: string[]): Promise<{ promotions: Map<string, EnginePromotion[]>; links: ProductLinks }> {
  const [promotions, links] = await Promise.all([promotionsOfOrders(db, orderIds), productLinks(db, productIds)]);
  return { promotions, links };
}
