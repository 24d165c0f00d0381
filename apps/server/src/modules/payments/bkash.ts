import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { STOCK_RELEASED_STATUSES, type PaymentGateway } from '@haat/shared/constants';
import { paths } from '@haat/shared/paths';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orderItems } from '../../db/schema';
import { settingsSection } from '../shop/index';
import type { Actor } from '../../lib/auth';
import { AppError, appError } from '../../lib/errors';
import { definePeriodicJob } from '../../lib/jobs';
import { ProviderError } from '../../integrations/http';
import { bkashTrouble, takaOf, type BkashGateway, type BkashPayment } from '../../integrations/bkash/client';
import { takeFromCart } from '../cart/index';
import { lockOldestUnpaid, lockOrderByPayment, recordPayment, transitionOrder } from '../order-status/index';
import { type OrderRow, type PaymentStarter, type StartPayment } from '../orders/index';

/**
 * bKash tokenized checkout on top of the orders (issue 12, decision 0029). The
 * callback's query is untrusted: only bKash's own answer to execute (or, when
 * execute fails, to payment/status) decides whether an order is paid.
 */

export interface BkashDeps {
  db: Db;
  gateway: BkashGateway;
  log: FastifyBaseLogger;
}

export const CALLBACK_PATH = '/api/payment/bkash/callback';

/** Where the callback sends the shopper; the cancel page explains each reason in words. */
export const SUCCESS_PAGE = paths.orderSuccess('Payment');
export const CANCEL_REASONS = ['cancelled', 'failed', 'not-approved', 'amount', 'pending', 'maintenance', 'unknown'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
const cancelPage = (reason: CancelReason) => paths.orderCancel(reason);

/**
 * The payments kind's one mapping of a bKash failure to the shop's error
 * codes, at create or at refund: a shopper- or owner-facing message, never a
 * stack, never a secret.
 */
export function bkashError(err: unknown, log: FastifyBaseLogger, during: 'create' | 'refund'): AppError {
  if (!(err instanceof ProviderError)) return err as AppError;
  const trouble = bkashTrouble(err);
  log.warn({ kind: trouble, code: err.code, bkash: err.message }, `bKash ${during} failed`);
  if (during === 'refund') {
    if (trouble === 'maintenance') return appError('REFUND_MAINTENANCE');
    if (trouble === 'unreachable') return appError('REFUND_TIMEOUT');
    if (err.code === '2026') return appError('REFUND_OVER_PAID');
    return appError('REFUND_REFUSED', { detail: `${err.code || 'no code'}: ${err.message}` });
  }
  if (trouble === 'maintenance') return appError('BKASH_MAINTENANCE');
  if (trouble === 'unreachable') return appError('BKASH_TIMEOUT');
  if (err.code === '2001' || trouble === 'auth') {
    log.error('bKash refused the shop’s credentials (2001 Invalid App Key or a bad username/password): check the BKASH_* settings');
    return appError('BKASH_UNAVAILABLE');
  }
  if (err.code === '2029') return appError('BKASH_DUPLICATE_INVOICE');
  return appError('BKASH_REFUSED', { detail: `${err.code || 'no code'}: ${err.message}` });
}

/** What the order's bKash payment is for: a COD order's partial advance (decision 0114), else the grand total. */
export const chargeOf = (order: Pick<OrderRow, 'advanceAmount' | 'totalAmount'>): number => order.advanceAmount ?? order.totalAmount;

/** The payment-starting step of POST /order: creates the bKash payment for the order's grand total, or its advance. */
export function bkashStarter(deps: BkashDeps, callbackURL: string, payerReference: string): StartPayment {
  return async (order) => {
    try {
      const created = await deps.gateway.create({ amount: chargeOf(order), payerReference, callbackURL, merchantInvoiceNumber: order.orderId });
      return { paymentState: 'awaiting', gateway: 'bkash', gatewayPaymentId: created.paymentID, paymentUrl: created.bkashURL };
    } catch (err) {
      throw bkashError(err, deps.log, 'create');
    }
  };
}

/**
 * The PaymentStarter that orders get through AppDeps (orders never import
 * payments): bKash's callback is the shop's public URL, else the request's own.
 */
export function bkashPaymentStarter(deps: { db: Db; gateway: BkashGateway; publicUrl: string | undefined }): PaymentStarter {
  return ({ log, origin, payerReference }) => bkashStarter({ db: deps.db, gateway: deps.gateway, log }, `${deps.publicUrl ?? origin}${CALLBACK_PATH}`, payerReference);
}

export type Outcome =
  /** Paid in full; `hold` (SSLCommerz's risk_title at risk_level 1) keeps the order for the owner's review. */
  | { kind: 'paid'; trxID: string; amount: number; hold?: string }
  /** Money moved, but not the order's total: the order is cancelled and the admin may refund what moved. */
  | { kind: 'mismatch'; trxID: string; amount: number }
  /** bKash still has it Initiated: nobody approved it (a forged or early success). */
  | { kind: 'not-approved' }
  /** bKash says Cancelled (the shopper pressed cancel) or Failure: the order ends. */
  | { kind: 'refused'; cancelled: boolean }
  /** bKash could not tell us: the order waits (the sweep asks again). */
  | { kind: 'unknown'; reason: CancelReason };

function outcomeOf(p: BkashPayment, total: number): Outcome {
  if (p.transactionStatus === 'Completed' && p.trxID) {
    const amount = takaOf(p.amount);
    return amount === total ? { kind: 'paid', trxID: p.trxID, amount } : { kind: 'mismatch', trxID: p.trxID, amount: Number.isFinite(amount) ? amount : 0 };
  }
  return p.transactionStatus === 'Initiated' ? { kind: 'not-approved' } : { kind: 'refused', cancelled: p.transactionStatus === 'Cancelled' };
}

const unknownReason = (err: unknown): CancelReason => (err instanceof ProviderError && bkashTrouble(err) === 'maintenance' ? 'maintenance' : 'pending');

/** bKash's payment/status, as an outcome; when it too fails the answer is 'unknown'. */
async function askStatus(deps: BkashDeps, order: OrderRow): Promise<Outcome> {
  try {
    return outcomeOf(await deps.gateway.status(order.gatewayPaymentId!), chargeOf(order));
  } catch (err) {
    deps.log.warn({ order: order.orderId, err: err instanceof ProviderError ? { kind: bkashTrouble(err), code: err.code } : String(err) }, 'bKash payment/status failed');
    return { kind: 'unknown', reason: unknownReason(err) };
  }
}

/**
 * Execute, once. A timeout, a refusal (2056 invalid state, 2062/2117 already
 * completed) or maintenance is not trusted either way: payment/status decides.
 */
async function executeOnce(deps: BkashDeps, order: OrderRow): Promise<Outcome> {
  try {
    return outcomeOf(await deps.gateway.execute(order.gatewayPaymentId!), chargeOf(order));
  } catch (err) {
    deps.log.info({ order: order.orderId, kind: err instanceof ProviderError ? bkashTrouble(err) : 'error', code: err instanceof ProviderError ? err.code : '' }, 'bKash execute failed; asking payment/status');
    return askStatus(deps, order);
  }
}

/**
 * What a paid order bought leaves its shopper's server cart. Placing a bKash
 * order kept the cart: a payment cancelled on bKash's page must not cost the
 * shopper their cart.
 */
async function takeBoughtFromCart(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.userId) return;
  const items = await tx.select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id));
  await takeFromCart(tx, order.userId, items.flatMap((i) => (i.productId ? [{ productId: i.productId, variantId: i.variantId, quantity: i.quantity }] : [])));
}

/**
 * Records an outcome on the locked order: paid, or cancelled with its stock back; 'not-approved' and 'unknown'
 * change nothing. The cancel is the payment's move, or the expiry sweep's (the status table, decision 0054).
 */
export async function settle(tx: Tx, order: OrderRow, outcome: Outcome, actor: 'payment' | 'expiry' = 'payment'): Promise<void> {
  if (outcome.kind === 'paid') {
    await recordPayment(tx, order.id, { paymentState: 'paid', trxId: outcome.trxID, paidAmount: outcome.amount, paidAt: new Date(), paymentHold: outcome.hold ?? null });
    await takeBoughtFromCart(tx, order);
  } else if (outcome.kind === 'mismatch') {
    await transitionOrder(tx, order, 'Cancel', actor, { paymentState: 'failed', trxId: outcome.trxID, paidAmount: outcome.amount, paidAt: new Date() });
  } else if (outcome.kind === 'refused') {
    await transitionOrder(tx, order, 'Cancel', actor, { paymentState: 'failed' });
  }
}

/**
 * GET /payment/bkash/callback: answers where to send the shopper. The order
 * row stays locked while bKash is asked, so a replayed or concurrent callback
 * waits and then finds the order settled: execute runs at most once.
 */
export async function handleCallback(deps: BkashDeps | null, paymentID: string | undefined, status: string | undefined): Promise<string> {
  if (!deps || !paymentID) return cancelPage('unknown');
  return deps.db.transaction(async (tx) => {
    const order = await lockOrderByPayment(tx, paymentID);
    if (!order || order.gateway !== 'bkash') return cancelPage('unknown');
    if (order.paymentState === 'paid' || order.paymentState === 'refunded') return SUCCESS_PAGE;
    if (order.paymentState !== 'awaiting') return cancelPage(order.trxId ? 'amount' : 'failed');
    // Anyone who learns a paymentID can type status=cancel: only bKash's own record of the payment
    // ends the order (Cancelled / Failure); still Initiated is left for the shopper or the expiry sweep.
    if (status !== 'success') {
      const outcome = await askStatus(deps, order);
      await settle(tx, order, outcome);
      return pageOf(deps, order, outcome);
    }
    // An order the admin cancelled or returned meanwhile is not charged at all: execute never runs.
    if (STOCK_RELEASED_STATUSES.includes(order.status)) {
      await transitionOrder(tx, order, 'Cancel', 'payment', { paymentState: 'failed' });
      return cancelPage('failed');
    }
    const outcome = await executeOnce(deps, order);
    await settle(tx, order, outcome);
    return pageOf(deps, order, outcome);
  });
}

function pageOf(deps: BkashDeps, order: OrderRow, outcome: Outcome): string {
  return outcomePage(deps.log, order, outcome, 'bKash', cancelPage);
}

/**
 * Where the shopper goes after a gateway's outcome: the success page, or the cancel page with the reason in the
 * gateway's words (`cancel`). A different amount is logged for the owner, who refunds what moved.
 */
export function outcomePage(log: FastifyBaseLogger, order: OrderRow, outcome: Outcome, gateway: string, cancel: (reason: CancelReason) => string): string {
  switch (outcome.kind) {
    case 'paid':
      return SUCCESS_PAGE;
    case 'mismatch':
      log.error({ order: order.orderId, trxID: outcome.trxID, amount: outcome.amount, total: chargeOf(order) }, `${gateway} moved an amount other than the order total (or advance); order cancelled, refund it`);
      return cancel('amount');
    case 'not-approved':
      return cancel('not-approved');
    case 'refused':
      return cancel(outcome.cancelled ? 'cancelled' : 'failed');
    case 'unknown':
      return cancel(outcome.reason);
  }
}

/** The Orders role's refund limit in taka (decision 0066); 0 until the owner sets one. */
const refundLimit = settingsSection<{ ordersRefundLimit: number }>({ fields: { ordersRefundLimit: 'ordersRefundLimit' }, defaults: { ordersRefundLimit: 0 } });

export async function readRefundLimit(db: DbOrTx): Promise<number> {
  return (await refundLimit.read(db)).ordersRefundLimit;
}

/** The owner sets it (staff.manage); recorded in the audit log. */
export async function saveRefundLimit(db: Db, limit: number, by: Actor): Promise<number> {
  return (await refundLimit.save(db, { ordersRefundLimit: limit }, by)).ordersRefundLimit;
}

/**
 * Cancels unpaid bKash orders older than the TTL and gives their stock back,
 * after asking bKash (a payment approved and executed late is kept as paid).
 * One order per transaction, locked with SKIP LOCKED: several processes
 * sweeping at once each take different orders, and a callback in progress
 * (which holds the row) is left alone.
 */
/** What the sweep asks of each gateway: bKash's payment/status, or another gateway's own status (SSLCommerz's transaction query, Nagad's verify). */
export interface SweepDeps {
  db: Db;
  log: FastifyBaseLogger;
  gateway: BkashGateway | null;
  /** The other gateways' answers for an order they carry (orders.gateway, decision 0127), by gateway. */
  others?: Partial<Record<Exclude<PaymentGateway, 'bkash'>, (order: OrderRow) => Promise<Outcome>>>;
}

/** The order's own gateway answers (orders.gateway, decision 0127); one that is off now cannot, and the order waits. */
async function statusForSweep(deps: SweepDeps, order: OrderRow): Promise<Outcome> {
  if (!order.gateway || !order.gatewayPaymentId) return { kind: 'refused', cancelled: false };
  if (order.gateway === 'bkash') return deps.gateway ? askStatus({ ...deps, gateway: deps.gateway }, order) : { kind: 'refused', cancelled: false };
  const other = deps.others?.[order.gateway];
  return other ? other(order) : { kind: 'unknown', reason: 'pending' };
}

export async function sweepExpiredPayments(deps: SweepDeps, ttlMinutes: number, now = new Date(), limit = 50) {
  const cutoff = new Date(now.getTime() - ttlMinutes * 60_000);
  const counts = { cancelled: 0, paid: 0, left: 0 };
  const skipped: string[] = [];
  for (let i = 0; i < limit; i++) {
    const done = await deps.db.transaction(async (tx) => {
      const order = await lockOldestUnpaid(tx, cutoff, skipped);
      if (!order) return false;
      const outcome = await statusForSweep(deps, order);
      // Expired without approval: the gateway will never complete it, so the order ends.
      await settle(tx, order, outcome.kind === 'not-approved' ? { kind: 'refused', cancelled: false } : outcome, 'expiry');
      if (outcome.kind === 'paid') counts.paid++;
      else if (outcome.kind === 'unknown') {
        counts.left++;
        skipped.push(order.id);
      } else counts.cancelled++;
      return true;
    });
    if (!done) break;
  }
  return counts;
}

/** The sweep of unpaid bKash orders past their time (a periodic job, every minute while bKash is on). */
export const expirySweepJob = definePeriodicJob('payments.expiry-sweep');

/**
 * One run of the sweep, as the durable queue's periodic job runs it (decision 0073): once a minute across every
 * process of the shop; orders that expired while the shop was down go on the first run after it starts.
 */
export function expirySweep(deps: SweepDeps, ttlMinutes: number): () => Promise<void> {
  return async () => {
    const c = await sweepExpiredPayments(deps, ttlMinutes);
    if (c.cancelled || c.paid) deps.log.info(c, 'expired gateway payments swept');
  };
}
