import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@haat/shared/paths';
import { discountedPrice } from '@haat/shared/pricing';
import { CHAT_LINK_DEFAULT_HOURS, type ChatLinkCreate, type ChatLinkSettings, type ChatLinkState, type ChatLinkView } from '@haat/shared/schemas/chat-link';
import type { ParsedOrderPayload } from '@haat/shared/schemas/order';
import type { AddressInput } from '@haat/shared/schemas/address';
import { chooseVariant, chosenOptions, shownVariantId } from '@haat/shared/schemas/variants';
import { namesOf } from '@haat/shared/variant-words';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { chatLinks, orders, products, type AdContext } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { AppError, appError } from '../../lib/errors';
import { newId, isId } from '../../lib/ids';
import { defineJob, MESSAGE_LEASE_SECONDS, type Jobs } from '../../lib/jobs';
import { record } from '../audit/index';
import { settingsSection } from '../shop/index';
import { variantsForChoice, type ChoosableVariant } from '../cart/index';
import { advanceAsked, placeOrder, type AdvanceAsk, type OnPlaced } from './place-order';

/*
 * Checkout links for chat orders (issue 45, decision 0118). Staff build a cart on the phone-order page; the buyer
 * opens it by its token, types the address and places it as their own order (cash on delivery, with the partial
 * advance where the owner's rule asks one: decision 0130's amendment), through placeOrder.
 * A link lasts the owner's hours, places one order, and is refused while its prices or stock differ from when staff
 * made or refreshed it.
 */

type LinkRow = typeof chatLinks.$inferSelect;
type LinkLine = LinkRow['lines'][number];

/** The text Haat sends the buyer, by the queue (decision 0073), when staff ask. */
export const chatLinkSmsJob = defineJob('sms.chat-link', z.object({ to: z.string(), text: z.string() }), { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS });

/** A line as it stands now: its product's names and picture, its variant's price, whether its stock holds. */
interface LineNow {
  line: LinkLine;
  name: string;
  nameBn: string;
  image: string | null;
  options: ReturnType<typeof chosenOptions>;
  variantId: string | undefined;
  unitPrice: number;
  /** Published, its variant there, and enough stock. */
  available: boolean;
  /** Why not, as placing it would answer: gone, a variant to choose, or short stock. */
  refusal: AppError | null;
}

/** Each line read now: one read of the products, one of their variants; a line that cannot be had is marked, not thrown. */
async function linesNow(db: DbOrTx, lines: LinkLine[]): Promise<LineNow[]> {
  const ids = [...new Set(lines.map((l) => l.product_id))].filter(isId);
  const [rows, variants] = await Promise.all([
    ids.length ? db.select({ id: products.id, name: products.name, nameBn: products.nameBn, images: products.images, options: products.options, publish: products.publish }).from(products).where(inArray(products.id, ids)) : Promise.resolve([]),
    variantsForChoice(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((line) => lineNow(line, byId.get(line.product_id), variants));
}

type ProductFacts = Pick<typeof products.$inferSelect, 'id' | 'name' | 'nameBn' | 'images' | 'options' | 'publish'>;

/** One line now: its variant chosen as an order chooses it, its price, and why it cannot be had (or null). */
function lineNow(line: LinkLine, p: ProductFacts | undefined, variants: Awaited<ReturnType<typeof variantsForChoice>>): LineNow {
  const choice = p ? chooseVariant({ id: p.id, name: p.name, name_bn: p.nameBn, options: p.options }, variants.get(p.id) ?? [], line.variant_id) : null;
  if (!p || !choice?.ok) return unchosenLine(line, p, choice && !choice.ok ? appError(choice.code, choice.params as never) : appError('ORDER_ITEM_UNAVAILABLE'));
  const v = choice.variant;
  const refusal = stockRefusal(p, v, line.quantity);
  return {
    line,
    name: p.name,
    nameBn: p.nameBn,
    image: v.images[0] ?? p.images[0] ?? null,
    options: chosenOptions(p.options, v.optionValues),
    variantId: shownVariantId(p.id, v.id) ?? undefined,
    unitPrice: discountedPrice(v.price, v.discount),
    available: refusal === null,
    refusal,
  };
}

/** A line whose product is gone or whose variant cannot be chosen. */
function unchosenLine(line: LinkLine, p: ProductFacts | undefined, refusal: AppError): LineNow {
  return { line, name: p?.name ?? '', nameBn: p?.nameBn ?? '', image: null, options: [], variantId: line.variant_id, unitPrice: 0, available: false, refusal };
}

/** Unpublished (the product or its variant), or short of stock: what placing it would answer. */
function stockRefusal(p: ProductFacts, v: ChoosableVariant, quantity: number): AppError | null {
  if (!p.publish || !v.publish) return appError('ORDER_ITEM_UNAVAILABLE');
  return v.stock < quantity ? appError('NOT_ENOUGH_STOCK', namesOf({ name: p.name, name_bn: p.nameBn, options: p.options }, v.optionValues)) : null;
}

/** What a link's prices are: changes when any line's price (or its lines) change. */
function fingerprintOf(now: LineNow[]): string {
  const text = JSON.stringify(now.map((l) => [l.line.product_id, l.variantId ?? '', l.line.quantity, l.unitPrice]));
  return createHash('sha256').update(text).digest('hex');
}

function stateOf(row: LinkRow, now: LineNow[], at: Date): ChatLinkState {
  if (row.orderId || row.usedAt) return 'used';
  if (row.expiresAt <= at) return 'expired';
  if (!now.every((l) => l.available) || fingerprintOf(now) !== row.fingerprint) return 'stale';
  return 'open';
}

/** The owner's chat-link setting (decision 0083's sections): how many hours a link lasts. */
export const chatLinkSettings = settingsSection<ChatLinkSettings>({ fields: { hours: 'chatLinkHours' }, defaults: { hours: CHAT_LINK_DEFAULT_HOURS } });
const chatLinkHours = async (db: DbOrTx) => (await chatLinkSettings.read(db)).hours;

const expiryFrom = (hours: number, at: Date) => new Date(at.getTime() + hours * 3_600_000);

async function viewOf(db: DbOrTx, row: LinkRow, base: string, at = new Date()): Promise<ChatLinkView> {
  const now = await linesNow(db, row.lines);
  const [order] = row.orderId ? await db.select({ number: orders.orderId }).from(orders).where(eq(orders.id, row.orderId)) : [];
  return {
    _id: row.id,
    token: row.token,
    url: `${base}${paths.chatOrder(row.token)}`,
    state: stateOf(row, now, at),
    customer_name: row.customerName,
    mobile: row.mobile,
    voucher_code: row.voucherCode,
    note: row.note,
    lines: now.map((l) => ({ product_id: l.line.product_id, ...(l.variantId ? { variant_id: l.variantId } : {}), name: l.name, name_bn: l.nameBn, image: l.image, options: l.options, quantity: l.line.quantity, unit_price: l.unitPrice })),
    items_total: now.reduce((sum, l) => sum + l.unitPrice * l.line.quantity, 0),
    expires_at: row.expiresAt.toISOString(),
    order_number: order?.number ?? null,
  };
}

/** Lines merged by product and variant, as an order merges them. */
function mergedLines(items: ChatLinkCreate['list_items']): LinkLine[] {
  const merged = new Map<string, LinkLine>();
  for (const l of items) {
    const key = `${l.product_id}\u0000${l.variant_id ?? ''}`;
    merged.set(key, { product_id: l.product_id, ...(l.variant_id ? { variant_id: l.variant_id } : {}), quantity: (merged.get(key)?.quantity ?? 0) + l.quantity });
  }
  return [...merged.values()];
}

/** The first line that cannot be had now, refused as placing it would be: gone, a variant to choose, or short stock. */
function refuseUnavailable(now: LineNow[]): void {
  const bad = now.find((l) => l.refusal);
  if (bad) throw bad.refusal!;
}

/** POST /chat-links: the staff's cart as a link, its prices fingerprinted, on the audit log. */
export async function createChatLink(db: Db, input: ChatLinkCreate, by: Actor, base: string): Promise<ChatLinkView> {
  const lines = mergedLines(input.list_items);
  const now = await linesNow(db, lines);
  refuseUnavailable(now);
  const at = new Date();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(chatLinks)
      .values({ id: newId(), token: randomBytes(18).toString('base64url'), lines, voucherCode: input.voucher_code ?? '', customerName: input.customer.name, mobile: input.customer.mobile, note: input.note, fingerprint: fingerprintOf(now), expiresAt: expiryFrom(await chatLinkHours(tx), at), createdBy: by.id })
      .returning();
    await record(tx, by, { kind: 'order', action: 'create', targetId: made!.id, label: made!.customerName || made!.mobile || undefined, after: { chat_link: true, customer_name: made!.customerName, mobile: made!.mobile, lines, voucher_code: made!.voucherCode } });
    return made!;
  });
  return viewOf(db, row, base, at);
}

async function rowById(db: DbOrTx, id: string): Promise<LinkRow> {
  const [row] = await db.select().from(chatLinks).where(eq(chatLinks.id, id));
  if (!row) throw appError('CHAT_LINK_NOT_FOUND');
  return row;
}

async function rowByToken(db: DbOrTx, token: string): Promise<LinkRow> {
  const [row] = token.length <= 64 ? await db.select().from(chatLinks).where(eq(chatLinks.token, token)) : [];
  if (!row) throw appError('CHAT_LINK_NOT_FOUND');
  return row;
}

/** GET /chat-links/{id} (staff). */
export async function staffChatLink(db: Db, id: string, base: string): Promise<ChatLinkView> {
  return viewOf(db, await rowById(db, id), base);
}

/** GET /chat-links/by-token/{token} (the buyer): the link without the staff's fields. */
export async function buyerChatLink(db: Db, token: string, base: string) {
  const { mobile: _m, note: _n, customer_name: _c, ...shown } = await viewOf(db, await rowByToken(db, token), base);
  return shown;
}

/** POST /chat-links/{id}/refresh (staff): today's prices become the link's, and its time starts again. A used link stays used. */
export async function refreshChatLink(db: Db, id: string, by: Actor, base: string): Promise<ChatLinkView> {
  const before = await rowById(db, id);
  if (before.orderId || before.usedAt) throw appError('CHAT_LINK_USED');
  const now = await linesNow(db, before.lines);
  refuseUnavailable(now);
  const at = new Date();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .update(chatLinks)
      .set({ fingerprint: fingerprintOf(now), expiresAt: expiryFrom(await chatLinkHours(tx), at), updatedAt: at })
      .where(and(eq(chatLinks.id, id), isNull(chatLinks.orderId)))
      .returning();
    if (!made) throw appError('CHAT_LINK_USED');
    await record(tx, by, { kind: 'order', action: 'update', targetId: id, label: made.customerName || made.mobile || undefined, before: { chat_link_expires_at: before.expiresAt.toISOString() }, after: { chat_link_expires_at: made.expiresAt.toISOString() } });
    return made;
  });
  return viewOf(db, row, base, at);
}

/** POST /chat-links/{id}/sms (staff): the link texted to the buyer's mobile by the queue, in both languages' words. */
export async function textChatLink(db: Db, jobs: Jobs, id: string, by: Actor, shopName: string, base: string): Promise<ChatLinkView> {
  const row = await rowById(db, id);
  if (!row.mobile) throw appError('CHAT_LINK_NO_MOBILE');
  const view = await viewOf(db, row, base);
  if (view.state !== 'open') throw appError(view.state === 'used' ? 'CHAT_LINK_USED' : view.state === 'expired' ? 'CHAT_LINK_EXPIRED' : 'CHAT_LINK_STALE');
  const text = `${shopName}: আপনার অর্ডার নিশ্চিত করুন / Confirm your order: ${view.url}`;
  await db.transaction(async (tx) => {
    await chatLinkSmsJob.enqueue(jobs, tx, { to: row.mobile, text });
    await record(tx, by, { kind: 'order', action: 'update', targetId: id, label: row.customerName || row.mobile, after: { chat_link_sent_to: row.mobile } });
  });
  return view;
}

/** The refusal of a link that cannot place an order now. */
function refuseClosed(state: ChatLinkState): void {
  if (state === 'used') throw appError('CHAT_LINK_USED');
  if (state === 'expired') throw appError('CHAT_LINK_EXPIRED');
  if (state === 'stale') throw appError('CHAT_LINK_STALE');
}

/**
 * POST /chat-links/by-token/{token}/order (the buyer): the link's cart placed as the buyer's own cash-on-delivery
 * order at the address they typed, through placeOrder (prices, promotions, fee and stock by its rules). The link is
 * claimed in the order's transaction, only while unclaimed and unexpired: of two confirmations, even at once, one
 * places the order and the other rolls back with CHAT_LINK_USED. When the owner's rule asks this buyer an advance
 * and bKash is there (`advance`), the order waits for it as the checkout's does: placeOrder's own advance steps
 * (orders/advance.ts), its bKash payment for the buyer's mobile, `bkashURL` in the answer, expired by the sweep.
 */
export async function confirmChatLink(db: Db, token: string, address: AddressInput & { name: string }, placed: OnPlaced, ads: AdContext | null = null, advance?: AdvanceAsk) {
  const row = await rowByToken(db, token);
  refuseClosed(stateOf(row, await linesNow(db, row.lines), new Date()));
  const payload: ParsedOrderPayload = {
    method: 'CASH-ON-DELIVERY',
    mobile: address.mobile,
    note: row.note,
    transaction_id: '',
    list_items: row.lines,
    addressId: undefined,
    guest_user_delivery_address: address,
    voucher_code: row.voucherCode || undefined,
    consent: true,
  };
  const claim: OnPlaced = async (tx: Tx, orderId) => {
    const at = new Date();
    const [took] = await tx
      .update(chatLinks)
      .set({ orderId, usedAt: at, updatedAt: at })
      .where(and(eq(chatLinks.id, row.id), isNull(chatLinks.orderId), gt(chatLinks.expiresAt, at)))
      .returning({ id: chatLinks.id });
    if (!took) throw appError('CHAT_LINK_USED');
    await placed(tx, orderId);
  };
  return placeOrder(db, { user: null, payload, placed: claim, ads, ...advanceAsked(advance) });
}
