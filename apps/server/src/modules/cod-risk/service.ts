import { DEFAULT_ADVANCE_RULE, type AdvanceRule } from '@haat/shared/advance';
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { discountedPrice } from '@haat/shared/pricing';
import { DEFAULT_COD_POLICY, INCOMPLETE_CHECKOUT_DAYS, INCOMPLETE_CHECKOUT_PAGE_SIZE, type CodBlockInput, type CodBlockView, type CodPolicy, type IncompleteCheckoutInput, type IncompleteCheckoutView } from '@haat/shared/schemas/cod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { codBlocks, incompleteCheckouts, orderItems, orders, products } from '../../db/schema';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';
import { settingsSection } from '../shop/index';
import { variantsForChoice, type ChoosableVariant } from '../cart/index';
import { chosenOptions, lineVariantId, shownVariantId } from '@haat/shared/schemas/variants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's rule for confirming guests' COD orders by code; the default until saved (decision 0062). */
const codPolicy = settingsSection<CodPolicy>({ fields: { mode: 'codConfirmMode', risk: 'codConfirmRisk', above: 'codConfirmAbove' }, defaults: DEFAULT_COD_POLICY });

export const readCodPolicy = (db: DbOrTx): Promise<CodPolicy> => codPolicy.read(db);

/** The owner's partial advance rule, beside the COD protection rule (issue 44, decision 0114); none until saved. */
const advanceRule = settingsSection<AdvanceRule>({ fields: { kind: 'advanceKind', value: 'advanceValue', who: 'advanceWho', above: 'advanceAbove' }, defaults: DEFAULT_ADVANCE_RULE });

export const readAdvanceRule = (db: DbOrTx): Promise<AdvanceRule> => advanceRule.read(db);

/** PUT /cod/advance: recorded in the audit log (decision 0065). */
export const saveAdvanceRule = (db: Db, input: AdvanceRule, actor: Actor): Promise<AdvanceRule> => advanceRule.save(db, input, actor);

/** PUT /cod/settings: only these columns; the low-stock level keeps its value. Recorded in the audit log (decision 0065). */
export const saveCodPolicy = (db: Db, input: CodPolicy, actor: Actor): Promise<CodPolicy> => codPolicy.save(db, input, actor);

const blockView = (r: typeof codBlocks.$inferSelect): CodBlockView => ({ mobile: r.phone, reason: r.reason, createdAt: r.createdAt.toISOString() });

export async function listCodBlocks(db: DbOrTx): Promise<CodBlockView[]> {
  return (await db.select().from(codBlocks).orderBy(desc(codBlocks.createdAt), asc(codBlocks.phone))).map(blockView);
}

/** Blocks a mobile from COD; blocking it again replaces the reason. Recorded in the audit log. */
export async function addCodBlock(db: Db, input: CodBlockInput, actor: Actor): Promise<CodBlockView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(codBlocks).where(eq(codBlocks.phone, input.mobile));
    const [row] = await tx
      .insert(codBlocks)
      .values({ phone: input.mobile, reason: input.reason })
      .onConflictDoUpdate({ target: codBlocks.phone, set: { reason: input.reason } })
      .returning();
    await record(tx, actor, { kind: 'settings', action: before ? 'update' : 'create', targetId: input.mobile, label: input.mobile, before: before ? { reason: before.reason } : undefined, after: { reason: input.reason } });
    return blockView(row!);
  });
}

export async function removeCodBlock(db: Db, mobile: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(codBlocks).where(eq(codBlocks.phone, mobile)).returning();
    if (gone.length === 0) throw appError('COD_BLOCK_NOT_FOUND');
    await record(tx, actor, { kind: 'settings', action: 'delete', targetId: mobile, label: mobile, before: { reason: gone[0]!.reason } });
  });
}

/** Refuses cash on delivery to a blocked mobile (01XXXXXXXXX): the shopper is asked to pay by bKash. */
export async function assertNotCodBlocked(db: DbOrTx, phone: string): Promise<void> {
  const [row] = await db.select({ phone: codBlocks.phone }).from(codBlocks).where(eq(codBlocks.phone, phone));
  if (row) throw appError('COD_BLOCKED');
}

/**
 * Caps on open, unconfirmed web COD orders (issue 41, decision 0092): each holds stock and sends an SMS, so one
 * mobile, or one address, may have only a few waiting for the shop at a time (COD_OPEN_PER_MOBILE and
 * COD_OPEN_PER_ADDRESS, null = off). "Open" = Pending and placed in the last 3 days; "unconfirmed" = its mobile was
 * not confirmed by a code or as the account's verified one.
 */
export interface CodOpenCaps {
  perMobile: { orders: number; units: number } | null;
  perAddress: { orders: number; units: number } | null;
}
const COD_OPEN_WINDOW_MS = 3 * DAY_MS;

/** Advisory-lock key spaces (two-key form) for the caps: one per mobile, one per address. */
const LOCK_COD_MOBILE = 2611;
const LOCK_COD_ADDRESS = 2612;

/** The open, unconfirmed web COD orders matching `where` and their units. */
async function openUnconfirmedCod(tx: DbOrTx, where: SQL, now: Date): Promise<{ orders: number; units: number }> {
  const [row] = await tx
    .select({ orders: sql<number>`count(distinct ${orders.id})`, units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(where, eq(orders.status, 'Pending'), eq(orders.codConfirmed, false), eq(orders.source, 'web'), eq(orders.paymentStatus, 'CASH-ON-DELIVERY'), gt(orders.createdAt, new Date(now.getTime() - COD_OPEN_WINDOW_MS))));
  return { orders: Number(row?.orders ?? 0), units: Number(row?.units ?? 0) };
}

/**
 * Inside the order's transaction: refuses an unconfirmed web COD order of `units` that would pass the mobile's or
 * the address's cap (COD_OPEN_MOBILE_CAP, COD_OPEN_ADDRESS_CAP; the transaction rolls back the stock it took).
 * Locks the mobile, then the address, so parallel orders cannot both pass.
 */
export async function assertCodOpenWithinCaps(tx: Tx, caps: CodOpenCaps, input: { phone: string; ip: string | null; units: number }, now = new Date()): Promise<void> {
  const { perMobile } = caps;
  // Without the request's address (an order placed by code, not over HTTP) only the mobile's cap holds.
  const perAddress = input.ip === null ? null : caps.perAddress;
  if (perMobile) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_COD_MOBILE}, hashtext(${input.phone}))`);
    const open = await openUnconfirmedCod(tx, sql`coalesce(${orders.deliveryAddress} ->> 'mobile', ${orders.guestDeliveryAddress} ->> 'mobile') = ${input.phone}`, now);
    if (open.orders + 1 > perMobile.orders || open.units + input.units > perMobile.units) throw appError('COD_OPEN_MOBILE_CAP', perMobile);
  }
  if (perAddress) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_COD_ADDRESS}, hashtext(${input.ip!}))`);
    const open = await openUnconfirmedCod(tx, eq(orders.clientIp, input.ip!), now);
    if (open.orders + 1 > perAddress.orders || open.units + input.units > perAddress.units) throw appError('COD_OPEN_ADDRESS_CAP', perAddress);
  }
}

/**
 * Caps on incomplete checkouts (issue 41, decision 0092): a mobile is kept for a few browsers, an address makes
 * a few new entries a day; past them the report is refused and nothing changes. An entry already there is always updated.
 */
export const INCOMPLETE_CAPS = { perMobile: 3, perAddress: 10 } as const;
const LOCK_INCOMPLETE_MOBILE = 2631;
const LOCK_INCOMPLETE_ADDRESS = 2632;

/**
 * POST /order/incomplete: the checkout's cart for a typed mobile, one row per
 * mobile and browser (the newest cart wins), so a stranger typing the same
 * mobile makes an entry of their own instead of overwriting the shopper's.
 * Unknown product ids are kept out.
 */
export async function saveIncompleteCheckout(db: Db, input: IncompleteCheckoutInput, lang: 'en' | 'bn', ip: string): Promise<void> {
  // One line per product and chosen variant (issue 21).
  const merged = new Map<string, { product_id: string; variant_id?: string; quantity: number }>();
  for (const l of input.list_items) {
    const key = `${l.product_id}\u0000${l.variant_id ?? ''}`;
    merged.set(key, { product_id: l.product_id, ...(l.variant_id ? { variant_id: l.variant_id } : {}), quantity: (merged.get(key)?.quantity ?? 0) + l.quantity });
  }
  const known = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, [...new Set(input.list_items.map((l) => l.product_id))]))).map((p) => p.id));
  const lines = [...merged.values()].filter((l) => known.has(l.product_id));
  if (lines.length === 0) return;
  const browserId = input.browser_id ?? '';
  // What the shopper typed of the recipient (issue 42): only into the entry of the browser that names itself, and
  // a field left out keeps its value; the entry of a client naming none keeps the mobile and cart alone.
  const typed = input.browser_id ? { ...(input.name && { name: input.name }), ...(input.address_line && { addressLine: input.address_line }), ...(input.city && { city: input.city }) } : {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_INCOMPLETE_MOBILE}, hashtext(${input.mobile}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_INCOMPLETE_ADDRESS}, hashtext(${ip}))`);
    const [own] = await tx.select({ id: incompleteCheckouts.id }).from(incompleteCheckouts).where(and(eq(incompleteCheckouts.phone, input.mobile), eq(incompleteCheckouts.browserId, browserId)));
    if (own) {
      await tx.update(incompleteCheckouts).set({ lines, lang, clientIp: ip, ...typed, updatedAt: new Date() }).where(eq(incompleteCheckouts.id, own.id));
      return;
    }
    const [byMobile] = await tx.select({ n: count() }).from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, input.mobile));
    if (Number(byMobile?.n ?? 0) >= INCOMPLETE_CAPS.perMobile) throw appError('INCOMPLETE_CHECKOUT_MOBILE_CAP', { n: INCOMPLETE_CAPS.perMobile });
    const [byAddress] = await tx.select({ n: count() }).from(incompleteCheckouts).where(and(eq(incompleteCheckouts.clientIp, ip), gt(incompleteCheckouts.updatedAt, new Date(Date.now() - DAY_MS))));
    if (Number(byAddress?.n ?? 0) >= INCOMPLETE_CAPS.perAddress) throw appError('INCOMPLETE_CHECKOUT_ADDRESS_CAP', { n: INCOMPLETE_CAPS.perAddress });
    await tx.insert(incompleteCheckouts).values({ id: newId(), phone: input.mobile, browserId, clientIp: ip, lines, lang, ...typed });
  });
}

/** The owner's "Incomplete orders": a page, newest first, the lines priced as today; and how many there are. */
export async function listIncompleteCheckouts(db: DbOrTx, page = 1): Promise<{ entries: IncompleteCheckoutView[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(incompleteCheckouts).orderBy(desc(incompleteCheckouts.updatedAt), asc(incompleteCheckouts.id)).limit(INCOMPLETE_CHECKOUT_PAGE_SIZE).offset((page - 1) * INCOMPLETE_CHECKOUT_PAGE_SIZE),
    db.select({ n: count() }).from(incompleteCheckouts),
  ]);
  return { entries: await viewIncompleteCheckouts(db, rows), totalCount: Number(total?.n ?? 0) };
}

async function viewIncompleteCheckouts(db: DbOrTx, rows: (typeof incompleteCheckouts.$inferSelect)[]): Promise<IncompleteCheckoutView[]> {
  const ids = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.product_id)))];
  const phones = [...new Set(rows.map((r) => r.phone))];
  const [found, variants, blocks] = await Promise.all([
    ids.length ? db.select({ id: products.id, name: products.name, nameBn: products.nameBn, price: products.price, discount: products.discount, options: products.options }).from(products).where(inArray(products.id, ids)) : [],
    ids.length ? variantsForChoice(db, ids) : new Map<string, ChoosableVariant[]>(),
    // A blocked mobile is said on its entry (issue 42): the owner about to take a COD order by phone is warned.
    phones.length ? db.select({ phone: codBlocks.phone, reason: codBlocks.reason }).from(codBlocks).where(inArray(codBlocks.phone, phones)) : [],
  ]);
  const byId = new Map(found.map((p) => [p.id, p]));
  const blockOf = new Map(blocks.map((b) => [b.phone, { reason: b.reason }]));
  return rows.map((r) => {
    const lines = r.lines.flatMap((l) => {
      const p = byId.get(l.product_id);
      if (!p) return [];
      // A variant's line at its price and with its options; a variant removed since leaves the line out, as a deleted product does.
      // A line that names none is its product's default variant (decision 0109), or, for a product that has
      // options since, the product at its own (cheapest) price.
      const v = variants.get(p.id)?.find((x) => x.id === lineVariantId(p.id, l.variant_id));
      if (l.variant_id && !v) return [];
      const price = v ?? p;
      const variant_id = v ? (shownVariantId(p.id, v.id) ?? '') : '';
      return [{ product_id: p.id, name: p.name, name_bn: p.nameBn, unit_price: discountedPrice(price.price, price.discount), quantity: l.quantity, variant_id, options: v ? chosenOptions(p.options, v.optionValues) : [] }];
    });
    return {
      _id: r.id,
      mobile: r.phone,
      name: r.name,
      address_line: r.addressLine,
      city: r.city,
      cod_block: blockOf.get(r.phone) ?? null,
      lang: r.lang,
      lines,
      subtotal: lines.reduce((s, l) => s + l.unit_price * l.quantity, 0),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function deleteIncompleteCheckout(db: DbOrTx, id: string): Promise<void> {
  const gone = await db.delete(incompleteCheckouts).where(eq(incompleteCheckouts.id, id)).returning({ id: incompleteCheckouts.id });
  if (gone.length === 0) throw appError('INCOMPLETE_CHECKOUT_NOT_FOUND');
}

/** An order placed for this mobile (inside its transaction) ends its incomplete checkout. */
export async function dropIncompleteCheckout(tx: DbOrTx, phone: string): Promise<void> {
  await tx.delete(incompleteCheckouts).where(eq(incompleteCheckouts.phone, phone));
}

/** Deletes the incomplete checkouts untouched for 30 days (the hourly sweep, routes.ts). */
export async function sweepIncompleteCheckouts(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(incompleteCheckouts)
    .where(lt(incompleteCheckouts.updatedAt, new Date(now.getTime() - INCOMPLETE_CHECKOUT_DAYS * DAY_MS)))
    .returning({ id: incompleteCheckouts.id });
  return gone.length;
}

/** An incomplete checkout's mobile and lines, or null: what the owner's phone order is made of. */
export async function incompleteCheckoutById(db: DbOrTx, id: string): Promise<{ phone: string; lines: { product_id: string; variant_id?: string; quantity: number }[] } | null> {
  const [row] = await db.select({ phone: incompleteCheckouts.phone, lines: incompleteCheckouts.lines }).from(incompleteCheckouts).where(eq(incompleteCheckouts.id, id));
  return row ?? null;
}
