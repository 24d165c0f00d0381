import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { normalizePhone } from '@haat/shared/phone';
import { deliveryFee } from '@haat/shared/delivery-fee';
import { isInsideDhaka } from '@haat/shared/dhaka';
import type { OrderPromotion } from '@haat/shared/schemas/promotion';
import type { ManualOrder, OrderSource, ParsedOrderPayload } from '@haat/shared/schemas/order';
import { codConfirmNeeded, policyUsesRisk, type IncompleteOrderPlace } from '@haat/shared/schemas/cod';
import type { DeliveryRecord } from '@haat/shared/delivery-record';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isDeadlock, uniqueViolation } from '../../db/errors';
import { orderItems, orders, users, type AdContext } from '../../db/schema';
import type { Actor, AuthUser } from '../../lib/auth';
import { AppError, appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { takeFromCart } from '../cart/index';
import { readDeliverySettings } from '../delivery/index';
import { readConsentVersions } from '../shop/index';
import { record } from '../audit/index';
import { loadPromotionContext, priceOrderPromotions, promotionUsesOf } from '../promotions/index';
import { assertCodOpenWithinCaps, assertNotCodBlocked, type CodOpenCaps, dropIncompleteCheckout, incompleteCheckoutById, readCodPolicy } from '../cod-risk/index';
import { findOrderView, orderView, type OrderView } from './queries';
import { chooseLines, takeLines } from './lines';
import { advanceBuyer, advanceOf, type AdvanceAsked, type AdvanceBuyer } from './advance';
import { resolveAddress } from './address';
import { newOrderCode, recordStartedPayment, type StartPayment } from './service';

/*
 * Placing an order (decision 0104): placeOrder runs named steps, as Medusa's complete-cart workflow does —
 * consent, buyer, COD guard before the transaction; reserve and price, COD confirm, write, after placed inside it;
 * then a failed transaction's recovery (the counted wrong code, a twin's order, a retry).
 */

/** What one placing is given: who orders, what they sent, and what the route adds to it. */
export interface PlaceOrderInput {
  user: AuthUser | null;
  payload: ParsedOrderPayload;
  /** The Idempotency-Key header: a repeat (even a concurrent one) answers the first order. */
  idempotencyKey?: string;
  /** A gateway payment (bKash), created inside the order's transaction. */
  startPayment?: StartPayment;
  /** The bKash payment of a COD order's partial advance (decision 0114), for the buyer's mobile; without it (no gateway) no advance is asked. */
  advancePayment?: (payerReference: string) => StartPayment;
  /** The COD risk check for the rule's "risky" when the order has no COD checks of its own (a phone order, a chat link's: decision 0130). */
  advanceRiskOf?: CodChecks['riskOf'];
  /** Who keyed it in; the shop's checkout when left out. */
  origin?: OrderOrigin;
  /** The COD checks of the shop's checkout; a phone order has none. */
  cod?: CodChecks;
  /** Work in the new order's transaction (its SMS job, a phone order's audit entry). */
  placed?: OnPlaced;
  /** Staff waived a phone order's advance, for this reason (decision 0130): none is asked; the audit names what was waived. */
  advanceWaiver?: string;
  /** The shopper's yes to ad measurement with what the platforms match by (decision 0119); null or left out: no. */
  ads?: AdContext | null;
}

interface PlacedOrder {
  order: OrderView;
  created: boolean;
}

/**
 * POST /order. Everything is recomputed from the database; the order, its
 * items, the stock it takes and the emptied cart are one transaction. With an
 * Idempotency-Key a repeat (even a concurrent one) answers the first order.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  refuseUntickedConsent(input.payload);
  const requestHash = orderRequestHash(input.payload, input.origin);
  const existing = input.idempotencyKey ? await findByKey(db, input.idempotencyKey, input.user, requestHash) : null;
  if (existing) return { order: existing, created: false };
  const buyer = await buyerStep(db, input, requestHash);
  const guard = await codGuardStep(db, input, buyer.phone);
  const advance = await advanceGuardStep(db, input, buyer.phone, guard);
  return placeWithRetries(db, { input, requestHash, buyer, guard, advance });
}

/** Step consent (decision 0077): the checkout's box unticked is refused; left out (a spec client) places the order unrecorded. */
function refuseUntickedConsent(payload: ParsedOrderPayload): void {
  if (payload.consent === false) throw appError('CONSENT_REQUIRED');
}

/** The consent's columns: the versions of the terms and privacy page the shopper agreed to, those in force now. */
async function consentColumns(db: DbOrTx, payload: ParsedOrderPayload) {
  const consent = payload.consent ? await readConsentVersions(db) : null;
  return consent ? { consentAt: new Date(), consentTermsVersion: consent.terms, consentPrivacyVersion: consent.privacy } : {};
}

type ResolvedAddress = Awaited<ReturnType<typeof resolveAddress>>;

/** The order row's columns known before the transaction: who, where, how paid, what was agreed. */
function orderColumns(input: PlaceOrderInput, requestHash: string, address: ResolvedAddress, consent: Awaited<ReturnType<typeof consentColumns>>) {
  const { user, payload, origin = WEB_ORIGIN } = input;
  const to = (address.delivery ?? address.guest)!;
  const isWallet = payload.method !== 'CASH-ON-DELIVERY';
  return {
    userId: user?.id ?? null,
    paymentStatus: payload.method,
    // A hosted gateway's payment is the gateway's own record (tran_id, bank_tran_id), never a typed id.
    transactionId: isWallet && payload.method !== 'sslcommerz' ? payload.transaction_id : '',
    // The wallet's sending number when paid online, else the delivery address's number.
    mobile: isWallet ? payload.mobile : to.mobile,
    note: payload.note,
    deliveryAddress: address.delivery,
    guestDeliveryAddress: address.guest,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash,
    source: origin.source,
    // The recipient's name goes wherever the order is printed, booked or texted; a phone order has the buyer's.
    customerName: origin.source === 'admin' ? origin.customerName : (to.name ?? ''),
    ...consent,
    // The deadlines' days by the rule the fee used (decision 0076); the overdue count reads it.
    insideDhaka: isInsideDhaka(to),
    // Ad measurement only with the shopper's yes (decision 0119).
    ...(input.ads ? { adConsent: true, adContext: input.ads } : {}),
  };
}

/** What the buyer step settled: the row's columns, the delivery fee, the buyer's phone and the running promotions. */
interface Buyer {
  columns: ReturnType<typeof orderColumns>;
  fee: number;
  /** Whose per-customer promotion limits and COD checks count: the delivery address's phone. */
  phone: string;
  promotions: Awaited<ReturnType<typeof loadPromotionContext>>;
}

/** Step buyer: the address (the account's or the guest's), the consent recorded, the fee, the promotions read. */
async function buyerStep(db: Db, input: PlaceOrderInput, requestHash: string): Promise<Buyer> {
  const { user, payload } = input;
  // The fee's settings are read while the address is checked: one round trip less on the way.
  const settings = readDeliverySettings(db);
  settings.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
  // So are the running promotions (decision 0067): read outside the transaction, they do not lengthen its row locks.
  const promotions = loadPromotionContext(db, payload.list_items.map((l) => l.product_id).filter(isId), payload.voucher_code);
  promotions.catch(() => {});
  const address = await resolveAddress(db, user, payload);
  const columns = orderColumns(input, requestHash, address, await consentColumns(db, payload));
  const fee = deliveryFee(await settings, address.delivery ?? address.guest);
  const phone = (address.delivery ?? address.guest)!.mobile;
  // Awaited before the transaction: on PGlite's one connection a read waiting inside it would wait for it.
  return { columns, fee, phone, promotions: await promotions };
}

/** What the COD guard settled before the transaction (decision 0062). */
interface CodGuard {
  /** A cash-on-delivery order of the shop's own checkout (a phone order is the owner's own call). */
  web: boolean;
  /** It delivers to the account's own verified mobile: confirmed without a code. */
  verifiedAccount: boolean;
  /** The owner's rule when it may ask for a code, with the checks the route gave. */
  rule: { policy: Awaited<ReturnType<typeof readCodPolicy>>; checks: CodChecks } | null;
  risk: DeliveryRecord | null;
  /** Set when the typed code was refused inside the transaction (which rolls its counted try back with the order). */
  wrongCode: AppError | null;
}

/**
 * Step COD guard, before the transaction: a blocked mobile is refused; the rule, and the risk check when the rule
 * uses it (the courier's answer may take seconds, and no stock is held meanwhile). A guest's always goes by the
 * rule; so does an account's, unless it delivers to the account's own verified mobile (issue 41: a new e-mail
 * account proves nothing about the number).
 */
async function codGuardStep(db: Db, input: PlaceOrderInput, phone: string): Promise<CodGuard> {
  const { user, payload, cod, origin = WEB_ORIGIN } = input;
  const web = origin.source === 'web' && payload.method === 'CASH-ON-DELIVERY';
  if (web) await assertNotCodBlocked(db, phone);
  const verifiedAccount = Boolean(web && user && (await isVerifiedMobileOf(db, user.id, phone)));
  const rule = web && cod && !verifiedAccount ? { policy: await readCodPolicy(db), checks: cod } : null;
  const risk = rule && policyUsesRisk(rule.policy) ? await rule.checks.riskOf(phone) : null;
  return { web, verifiedAccount, rule, risk, wrongCode: null };
}

/** One placing as the steps pass it on: its input and what the steps before the transaction settled. */
interface Placing {
  input: PlaceOrderInput;
  requestHash: string;
  buyer: Buyer;
  guard: CodGuard;
  advance: AdvanceGuard | null;
}

/** What the advance step settled before the transaction (decision 0114): the owner's rule and the buyer's facts, and bKash to pay it. */
interface AdvanceGuard extends AdvanceBuyer {
  pay: (payerReference: string) => StartPayment;
}

/**
 * Step advance, before the transaction (issue 44, decision 0114): the owner's partial advance rule for a web COD
 * order, when bKash's gateway is there to take it; the risk check's answer shared with the COD guard's.
 */
async function advanceGuardStep(db: Db, input: PlaceOrderInput, phone: string, guard: CodGuard): Promise<AdvanceGuard | null> {
  // The shop's checkout's COD orders, and (decision 0130) a phone order's, which Haat texts bKash's link for.
  const phoneCod = input.origin?.source === 'admin' && input.payload.method === 'CASH-ON-DELIVERY';
  if (!(guard.web || phoneCod) || !input.advancePayment) return null;
  const buyer = await advanceBuyer(db, phone, guard.risk, input.cod?.riskOf ?? input.advanceRiskOf);
  return buyer && { ...buyer, pay: input.advancePayment };
}

/** Step advance, in the transaction: the amount by the shared rule, from the server's total and fee (decision 0114). */
async function advanceStep(tx: Tx, { advance, input }: Placing, { lines, promo }: Priced): Promise<AdvanceAsked & { waived: number }> {
  const asked = await advanceOf(tx, advance, lines.map((l) => l.productId), promo);
  // Staff waived it (decision 0130): none is asked; what was waived goes to the audit log.
  return input.advanceWaiver && asked.amount > 0 ? { amount: 0, for: null, waived: asked.amount } : { ...asked, waived: 0 };
}

/** The transaction, again on a clash of the random order number or a deadlock; a failure may answer otherwise. */
async function placeWithRetries(db: Db, placing: Placing): Promise<PlacedOrder> {
  for (let attempt = 0; ; attempt++) {
    try {
      const order = await db.transaction((tx) => placeInTransaction(tx, placing));
      return { order, created: true };
    } catch (err) {
      const answer = await recoverStep(db, placing, err);
      if (answer) return answer;
      // A clash of the random order number, or two multi-line orders locking the same products crosswise: again.
      const index = uniqueViolation(err);
      if (((index !== null && index.includes('order_id')) || isDeadlock(err)) && attempt < 3) continue;
      throw err;
    }
  }
}

/** The steps inside the order's transaction: stock first, then the order row with its amounts, none read back. */
async function placeInTransaction(tx: Tx, placing: Placing): Promise<OrderView> {
  const priced = await reserveAndPriceStep(tx, placing);
  const advance = await advanceStep(tx, placing, priced);
  const codConfirmed = await codConfirmStep(tx, placing, priced, advance.amount > 0);
  const pay = paymentOf(placing, advance.amount);
  const { row, items } = await writeStep(tx, placing, priced, { codConfirmed, advance, pay });
  await afterPlacedStep(tx, placing, row.id, priced.lines, pay, advance.waived);
  return orderView(row, items.sort((a, b) => (a.id < b.id ? -1 : 1)));
}

type Priced = Awaited<ReturnType<typeof reserveAndPriceStep>>;

/**
 * Step reserve and price: the lines (chooseLines) and their stock taken (takeLines). A concurrent submit with the
 * same key waits on the products' row locks, then fails on the key's unique index and rolls back. The promotions,
 * by the server's prices and counts (decision 0059): a typed code that does not apply is a 400 here.
 */
async function reserveAndPriceStep(tx: Tx, { input, buyer }: Placing) {
  const lines = await takeLines(tx, await chooseLines(tx, input.user, input.payload.list_items));
  const promo = await priceOrderPromotions(tx, {
    lines: lines.map((l) => ({ product_id: l.productId, unit_price: l.unitPrice, quantity: l.quantity })),
    code: input.payload.voucher_code,
    phone: buyer.phone,
    userId: buyer.columns.userId,
    deliveryFee: buyer.fee,
  }, buyer.promotions);
  return { lines, promo };
}

/** The gateway payment the order starts: the caller's (bKash for the whole total), else its advance's (decision 0114). */
function paymentOf(placing: Placing, advance: number): StartPayment | undefined {
  return placing.input.startPayment ?? (advance > 0 ? placing.advance?.pay(placing.buyer.phone) : undefined);
}

/**
 * Step COD guard, inside the transaction: the SMS code when the rule asks for one (not when an advance is asked: its
 * bKash payment is the stronger proof, decision 0114), and the open orders' caps. Answers whether the mobile is confirmed.
 */
async function codConfirmStep(tx: Tx, { input, buyer, guard }: Placing, { lines, promo }: Priced, advanced: boolean): Promise<boolean> {
  const { payload, cod } = input;
  let confirmed = guard.verifiedAccount;
  if (guard.rule && !advanced && codConfirmNeeded(guard.rule.policy, { total: promo.total, record: guard.risk })) {
    // No code, or no way to check one: nothing is placed and the checkout asks for the code.
    if (!payload.cod_otp || !guard.rule.checks.verify) throw appError('COD_CONFIRM_REQUIRED');
    // Consumed with the order, or a wrong or expired code throws here and nothing is placed.
    await guard.rule.checks.verify(tx, buyer.phone, payload.cod_otp).catch((err: unknown) => {
      if (err instanceof AppError) guard.wrongCode = err;
      throw err;
    });
    confirmed = true;
  }
  // Unconfirmed COD orders hold stock and send SMS: a few open ones per mobile and address (decision 0092).
  // A refusal rolls back the stock just taken.
  if (guard.web && !confirmed && cod?.caps) await assertCodOpenWithinCaps(tx, cod.caps, { phone: buyer.phone, ip: cod?.ip ?? null, units: lines.reduce((n, l) => n + l.quantity, 0) });
  return confirmed;
}

/** What the steps before write settled: the mobile confirmed, the advance asked, the gateway payment to start. */
interface Written {
  codConfirmed: boolean;
  advance: AdvanceAsked;
  pay: StartPayment | undefined;
}

/** Step write: the order row (with its promotion uses), the incomplete checkout dropped, the gateway payment, the items. */
async function writeStep(tx: Tx, { input, buyer, guard }: Placing, { lines, promo }: Priced, { codConfirmed, advance, pay }: Written) {
  const orderId = newId();
  // The order's promotion uses are written by the same statement (a CTE): no round trip of their own.
  const uses = promotionUsesOf(tx, orderId, promo, buyer.phone, buyer.columns.userId);
  let [row] = await (uses ? tx.with(uses) : tx)
    .insert(orders)
    .values({
      id: orderId,
      orderId: newOrderCode(),
      ...buyer.columns,
      subTotalAmount: promo.subtotal,
      discountTotal: promo.discount,
      deliveryFee: promo.delivery_fee,
      totalAmount: promo.total,
      ...(guard.web ? { clientIp: input.cod?.ip ?? null, codConfirmed } : {}),
      ...(advance.amount > 0 ? { advanceAmount: advance.amount, advanceFor: advance.for } : {}),
      promotions: promo.applied.map((a): OrderPromotion => ({ name: a.name, name_bn: a.name_bn, code: a.code, kind: a.kind, saving: a.saving })),
    })
    .returning();
  // The mobile's checkout is no longer incomplete (issue 26).
  await dropIncompleteCheckout(tx, buyer.phone);
  // A gateway payment is created before the order commits: when bKash refuses, nothing was ordered.
  if (pay) row = await recordStartedPayment(tx, row!, pay);
  const items = await tx
    .insert(orderItems)
    .values(lines.map((l, i) => ({ id: newId(), orderId, ...l, promotionDiscount: promo.line_discounts[i]! })))
    .returning();
  return { row: row!, items };
}

/**
 * Step after placed: the bought units leave the cart (a Buy Now keeps the other lines; units added meanwhile stay;
 * an order paid on bKash's page keeps them until bKash confirms the payment, payments' settle), and the caller's
 * work runs in the order's transaction: the shopper's SMS goes out once the order commits (decision 0073).
 */
async function afterPlacedStep(tx: Tx, { input }: Placing, orderId: string, lines: Priced['lines'], pay: StartPayment | undefined, advanceWaived: number): Promise<void> {
  if (input.user && !pay) await takeFromCart(tx, input.user.id, lines);
  await input.placed?.(tx, orderId, { advanceWaived });
}

/**
 * Step recover, after a failed transaction: what it answers instead of its error, or null. A wrong code's try was
 * rolled back with the order: the code is checked again outside it, so the try counts and 5 wrong codes still lock
 * it; that check throws the counted answer (tries left, locked, expired). A repeat of an order just placed: its
 * twin may also have taken the last units (409), or won the key's index.
 */
async function recoverStep(db: Db, { input, requestHash, buyer, guard }: Placing, err: unknown): Promise<PlacedOrder | null> {
  const { user, payload, idempotencyKey } = input;
  if (guard.wrongCode && guard.rule?.checks.verify && payload.cod_otp) {
    await guard.rule.checks.verify(db, buyer.phone, payload.cod_otp);
    throw guard.wrongCode;
  }
  const index = uniqueViolation(err);
  const repeat = idempotencyKey && ((index !== null && index.includes('idempotency')) || (err instanceof AppError && err.statusCode === 409));
  if (!repeat) return null;
  const existing = await findByKey(db, idempotencyKey, user, requestHash);
  return existing ? { order: existing, created: false } : null;
}

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
export type OnPlaced = (tx: Tx, orderId: string, facts?: { advanceWaived: number }) => Promise<void>;

/**
 * POST /order/manual: an order the admin takes by phone or Messenger. It is a
 * guest order at the buyer's address (no account is made or charged), marked
 * source 'admin' with the buyer's name, and goes through placeOrder: the same
 * prices, delivery fee, stock reservation and Idempotency-Key rules.
 */
export function placeManualOrder(db: Db, input: ManualOrder, by: Actor, idempotencyKey?: string, placed?: OnPlaced, advance?: AdvanceAsk) {
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
  const audited: OnPlaced = async (tx, orderId, facts) => {
    const [row] = await tx.select({ number: orders.orderId, total: orders.totalAmount, method: orders.paymentStatus, advance: orders.advanceAmount }).from(orders).where(eq(orders.id, orderId));
    const waived = facts?.advanceWaived ? { advance_waived: facts.advanceWaived, advance_waiver: input.advance_waiver } : {};
    await record(tx, by, { kind: 'order', action: 'create', targetId: orderId, label: row?.number, after: { source: 'admin', customer_name: name, mobile: address.mobile, total_amount: row?.total, method: row?.method, ...(row?.advance ? { advance_amount: row.advance } : {}), ...waived } });
    await placed?.(tx, orderId);
  };
  const advanced = input.method === 'CASH-ON-DELIVERY' ? { ...advanceAsked(advance), ...(advance && input.advance_waiver ? { advanceWaiver: input.advance_waiver } : {}) } : {};
  return placeOrder(db, { user: null, payload, idempotencyKey, origin: { source: 'admin', customerName: name }, placed: audited, ...advanced });
}

/**
 * What an order placed without the checkout's COD checks needs from its route to ask the advance (decision 0130: a
 * phone order; a chat link's): bKash to start its payment, the COD risk check. Undefined without a bKash gateway.
 */
export interface AdvanceAsk {
  pay: (payerReference: string) => StartPayment;
  riskOf: CodChecks['riskOf'];
}

/** The placing's advance fields from a route's AdvanceAsk: none without one (no gateway, no advance). */
export function advanceAsked(advance: AdvanceAsk | undefined): Pick<PlaceOrderInput, 'advancePayment' | 'advanceRiskOf'> {
  return advance ? { advancePayment: advance.pay, advanceRiskOf: advance.riskOf } : {};
}

/**
 * POST /order/incomplete/{id}/place (issue 26): an incomplete checkout becomes a phone order in one step, its
 * mobile and cart with the buyer's name and address the owner asked on the phone; placing it ends the entry.
 */
export async function placeIncompleteOrder(db: Db, id: string, input: IncompleteOrderPlace, by: Actor, idempotencyKey?: string, placed?: OnPlaced) {
  const entry = await incompleteCheckoutById(db, id);
  if (!entry) throw appError('INCOMPLETE_CHECKOUT_NOT_FOUND');
  return placeManualOrder(db, { ...input, customer: { ...input.customer, mobile: entry.phone }, list_items: entry.lines, voucher_code: undefined, advance_waiver: '' }, by, idempotencyKey, placed);
}
