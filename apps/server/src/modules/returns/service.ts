import { eq, sql } from 'drizzle-orm';
import { GUIDELINE_DEFAULTS } from '@haat/shared/guidelines';
import { discountedPrice, splitTaka } from '@haat/shared/pricing';
import { GATEWAY_REFUND_METHOD, returnWindowEnd, WALLET_REFUND_METHOD, withinReturnWindow, type RefundMethod } from '@haat/shared/returns';
import type { ReturnDecision, ReturnRequest, Returnable, ReturnView } from '@haat/shared/schemas/returns';
import { chosenOptions } from '@haat/shared/schemas/variants';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orderItems, orderReturnItems, orderReturns } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { prepareImage, writeImage } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import type { PictureStore } from '../../lib/storage';
import type { Jobs } from '../../lib/jobs';
import type { BkashGateway } from '../../integrations/bkash/client';
import type { SslcommerzGateway } from '../../integrations/sslcommerz/client';
import type { FastifyBaseLogger } from 'fastify';
import { record } from '../audit/index';
import { notifyOrder, recordOrderEvent, returnNotice, type NotifyDeps } from '../notify/index';
import { lockOrder, releaseStock, transitionOrder, type OrderRow } from '../order-status/index';
import { placeReplacementOrder } from '../orders/index';
import { makeRefund, paidOf, refundableOf, scheduleRefund } from '../payments/index';
import { claimsOf, itemsOfOrder, orderByIdOrNumber, readRepricingTerms, readReturnWindow, refundableFor, returnViews, returnWindow, variantsOfProducts, type OrderItemRow } from './queries';

/**
 * Returns, exchanges and refunds of delivered orders (issue 27, decision
 * 0075). A return record is asked for by the shopper (or made from a courier's
 * partial delivery or return), decided by the owner, received (the stock back,
 * once, per item and variant) and refunded. Every step is on the order's
 * timeline and reaches the shopper by SMS, queued in the step's transaction.
 */
export interface ReturnsDeps {
  db: Db;
  notify: NotifyDeps;
  jobs: Jobs;
  pictures: PictureStore;
  gateway: BkashGateway | null;
  /** SSLCommerz's refund API when SSLCommerz is on (decision 0120). */
  sslcommerz?: SslcommerzGateway | null;
  log: FastifyBaseLogger;
}

export const RETURN_PHOTO_LIMITS = { maxFileBytes: 5 * 1024 * 1024, maxFiles: 3 };

/** The owner sets the window (settings.manage); recorded in the audit log. */
export async function saveReturnWindow(db: Db, days: number, by: Actor): Promise<number> {
  return (await returnWindow.save(db, { returnWindowDays: days }, by)).returnWindowDays;
}

/** How many of each line may still be sent back: delivered, less what returns (not rejected) asked for. */
function openQuantities(items: OrderItemRow[], claims: { itemId: string; quantity: number }[]): Map<string, number> {
  return new Map(items.map((i) => [i.id, i.quantity - claims.filter((c) => c.itemId === i.id).reduce((s, c) => s + c.quantity, 0)]));
}

/** What a shopper may send back of an order, with the window's end and the returns asked for already. */
export async function returnableOf(db: Db, order: OrderRow, now = new Date()): Promise<Returnable> {
  const [items, claims, days, returns] = [await itemsOfOrder(db, order.id), await claimsOf(db, order.id), await readReturnWindow(db), await returnViews(db, { orderId: order.id })];
  const open = openQuantities(items, claims);
  const variants = await variantsOfProducts(db, [...new Set(items.flatMap((i) => (i.productId && i.variantId ? [i.productId] : [])))]);
  const delivered = order.status === 'Delivered' && order.deliveredAt;
  return {
    order_id: order.id,
    order_number: order.orderId,
    status: order.status,
    window_ends: delivered ? returnWindowEnd(order.deliveredAt!, days).toISOString() : null,
    open: order.status === 'Delivered' && withinReturnWindow(order.deliveredAt, days, now),
    items: items.map((i) => ({
      item_id: i.id,
      product_id: i.productId,
      name: i.name,
      name_bn: i.nameBn,
      options: i.options,
      quantity: i.quantity,
      returnable: Math.max(0, open.get(i.id) ?? 0),
      variants: variants
        .filter((v) => v.productId === i.productId && v.publish && v.id !== i.variantId)
        .map((v) => ({ _id: v.id, options: chosenOptions(v.options, v.values), price: discountedPrice(v.price, v.discount), in_stock: v.stock > 0 })),
    })),
    returns,
  };
}

/**
 * A shopper's return or exchange. Refused, with nothing written, for an order
 * not delivered (409), outside the window (409), for an item not in the order
 * or listed twice (400), for more than was delivered less earlier returns
 * (409), or for an exchange without a variant of the same product (400).
 * Photos are checked (decoded) before anything is stored.
 */
export async function requestReturn(deps: ReturnsDeps, orderRef: string, input: ReturnRequest, photos: UploadedFile[], lang: 'bn' | 'en', now = new Date()): Promise<ReturnView> {
  // The order's rules first, on an unlocked read: a request that will be refused costs no decoding (issue 41).
  const current = await orderByIdOrNumber(deps.db, { id: orderRef });
  if (!current) throw appError('ORDER_NOT_FOUND');
  await checkReturn(deps.db, current, input, now);
  const prepared = await Promise.all(photos.map((f) => prepareImage(f.data, { maxPixels: 25_000_000 })));
  const id = await deps.db.transaction(async (tx) => {
    // Again on the locked order: another request or a status change may have come in meanwhile.
    const order = await lockOrder(tx, orderRef);
    await checkReturn(tx, order, input, now);
    const urls = await Promise.all(prepared.map((p) => writeImage(deps.pictures, 'returns', p)));
    const returnId = newId();
    await tx.insert(orderReturns).values({ id: returnId, orderId: order.id, kind: input.kind, source: 'shopper', reason: input.reason, note: input.note, photos: urls, lang, createdAt: now });
    await tx.insert(orderReturnItems).values(input.items.map((l) => ({ returnId, orderItemId: l.item_id, quantity: l.quantity, wantedVariantId: input.kind === 'exchange' ? l.wanted_variant_id! : null })));
    const count = input.items.reduce((s, l) => s + l.quantity, 0);
    await recordOrderEvent(tx, order.id, 'return', 'requested', `${input.kind === 'exchange' ? 'Exchange' : 'Return'} of ${count} item${count === 1 ? '' : 's'} asked for (${input.reason}${input.note ? `: ${input.note}` : ''}).`);
    await notifyOrder(deps.notify, tx, order.id, returnNotice(input.kind, 'requested'), { lang });
    return returnId;
  });
  return (await returnViews(deps.db, { ids: [id] }))[0]!;
}

/** A request's rules: the order delivered, inside the window, its lines open and well formed. */
async function checkReturn(db: DbOrTx, order: OrderRow, input: ReturnRequest, now: Date): Promise<void> {
  if (order.status !== 'Delivered') throw appError('RETURN_NOT_DELIVERED', { status: order.status });
  const days = await readReturnWindow(db);
  if (!withinReturnWindow(order.deliveredAt, days, now)) {
    const end = order.deliveredAt ? returnWindowEnd(order.deliveredAt, days) : now;
    throw appError('RETURN_WINDOW_CLOSED', { date: end.toISOString().slice(0, 10), days });
  }
  const items = await itemsOfOrder(db, order.id);
  await checkLines(db, input, items, openQuantities(items, await claimsOf(db, order.id)));
}

/** An order item as a refusal names it, in English and as it was ordered in Bangla (issue 42). */
const namesOfItem = (item: OrderItemRow) => ({ name: item.name, name_bn: item.nameBn });

async function checkLines(tx: DbOrTx, input: ReturnRequest, items: OrderItemRow[], open: Map<string, number>): Promise<void> {
  const seen = new Set<string>();
  for (const l of input.items) {
    if (seen.has(l.item_id)) throw appError('RETURN_ITEM_TWICE');
    seen.add(l.item_id);
    const item = items.find((i) => i.id === l.item_id);
    if (!item) throw appError('RETURN_ITEM_UNKNOWN');
    const max = Math.max(0, open.get(item.id) ?? 0);
    if (l.quantity > max) throw appError('RETURN_TOO_MANY', { max, ...namesOfItem(item) });
  }
  if (input.kind !== 'exchange') return;
  const variants = await variantsOfProducts(tx, [...new Set(items.flatMap((i) => (i.productId ? [i.productId] : [])))]);
  for (const l of input.items) {
    const item = items.find((i) => i.id === l.item_id)!;
    if (!l.wanted_variant_id) throw appError('EXCHANGE_VARIANT_REQUIRED', namesOfItem(item));
    const v = variants.find((x) => x.id === l.wanted_variant_id);
    if (!v || v.productId !== item.productId || !v.publish || v.id === item.variantId) throw appError('EXCHANGE_VARIANT_INVALID', namesOfItem(item));
    // Refused now rather than accepted and stuck at receipt (issue 41).
    if (v.stock < l.quantity) throw appError('EXCHANGE_VARIANT_OUT_OF_STOCK', namesOfItem(item));
  }
}

/** A return locked with its order, the order first (as every status change locks it). */
async function lockReturn(tx: Tx, id: string) {
  const [found] = await tx.select({ orderId: orderReturns.orderId }).from(orderReturns).where(eq(orderReturns.id, id));
  if (!found) throw appError('RETURN_NOT_FOUND');
  const order = await lockOrder(tx, found.orderId);
  const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
  if (!ret) throw appError('RETURN_NOT_FOUND');
  return { order, ret };
}

const answer = async (db: Db, id: string) => (await returnViews(db, { ids: [id] }))[0]!;

/** The owner approves (with how the parcel is picked up) or rejects (with the reason the shopper is told). */
export async function decideReturn(deps: ReturnsDeps, id: string, decision: ReturnDecision, by: Actor): Promise<ReturnView> {
  await deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, id);
    if (ret.state !== 'requested') throw appError('RETURN_ALREADY_DECIDED', { state: ret.state });
    const state = decision.decision === 'approve' ? 'approved' : 'rejected';
    const pickup = decision.decision === 'approve' ? decision.pickup : null;
    await tx.update(orderReturns).set({ state, pickup, decisionNote: decision.note, decidedBy: by.id, decidedAt: new Date() }).where(eq(orderReturns.id, id));
    const how = pickup === 'manual' ? ' Pick-up arranged by hand.' : pickup === 'courier' ? ' Pick-up booked with the courier.' : '';
    await recordOrderEvent(tx, order.id, 'return', state, `${ret.kind === 'exchange' ? 'Exchange' : 'Return'} ${state}.${how}${decision.note ? ` ${decision.note}` : ''}`);
    await notifyOrder(deps.notify, tx, order.id, returnNotice(ret.kind, state), { note: decision.note, lang: ret.lang });
    await record(tx, by, { kind: 'order', action: 'update', targetId: order.id, label: order.orderId, before: { return: ret.state }, after: { return: state, ...(pickup && { pickup }), note: decision.note } });
  });
  return answer(deps.db, id);
}

/**
 * The items are back: each line's units go back into stock (its variant's and
 * its product's) exactly once — the return moves from approved to received
 * under its row lock, so a repeat is refused (409) and adds nothing. A courier's
 * partial delivery names its lines here. An order whose every unit came back
 * moves to Return (the status table's 'returns' actor). An exchange's
 * replacement order is made now, its credit what the returned units were paid;
 * when a wanted variant has no stock left the receipt is refused (409) unless
 * the owner receives it with `refundInstead`: it becomes a return, refunded as
 * one (issue 41).
 */
export async function receiveReturn(deps: ReturnsDeps, id: string, lines: { item_id: string; quantity: number }[] | undefined, by: Actor, refundInstead = false): Promise<ReturnView> {
  await deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, id);
    if (ret.state !== 'approved') throw appError('RETURN_NOT_APPROVED', { state: ret.state });
    const items = await itemsOfOrder(tx, order.id);
    const mine = await receivedLines(tx, id, order.id, items, lines);
    const back = mine.map((m) => ({ m, item: items.find((i) => i.id === m.orderItemId)! }));
    const exchange = ret.kind === 'exchange' && !refundInstead;
    if (exchange) {
      await checkWantedStock(tx, back);
    } else if (ret.kind === 'exchange') {
      await tx.update(orderReturns).set({ kind: 'return' }).where(eq(orderReturns.id, id));
      await recordOrderEvent(tx, order.id, 'return', 'refund_instead', 'Exchange received as a return: refunded instead of a replacement.');
    }
    await releaseStock(tx, back.flatMap(({ m, item }) => (item.productId ? [{ productId: item.productId, variantId: item.variantId, name: item.name, quantity: m.quantity }] : [])));
    for (const { m } of back) {
      await tx.update(orderItems).set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${m.quantity}` }).where(eq(orderItems.id, m.orderItemId));
    }
    await tx.update(orderReturns).set({ state: 'received', receivedBy: by.id, receivedAt: new Date() }).where(eq(orderReturns.id, id));
    const after = await itemsOfOrder(tx, order.id);
    if (order.status === 'Delivered' && after.every((i) => i.returnedQuantity >= i.quantity)) await transitionOrder(tx, order, 'Return', 'returns');
    const count = mine.reduce((s, m) => s + m.quantity, 0);
    await recordOrderEvent(tx, order.id, 'return', 'received', `${count} item${count === 1 ? '' : 's'} received back; stock returned.`);
    await notifyOrder(deps.notify, tx, order.id, returnNotice(exchange ? 'exchange' : 'return', 'received'), { lang: ret.lang });
    if (exchange) await placeExchange(deps, tx, { order, ret }, items, back);
    await record(tx, by, { kind: 'order', action: 'update', targetId: order.id, label: order.orderId, before: { return: 'approved' }, after: { return: 'received', items: count, ...(ret.kind === 'exchange' && !exchange && { refund_instead: true }) } });
  });
  return answer(deps.db, id);
}

type ReturnLineRow = typeof orderReturnItems.$inferSelect;
type BackLine = { m: ReturnLineRow; item: OrderItemRow };

/** The return's lines; a courier's partial delivery has none, and the owner says which units came back. */
async function receivedLines(tx: Tx, id: string, orderId: string, items: OrderItemRow[], lines: { item_id: string; quantity: number }[] | undefined): Promise<ReturnLineRow[]> {
  const mine = await tx.select().from(orderReturnItems).where(eq(orderReturnItems.returnId, id));
  if (mine.length > 0) return mine;
  if (!lines?.length) throw appError('RETURN_ITEMS_REQUIRED');
  const open = openQuantities(items, await claimsOf(tx, orderId));
  await checkLines(tx, { kind: 'return', items: lines, reason: 'other', note: '' }, items, open);
  return tx.insert(orderReturnItems).values(lines.map((l) => ({ returnId: id, orderItemId: l.item_id, quantity: l.quantity }))).returning();
}

/** Read before any stock moves: the returned units are another variant, so they cannot make up the want. */
async function checkWantedStock(tx: Tx, back: BackLine[]): Promise<void> {
  const variants = await variantsOfProducts(tx, [...new Set(back.map(({ item }) => item.productId!))]);
  const short = back.find(({ m }) => (variants.find((v) => v.id === m.wantedVariantId)?.stock ?? 0) < m.quantity);
  if (short) throw appError('EXCHANGE_OUT_OF_STOCK_AT_RECEIPT', namesOfItem(short.item));
}

/** An exchange received: its replacement order, credited with what the returned units were paid. */
async function placeExchange(deps: ReturnsDeps, tx: Tx, { order, ret }: Awaited<ReturnType<typeof lockReturn>>, items: OrderItemRow[], back: BackLine[]): Promise<void> {
  const claims = await claimsOf(tx, order.id);
  // The credit is what the return refunds (the kept goods re-priced), shared over its lines by their price.
  const credit = refundableFor(ret, back.map(({ m }) => ({ itemId: m.orderItemId, quantity: m.quantity })), items, claims, 0, await readRepricingTerms(tx, [order.id], items));
  const credits = splitTaka(credit, back.map(({ m, item }) => item.unitPrice * m.quantity));
  const replacement = await placeReplacementOrder(
    tx,
    order,
    back.map(({ m, item }, k) => ({ productId: item.productId!, variantId: m.wantedVariantId!, quantity: m.quantity, credit: credits[k]! })),
  );
  await tx.update(orderReturns).set({ replacementOrderId: replacement.id }).where(eq(orderReturns.id, ret.id));
  await recordOrderEvent(tx, order.id, 'return', 'exchanged', `Replacement order ${replacement.orderId} made.`);
  await recordOrderEvent(tx, replacement.id, 'return', 'exchange', `Replacement for order ${order.orderId}.`);
  await notifyOrder(deps.notify, tx, order.id, 'exchange_placed', { other: replacement.orderId, lang: ret.lang });
}

/**
 * Refunds a received return: at most what its lines were paid (the shared
 * rule, promotions taken off) less what was refunded for it, and never more in
 * total than the order was paid. bKash through its refund API (partial), or
 * recorded by hand (method, transaction id, who).
 */
export async function refundReturn(deps: ReturnsDeps, id: string, input: { method: RefundMethod; amount?: number; trx_id: string; note: string }, by: Actor): Promise<ReturnView> {
  await deps.db.transaction(async (tx) => {
    const { order, ret } = await lockReturn(tx, id);
    if (ret.state !== 'received') throw appError('RETURN_NOT_RECEIVED');
    if (paidOf(order) <= 0) throw appError('REFUND_NOTHING_PAID');
    const view = (await returnViews(tx, { ids: [id] }))[0]!;
    const max = Math.min(view.refundable, refundableOf(order));
    const amount = input.amount ?? max;
    if (amount > view.refundable || max <= 0) throw appError('REFUND_OVER_LINES', { max: view.refundable });
    const reason = input.note || `Returned items (${ret.reason})`;
    await makeRefund(deps, tx, order, { method: input.method, amount, reason, trxId: input.trx_id, returnId: id, lang: ret.lang }, by);
  });
  return answer(deps.db, id);
}

/**
 * A courier's news as a return record (told inside the courier update's
 * transaction): a partial delivery is an approved return whose lines the owner
 * names on receipt; a parcel returned or cancelled is a received return of
 * everything not yet returned — its stock went back with the order's move to
 * Return, so the lines' returned counts stay as they are.
 */
export async function recordCourierReturn(tx: Tx, orderId: string, stage: 'partial' | 'returned'): Promise<void> {
  const now = new Date();
  const id = newId();
  if (stage === 'partial') {
    await tx.insert(orderReturns).values({ id, orderId, kind: 'return', source: 'courier', state: 'approved', reason: 'courier_partial', pickup: 'courier', decidedAt: now, createdAt: now });
    await recordOrderEvent(tx, orderId, 'return', 'approved', 'The courier delivered part of the order: say which items came back when they arrive.');
    return;
  }
  const items = (await itemsOfOrder(tx, orderId)).filter((i) => i.quantity > i.returnedQuantity);
  if (items.length === 0) return;
  await tx.insert(orderReturns).values({ id, orderId, kind: 'return', source: 'courier', state: 'received', reason: 'courier_returned', pickup: 'courier', decidedAt: now, receivedAt: now, createdAt: now });
  await tx.insert(orderReturnItems).values(items.map((i) => ({ returnId: id, orderItemId: i.id, quantity: i.quantity - i.returnedQuantity })));
  await recordOrderEvent(tx, orderId, 'return', 'received', 'The courier returned the parcel.');
}

/**
 * How a prepaid order's refund is owed when it cannot be supplied: a paid
 * bKash checkout through bKash's API (its job); a typed wallet transaction id
 * (no gateway payment) back to the same wallet by hand (decision 0081). Cash on
 * delivery, an unpaid bKash checkout, and a wallet order without a transaction
 * id owe nothing.
 */
function unsuppliedRefundMethod(order: OrderRow): RefundMethod | null {
  if (order.gateway) return order.paymentState === 'paid' ? GATEWAY_REFUND_METHOD[order.gateway] : null;
  if (order.paymentStatus === 'CASH-ON-DELIVERY' || !order.transactionId.trim()) return null;
  return WALLET_REFUND_METHOD[order.paymentStatus] ?? 'bkash_manual';
}

/**
 * The owner's cancel "cannot be supplied" (the guidelines: the buyer told, and
 * a prepaid order refunded within GUIDELINE_DEFAULTS.unsuppliedRefundHours):
 * the shopper's SMS and, for a prepaid order, a refund of what is left of the
 * payment due by then — made by a durable job for bKash, recorded by the owner
 * for a typed wallet payment (decision 0081). Runs in the cancel's
 * transaction, after the order moved to Cancel.
 */
export async function cancelledUnsupplied(deps: Pick<ReturnsDeps, 'notify' | 'jobs'>, tx: Tx, orderId: string, by: Actor): Promise<void> {
  const order = await lockOrder(tx, orderId);
  await recordOrderEvent(tx, order.id, 'refund', 'unsupplied', 'Cancelled: cannot be supplied.');
  await notifyOrder(deps.notify, tx, order.id, 'unsupplied');
  const amount = refundableOf(order);
  const method = unsuppliedRefundMethod(order);
  if (method && amount > 0 && paidOf(order) > 0) {
    const dueAt = new Date(Date.now() + GUIDELINE_DEFAULTS.unsuppliedRefundHours * 3600_000);
    await scheduleRefund(deps.jobs, tx, order, { method, amount, reason: 'Cannot be supplied', dueAt }, by);
  }
}
