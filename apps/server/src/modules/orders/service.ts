import { createHash, randomInt } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { normalizePhone } from '@haat/shared/phone';
import type { FastifyBaseLogger } from 'fastify';
import { DELETABLE_ORDER_STATUSES, ORDER_PAGE_SIZE, type OrderStatus } from '@haat/shared/constants';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { discountedPrice } from '@haat/shared/pricing';
import { isInsideDhaka } from '@haat/shared/dhaka';
import type { OrderPromotion } from '@haat/shared/schemas/promotion';
import type { ManualOrder, OrderLineInput, OrderSource, ParsedOrderPayload } from '@haat/shared/schemas/order';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isDeadlock, uniqueViolation } from '../../db/errors';
import { orderItems, orderReturns, orders, products, refunds, users, type AddressSnapshot } from '../../db/schema';
import type { Actor, AuthUser } from '../../lib/auth';
import { AppError, appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { ownAddressSnapshot } from '../addresses/index';
import { chosenOrThrow, lockCartLines, takeFromCart, variantsForChoice, type ChoosableVariant } from '../cart/index';
import { chooseVariant, chosenOptions, shownVariantId, type ProductOption } from '@haat/shared/schemas/variants';
import { namesOf } from '@haat/shared/variant-words';
import { readDeliverySettings } from '../delivery/index';
import { readConsentVersions } from '../shop/index';
import { record } from '../audit/index';
import { loadPromotionContext, priceOrderPromotions, promotionUsesOf } from '../promotions/index';
import { assertCodOpenWithinCaps, assertNotCodBlocked, type CodOpenCaps, dropIncompleteCheckout, incompleteCheckoutById, readCodPolicy } from '../cod-risk/index';
import { codConfirmNeeded, policyUsesRisk, type IncompleteOrderPlace } from '@haat/shared/schemas/cod';
import type { DeliveryRecord } from '@haat/shared/delivery-record';
import { lockOrder, transitionOrder } from '../order-status/index';
import { findOrderView, listAllOrders, orderView, takeStock, type OrderRow, type TakenProduct, type OrderView } from './queries';

const ORDER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

/** Human-readable order number, e.g. HT-20261122-7Q4K9M: the date plus 6 random characters. */
export function newOrderCode(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return `HT-${day}-${tail}`;
}

async function resolveAddress(db: DbOrTx, user: AuthUser | null, payload: ParsedOrderPayload) {
  if (!user) {
    if (!payload.guest_user_delivery_address) throw appError('ORDER_ADDRESS_REQUIRED');
    // A blank name is no name: the snapshot keeps only one that was given.
    const { name, ...address } = payload.guest_user_delivery_address;
    return { delivery: null, guest: (name ? { name, ...address } : address) as AddressSnapshot };
  }
  if (!payload.addressId) throw appError('ORDER_ADDRESS_CHOOSE');
  const row = await ownAddressSnapshot(db, user.id, payload.addressId);
  if (!row) throw appError('ORDER_ADDRESS_UNKNOWN');
  return { delivery: row, guest: null };
}

/**
 * What the order holds: the Buy Now line when list_items names one product,
 * else a signed-in shopper's server cart, else the lines sent (a guest's cart,
 * or a shopper whose server cart is empty and who sees the guest cart). Runs
 * inside the order's transaction: the cart lines stay locked until it ends, so
 * units added meanwhile wait and are not counted as bought.
 */
async function chooseLines(tx: Tx, user: AuthUser | null, listItems: OrderLineInput[]): Promise<OrderLineInput[]> {
  let lines = listItems;
  if (user && listItems.length !== 1) {
    const cart = await lockCartLines(tx, user.id);
    if (cart.length > 0) lines = cart;
  }
  if (lines.length === 0) throw appError('CART_EMPTY');
  // One line per product and variant ('' = the product itself).
  const merged = new Map<string, OrderLineInput>();
  for (const l of lines) {
    const key = `${l.product_id}\u0000${l.variant_id ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, { product_id: l.product_id, variant_id: l.variant_id || undefined, quantity: (seen?.quantity ?? 0) + l.quantity });
  }
  return [...merged.values()];
}

/** A line with its chosen variant (a product without options: its default variant, decision 0109). */
type ChosenLine = OrderLineInput & { variant: ChoosableVariant };

/** An order item's snapshot of its product (and variant), priced through the shared discount rule. */
function orderLine(p: TakenProduct, variant: ChoosableVariant, quantity: number) {
  const { id: productId, name, nameBn, unit } = p;
  const { price, discount } = variant;
  return {
    productId,
    name,
    nameBn,
    images: variant.images.length ? variant.images : p.images,
    unit,
    price,
    discount,
    unitPrice: discountedPrice(price, discount),
    quantity,
    // The default variant is written as before it was a row: no variant_id, no SKU.
    variantId: shownVariantId(productId, variant.id),
    sku: shownVariantId(productId, variant.id) ? (variant.sku ?? '') : '',
    options: chosenOptions(p.options, variant.optionValues),
  };
}

/** "Kurta (Size: L, Colour: Red)" and its Bangla: how an error names a line. */
const lineNames = (p: { name: string; nameBn: string; options: ProductOption[] }, variant: ChoosableVariant) => namesOf({ ...p, name_bn: p.nameBn }, variant.optionValues);

/**
 * Each line's variant (issue 21), from one read of the lines' products'
 * variants (a product without options has its default one, decision 0109);
 * one of several must be named. A refusal reads the product for its name and options.
 */
async function chooseVariants(tx: Tx, lines: OrderLineInput[]): Promise<ChosenLine[]> {
  const variants = await variantsForChoice(tx, [...new Set(lines.map((l) => l.product_id))]);
  const out: ChosenLine[] = [];
  for (const l of lines) {
    const own = variants.get(l.product_id) ?? [];
    const choice = chooseVariant({ id: l.product_id, name: '', options: [] }, own, l.variant_id);
    if (choice.ok) {
      out.push({ ...l, variant: choice.variant });
      continue;
    }
    const [p] = await tx.select({ id: products.id, name: products.name, name_bn: products.nameBn, options: products.options, publish: products.publish }).from(products).where(eq(products.id, l.product_id));
    if (!p || !p.publish) throw appError('ORDER_ITEM_UNAVAILABLE');
    chosenOrThrow(chooseVariant(p, own, l.variant_id));
  }
  return out;
}

/** Prices every line from the database through the shared discount rule; client prices never count. */
async function priceLines(db: DbOrTx, lines: ChosenLine[]) {
  const missing = () => appError('ORDER_ITEM_UNAVAILABLE');
  if (!lines.every((l) => isId(l.product_id))) throw missing();
  const rows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.product_id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((l) => {
    const p = byId.get(l.product_id);
    if (!p || !p.publish || !l.variant.publish) throw missing();
    const names = lineNames(p, l.variant);
    if (l.quantity > p.quantity) throw appError('ORDER_QUANTITY_OVER_STOCK', { n: p.quantity, ...names });
    return { ...orderLine(p, l.variant, l.quantity), names };
  });
}

/**
 * Takes the lines' stock and prices them, in one statement: the chosen
 * variants' units (every line has one, decision 0109) and the products' (whose
 * stock is their variants' sum). When a line was not taken, the reason is
 * found the slow way: gone or unpublished (404), over the per-order limit
 * (400), else not enough stock (409).
 */
async function takeLines(tx: Tx, input: OrderLineInput[]) {
  if (!input.every((l) => isId(l.product_id))) throw appError('ORDER_ITEM_UNAVAILABLE');
  const lines = await chooseVariants(tx, input);
  // Per variant: a product's '' line and its own id's line are both its default variant.
  const perVariant = new Map<string, number>();
  for (const l of lines) perVariant.set(l.variant.id, (perVariant.get(l.variant.id) ?? 0) + l.quantity);
  const perProduct = new Map<string, { product_id: string; quantity: number; largest: number }>();
  for (const l of lines) {
    const p = perProduct.get(l.product_id) ?? { product_id: l.product_id, quantity: 0, largest: 0 };
    perProduct.set(l.product_id, { ...p, quantity: p.quantity + l.quantity, largest: Math.max(p.largest, l.quantity) });
  }
  const took = await takeStock(
    tx,
    [...perVariant].map(([variant_id, quantity]) => ({ variant_id, quantity })),
    [...perProduct.values()],
  );
  const taken = new Map(took.products.map((p) => [p.id, p]));
  if (taken.size < perProduct.size || took.variants.size < perVariant.size) {
    const priced = await priceLines(tx, lines);
    const short = priced.find((l, i) => !taken.has(l.productId) || !took.variants.has(lines[i]!.variant.id))!;
    throw appError('NOT_ENOUGH_STOCK', short.names);
  }
  return lines.map((l) => orderLine(taken.get(l.product_id)!, l.variant, l.quantity));
}

/** Starts the payment of a new order (inside its transaction) and answers the columns to record. */
export type StartPayment = (order: OrderRow) => Promise<Partial<OrderRow>>;

/**
 * Makes the StartPayment of one POST /order: given by payments through AppDeps
 * (bKash's gateway), since orders never import payments. `origin` is the
 * request's own scheme and host, for the callback when no public URL is set.
 */
export type PaymentStarter = (request: { log: FastifyBaseLogger; origin: string; payerReference: string }) => StartPayment;

/** JSON with object keys sorted, so the same request always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Who keyed the order in: the shop ('web') or the admin for a buyer on the phone ('admin', with the buyer's name). */
export interface OrderOrigin {
  source: OrderSource;
  customerName: string;
}
const WEB_ORIGIN: OrderOrigin = { source: 'web', customerName: '' };

/** sha256 of the parsed order request: what was asked for, not what the server made of it. */
export function orderRequestHash(payload: ParsedOrderPayload, origin: OrderOrigin = WEB_ORIGIN): string {
  const canonical = canonicalJson({
    // Only for admin orders, so the hashes of web orders stay what they were.
    ...(origin.source === 'admin' ? { source: origin.source, customer_name: origin.customerName } : {}),
    method: payload.method,
    mobile: payload.mobile,
    note: payload.note,
    transaction_id: payload.transaction_id,
    // variant_id only when sent, so the hashes of orders without variants stay what they were.
    list_items: payload.list_items.map((l) => ({ product_id: l.product_id, quantity: l.quantity, ...(l.variant_id ? { variant_id: l.variant_id } : {}) })),
    addressId: payload.addressId ?? null,
    guest_user_delivery_address: payload.guest_user_delivery_address ?? null,
    // Only when a code is typed, so the hashes of orders without one stay what they were.
    ...(payload.voucher_code ? { voucher_code: payload.voucher_code } : {}),
    // Only when sent (decision 0077), likewise.
    ...(payload.consent !== undefined ? { consent: payload.consent } : {}),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The order an Idempotency-Key already made, when this is a true repeat: the
 * same user, or for guests (who all have no user) the same request. Anything
 * else is 409 and reveals nothing of that order.
 */
async function findByKey(db: DbOrTx, key: string, user: AuthUser | null, requestHash: string): Promise<OrderView | null> {
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId, requestHash: orders.requestHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  if (!row) return null;
  const sameOwner = row.userId === (user?.id ?? null);
  if (!sameOwner || (!user && row.requestHash !== requestHash)) {
    throw appError('IDEMPOTENCY_KEY_REUSED');
  }
  return findOrderView(db, eq(orders.id, row.id));
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) return undefined;
  if (key.length > 200) throw appError('IDEMPOTENCY_KEY_TOO_LONG');
  return key;
}

/** Whether the phone is the account's mobile confirmed by an SMS code (decision 0061): the order's own proof. */
async function isVerifiedMobileOf(db: DbOrTx, userId: string, phone: string): Promise<boolean> {
  const mobile = normalizePhone(phone);
  if (!mobile) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.mobile, mobile), isNotNull(users.mobileVerifiedAt)));
  return Boolean(row);
}

/**
 * What POST /order is given for a cash-on-delivery order (issue 26, decision 0062): the COD risk check of
 * the buyer's mobile (delivery-record, through AppDeps) and, once the OTP core is there, the check of the SMS code
 * inside the order's transaction (it consumes the code or throws). Without `verify` no code can confirm.
 */
export interface CodChecks {
  /** The request's address, and the caps of open, unconfirmed COD orders per mobile and per address (decision 0092). */
  ip?: string;
  caps?: CodOpenCaps;
  riskOf(phone: string): Promise<DeliveryRecord>;
  verify?(db: DbOrTx, phone: string, code: string): Promise<void>;
}

/** Work queued in the new order's transaction (its SMS job). */
export type OnPlaced = (tx: Tx, orderId: string) => Promise<void>;

/**
 * POST /order. Everything is recomputed from the database; the order, its
 * items, the stock it takes and the emptied cart are one transaction. With an
 * Idempotency-Key a repeat (even a concurrent one) answers the first order.
 */
export async function placeOrder(
  db: Db,
  user: AuthUser | null,
  payload: ParsedOrderPayload,
  idempotencyKey?: string,
  startPayment?: StartPayment,
  origin: OrderOrigin = WEB_ORIGIN,
  cod?: CodChecks,
  placed?: OnPlaced,
): Promise<{ order: OrderView; created: boolean }> {
  // The checkout's consent box (decision 0077): unticked is refused; left out (a spec client) places the order unrecorded.
  if (payload.consent === false) throw appError('CONSENT_REQUIRED');
  const requestHash = orderRequestHash(payload, origin);
  if (idempotencyKey) {
    const existing = await findByKey(db, idempotencyKey, user, requestHash);
    if (existing) return { order: existing, created: false };
  }
  // The fee's settings are read while the address is checked: one round trip less on the way.
  const settings = readDeliverySettings(db);
  settings.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
  // So are the running promotions (decision 0067): read outside the transaction, they do not lengthen its row locks.
  const promotionContext = loadPromotionContext(db, payload.list_items.map((l) => l.product_id).filter(isId), payload.voucher_code);
  promotionContext.catch(() => {});
  const address = await resolveAddress(db, user, payload);
  // The versions of the terms and privacy page the shopper agreed to: those in force now.
  const consent = payload.consent ? await readConsentVersions(db) : null;
  const isWallet = payload.method !== 'CASH-ON-DELIVERY';
  const values = {
    userId: user?.id ?? null,
    paymentStatus: payload.method,
    transactionId: isWallet ? payload.transaction_id : '',
    // The wallet's sending number when paid online, else the delivery address's number.
    mobile: isWallet ? payload.mobile : (address.delivery ?? address.guest)!.mobile,
    note: payload.note,
    deliveryAddress: address.delivery,
    guestDeliveryAddress: address.guest,
    idempotencyKey: idempotencyKey ?? null,
    requestHash,
    source: origin.source,
    // The recipient's name goes wherever the order is printed, booked or texted; a phone order has the buyer's.
    customerName: origin.source === 'admin' ? origin.customerName : ((address.delivery ?? address.guest)!.name ?? ''),
    ...(consent ? { consentAt: new Date(), consentTermsVersion: consent.terms, consentPrivacyVersion: consent.privacy } : {}),
    // The deadlines' days by the rule the fee used (decision 0076); the overdue count reads it.
    insideDhaka: isInsideDhaka((address.delivery ?? address.guest)!),
  };
  const fee = deliveryFee(await settings, address.delivery ?? address.guest);
  // Whose per-customer promotion limits count: the delivery address's phone (and the account, when signed in).
  const buyerPhone = (address.delivery ?? address.guest)!.mobile;
  // Awaited before the transaction: on PGlite's one connection a read waiting inside it would wait for it.
  const context = await promotionContext;
  // COD protection (decision 0062), for the shop's own orders (a phone order is the owner's own call).
  const webCod = origin.source === 'web' && payload.method === 'CASH-ON-DELIVERY';
  if (webCod) await assertNotCodBlocked(db, buyerPhone);
  // A COD order may need its mobile confirmed: the rule, and the risk check when the rule uses it (before the
  // transaction: the courier's answer may take seconds, and no stock is held meanwhile). A guest's always goes by
  // the rule; so does an account's, unless it delivers to the account's own verified mobile (issue 41: a new
  // e-mail account proves nothing about the number).
  const verifiedAccount = Boolean(webCod && user && (await isVerifiedMobileOf(db, user.id, buyerPhone)));
  const codRule = webCod && cod && !verifiedAccount ? { policy: await readCodPolicy(db), checks: cod } : null;
  const riskRecord = codRule && policyUsesRisk(codRule.policy) ? await codRule.checks.riskOf(buyerPhone) : null;
  /** Set when the typed code was refused inside the transaction (which rolls its counted try back with the order). */
  const codeTry: { wrong: AppError | null } = { wrong: null };

  for (let attempt = 0; ; attempt++) {
    try {
      const order = await db.transaction(async (tx) => {
        // Stock first, then the order row with its amounts: four statements, none read back.
        // A concurrent submit with the same key waits on the products' row locks, then fails on the key's unique index and rolls back.
        const lines = await takeLines(tx, await chooseLines(tx, user, payload.list_items));
        // The promotions, by the server's prices and counts (decision 0059): a typed code that does not apply is a 400 here.
        const promo = await priceOrderPromotions(tx, {
          lines: lines.map((l) => ({ product_id: l.productId, unit_price: l.unitPrice, quantity: l.quantity })),
          code: payload.voucher_code,
          phone: buyerPhone,
          userId: values.userId,
          deliveryFee: fee,
        }, context);
        let codConfirmed = verifiedAccount;
        if (codRule && codConfirmNeeded(codRule.policy, { total: promo.total, record: riskRecord })) {
          // No code, or no way to check one: nothing is placed and the checkout asks for the code.
          if (!payload.cod_otp || !codRule.checks.verify) throw appError('COD_CONFIRM_REQUIRED');
          // Consumed with the order, or a wrong or expired code throws here and nothing is placed.
          await codRule.checks.verify(tx, buyerPhone, payload.cod_otp).catch((err: unknown) => {
            if (err instanceof AppError) codeTry.wrong = err;
            throw err;
          });
          codConfirmed = true;
        }
        // Unconfirmed COD orders hold stock and send SMS: a few open ones per mobile and address (decision 0092).
        // A refusal rolls back the stock just taken.
        if (webCod && !codConfirmed && cod?.caps) await assertCodOpenWithinCaps(tx, cod.caps, { phone: buyerPhone, ip: cod?.ip ?? null, units: lines.reduce((n, l) => n + l.quantity, 0) });
        const orderId = newId();
        // The order's promotion uses are written by the same statement (a CTE): no round trip of their own.
        const uses = promotionUsesOf(tx, orderId, promo, buyerPhone, values.userId);
        let [row] = await (uses ? tx.with(uses) : tx)
          .insert(orders)
          .values({
            id: orderId,
            orderId: newOrderCode(),
            ...values,
            subTotalAmount: promo.subtotal,
            discountTotal: promo.discount,
            deliveryFee: promo.delivery_fee,
            totalAmount: promo.total,
            ...(webCod ? { clientIp: cod?.ip ?? null, codConfirmed } : {}),
            promotions: promo.applied.map((a): OrderPromotion => ({ name: a.name, name_bn: a.name_bn, code: a.code, kind: a.kind, saving: a.saving })),
          })
          .returning();
        // The mobile's checkout is no longer incomplete (issue 26).
        await dropIncompleteCheckout(tx, buyerPhone);
        // A gateway payment is created before the order commits: when bKash refuses, nothing was ordered.
        if (startPayment) [row] = await tx.update(orders).set(await startPayment(row!)).where(eq(orders.id, orderId)).returning();
        const items = await tx
          .insert(orderItems)
          .values(lines.map((l, i) => ({ id: newId(), orderId, ...l, promotionDiscount: promo.line_discounts[i]! })))
          .returning();
        // The bought units leave the cart (a Buy Now keeps the other lines); units added meanwhile stay.
        // An order paid on bKash's page keeps them until bKash confirms the payment (payments' settle).
        if (user && !startPayment) await takeFromCart(tx, user.id, lines);
        // The shopper's SMS is queued with the order: it goes out once the order commits (decision 0073).
        await placed?.(tx, orderId);
        return orderView(row!, items.sort((a, b) => (a.id < b.id ? -1 : 1)));
      });
      return { order, created: true };
    } catch (err) {
      // A wrong try was rolled back with the order: the code is checked again outside it, so the try counts and 5
      // wrong codes still lock it. That check throws the counted answer (tries left, locked, expired).
      if (codeTry.wrong && codRule?.checks.verify && payload.cod_otp) {
        await codRule.checks.verify(db, buyerPhone, payload.cod_otp);
        throw codeTry.wrong;
      }
      const index = uniqueViolation(err);
      // A repeat of an order just placed: its twin may also have taken the last units (409), or won the key's index.
      const repeat = idempotencyKey && ((index !== null && index.includes('idempotency')) || (err instanceof AppError && err.statusCode === 409));
      if (repeat) {
        const existing = await findByKey(db, idempotencyKey, user, requestHash);
        if (existing) return { order: existing, created: false };
      }
      // A clash of the random order number, or two multi-line orders locking the same products crosswise: again.
      if (((index !== null && index.includes('order_id')) || isDeadlock(err)) && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * POST /order/manual: an order the admin takes by phone or Messenger. It is a
 * guest order at the buyer's address (no account is made or charged), marked
 * source 'admin' with the buyer's name, and goes through placeOrder: the same
 * prices, delivery fee, stock reservation and Idempotency-Key rules.
 */
export function placeManualOrder(db: Db, input: ManualOrder, by: Actor, idempotencyKey?: string, placed?: OnPlaced) {
  const { name, ...address } = input.customer;
  const payload: ParsedOrderPayload = {
    method: input.method,
    mobile: address.mobile,
    note: input.note,
    transaction_id: input.transaction_id,
    list_items: input.list_items,
    addressId: undefined,
    guest_user_delivery_address: address,
    voucher_code: input.voucher_code,
  };
  // Who entered it, for whom, on the audit log (issue 41), in the order's transaction: a repeat of its key records nothing.
  const audited: OnPlaced = async (tx, orderId) => {
    const [row] = await tx.select({ number: orders.orderId, total: orders.totalAmount, method: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
    await record(tx, by, { kind: 'order', action: 'create', targetId: orderId, label: row?.number, after: { source: 'admin', customer_name: name, mobile: address.mobile, total_amount: row?.total, method: row?.method } });
    await placed?.(tx, orderId);
  };
  return placeOrder(db, null, payload, idempotencyKey, undefined, { source: 'admin', customerName: name }, undefined, audited);
}

/**
 * POST /order/incomplete/{id}/place (issue 26): an incomplete checkout becomes a phone order in one step, its
 * mobile and cart with the buyer's name and address the owner asked on the phone; placing it ends the entry.
 */
export async function placeIncompleteOrder(db: Db, id: string, input: IncompleteOrderPlace, by: Actor, idempotencyKey?: string, placed?: OnPlaced) {
  const entry = await incompleteCheckoutById(db, id);
  if (!entry) throw appError('INCOMPLETE_CHECKOUT_NOT_FOUND');
  return placeManualOrder(db, { ...input, customer: { ...input.customer, mobile: entry.phone }, list_items: entry.lines, voucher_code: undefined }, by, idempotencyKey, placed);
}

/**
 * PATCH /order/update-status/{id}: the admin's move, through the status table
 * (decision 0054), which today lets the admin set any status; the stock follows
 * (order-status's transitionOrder).
 */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus, by: Actor, onCancelled?: (tx: Tx, orderId: string, by: Actor) => Promise<void>): Promise<OrderView> {
  await db.transaction(async (tx) => {
    await transitionOrder(tx, id, status, 'admin', {}, by);
    // A cancel with its reason (cannot be supplied): returns tells the shopper and starts the refund, in this transaction.
    if (onCancelled) await onCancelled(tx, id, by);
  });
  return (await findOrderView(db, eq(orders.id, id)))!;
}

/** Only Received, Cancel and Return orders may be deleted; others answer 409. */
export async function deleteOrder(db: Db, id: string, by: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!DELETABLE_ORDER_STATUSES.includes(order.status)) {
      throw appError('ORDER_NOT_DELETABLE', { allowed: DELETABLE_ORDER_STATUSES.join(', '), status: order.status });
    }
    // Returns and refunds are money records (issue 41): deleting the order would cascade to them, so it is refused.
    const [aReturn] = await tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, order.id)).limit(1);
    const [aRefund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
    if (aReturn || aRefund) throw appError('ORDER_HAS_MONEY_RECORDS');
    await tx.delete(orders).where(eq(orders.id, order.id));
    await record(tx, by, { kind: 'order', action: 'delete', targetId: order.id, label: order.orderId, before: { status: order.status, total_amount: order.totalAmount, customer_name: order.customerName } });
  });
}

/** An order's answer by its id, or null: what a later module's route answers after changing it (courier's booking, through AppDeps). */
export function orderById(db: DbOrTx, id: string): Promise<OrderView | null> {
  return findOrderView(db, eq(orders.id, id));
}

export function adminOrderPage(db: Db, status: OrderStatus | undefined, page: number) {
  return listAllOrders(db, status, page, ORDER_PAGE_SIZE);
}

/** A line of an exchange's replacement order: the variant wanted, how many, and what was paid for the units sent back. */
export interface ReplacementLine {
  productId: string;
  variantId: string;
  quantity: number;
  /** Taka paid for the returned units (decision 0075's refund rule): the replacement's credit. */
  credit: number;
}

/**
 * An exchange's replacement order (issue 27, decision 0075): the wanted
 * variants, their stock taken now, priced today, less what was paid for the
 * units sent back (an "Exchange credit" line on the order's promotions), no
 * delivery fee; what is left is collected on delivery. At no charge when the
 * credit covers it. Named as the exchange it is (source 'exchange', issue 42) and linked to the first order
 * by its number (exchange_for) and the return record.
 */
export async function placeReplacementOrder(tx: Tx, original: OrderRow, lines: ReplacementLine[]): Promise<{ id: string; orderId: string }> {
  const taken = await takeLines(tx, lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity })));
  const credits = taken.map((l, i) => Math.min(l.unitPrice * l.quantity, lines[i]!.credit));
  const subtotal = taken.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const credit = credits.reduce((a, b) => a + b, 0);
  const id = newId();
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      orderId: newOrderCode(),
      userId: original.userId,
      paymentStatus: 'CASH-ON-DELIVERY',
      mobile: original.mobile,
      subTotalAmount: subtotal,
      discountTotal: credit,
      deliveryFee: 0,
      totalAmount: subtotal - credit,
      deliveryAddress: original.deliveryAddress,
      guestDeliveryAddress: original.guestDeliveryAddress,
      source: 'exchange',
      exchangeFor: original.orderId,
      customerName: original.customerName,
      promotions: credit > 0 ? [{ name: 'Exchange credit', name_bn: 'বদলের জমা', code: null, kind: 'fixed', saving: credit }] : [],
    })
    .returning({ id: orders.id, orderId: orders.orderId });
  await tx.insert(orderItems).values(taken.map((l, i) => ({ id: newId(), orderId: id, ...l, promotionDiscount: credits[i]! })));
  return row!;
}
