import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import { appError, type AppError } from '../../lib/errors';
import { ProviderError } from '../../integrations/http';
import { sslcommerzTrouble, sslTakaOf, type SslcommerzGateway, type SslcommerzValidation } from '../../integrations/sslcommerz/client';
import { lockOrder, lockOrderByPayment, recordPayment } from '../order-status/index';
import { record } from '../audit/index';
import type { Actor } from '../../lib/auth';
import type { OrderRow, PaymentStarter } from '../orders/index';
import { paths } from '@haat/shared/paths';
import { settle, SUCCESS_PAGE, type CancelReason, type Outcome } from './bkash';

/** The cancel page, with SSLCommerz's words for the reason. */
const cancelPage = (reason: CancelReason) => paths.orderCancel(reason, 'sslcommerz');

/**
 * SSLCommerz hosted checkout (issue 46, decision 0120). The shopper's return
 * (a POST to success_url, fail_url or cancel_url) and the IPN carry tran_id,
 * val_id and a status anyone could type: only SSLCommerz's validation API,
 * asked with the val_id, marks an order paid, and only when its tran_id is
 * the order's, its currency BDT and its amount the order's total. Without a
 * val_id (fail, cancel) or after a timeout, the transaction query by tran_id
 * decides. The order row stays locked while SSLCommerz is asked, so duplicate
 * and concurrent callbacks find it settled.
 */
export interface SslcommerzDeps {
  db: Db;
  gateway: SslcommerzGateway;
  log: FastifyBaseLogger;
}

export const SSLCOMMERZ_PATHS = {
  success: '/api/payment/sslcommerz/success',
  fail: '/api/payment/sslcommerz/fail',
  cancel: '/api/payment/sslcommerz/cancel',
  ipn: '/api/payment/sslcommerz/ipn',
} as const;
export type SslcommerzReturn = keyof typeof SSLCOMMERZ_PATHS;

/** A session SSLCommerz would not open, in the shop's words; never a secret. */
export function sslcommerzError(err: unknown, log: FastifyBaseLogger, during: 'session' | 'refund'): AppError {
  if (!(err instanceof ProviderError)) return err as AppError;
  const trouble = sslcommerzTrouble(err);
  log.warn({ kind: trouble, code: err.code, sslcommerz: err.message }, `SSLCommerz ${during} failed`);
  if (during === 'refund') return trouble === 'unreachable' ? appError('REFUND_TIMEOUT') : appError('REFUND_REFUSED', { detail: `${err.code || 'no code'}: ${err.message}` });
  if (trouble === 'unreachable') return appError('GATEWAY_TIMEOUT');
  if (trouble === 'auth' || /credential/i.test(err.message)) {
    log.error('SSLCommerz refused the store id or password: check the SSLCOMMERZ_* settings');
    return appError('GATEWAY_UNAVAILABLE');
  }
  return appError('GATEWAY_REFUSED', { detail: err.message });
}

function addressOf(order: OrderRow): AddressSnapshot | null {
  return order.deliveryAddress ?? order.guestDeliveryAddress ?? null;
}

/** The PaymentStarter orders get through AppDeps: the session for the order's grand total, tran_id = the order's number. */
export function sslcommerzPaymentStarter(deps: { gateway: SslcommerzGateway; publicUrl: string | undefined }): PaymentStarter {
  return ({ log, origin, payerReference }) => async (order) => {
    const base = deps.publicUrl ?? origin;
    const address = addressOf(order);
    try {
      const session = await deps.gateway.session({
        tranId: order.orderId,
        amount: order.totalAmount,
        successUrl: `${base}${SSLCOMMERZ_PATHS.success}`,
        failUrl: `${base}${SSLCOMMERZ_PATHS.fail}`,
        cancelUrl: `${base}${SSLCOMMERZ_PATHS.cancel}`,
        ipnUrl: `${base}${SSLCOMMERZ_PATHS.ipn}`,
        customer: { name: order.customerName, phone: payerReference, email: '', address: address?.address_line ?? '', city: address?.city ?? '' },
        productName: `Order ${order.orderId}`,
        items: 1,
      });
      return { paymentState: 'awaiting', gateway: 'sslcommerz', gatewayPaymentId: order.orderId, paymentUrl: session.GatewayPageURL };
    } catch (err) {
      throw sslcommerzError(err, log, 'session');
    }
  };
}

const VALID = new Set(['VALID', 'VALIDATED']);

/** The validation API's answer, read against the order: forged and foreign val_ids are 'not-approved' and change nothing. */
export function outcomeOfValidation(v: SslcommerzValidation, order: OrderRow): Outcome {
  if (!VALID.has(v.status) || v.tran_id !== order.gatewayPaymentId) return { kind: 'not-approved' };
  const trxID = v.bank_tran_id || v.val_id || '';
  const amount = sslTakaOf(v.amount);
  const currency = v.currency_type ?? v.currency;
  if (currency !== 'BDT' || amount !== order.totalAmount) return { kind: 'mismatch', trxID, amount: Number.isFinite(amount) ? amount : 0 };
  return String(v.risk_level ?? '0') === '1' ? { kind: 'paid', trxID, amount, hold: v.risk_title || 'Risky' } : { kind: 'paid', trxID, amount };
}

const unknown: Outcome = { kind: 'unknown', reason: 'pending' };

async function validate(deps: SslcommerzDeps, order: OrderRow, valId: string): Promise<Outcome | null> {
  try {
    return outcomeOfValidation(await deps.gateway.validate(valId), order);
  } catch (err) {
    deps.log.info({ order: order.orderId, kind: err instanceof ProviderError ? err.kind : 'error' }, 'SSLCommerz validation failed; asking the transaction query');
    return null;
  }
}

/**
 * The transaction query by tran_id (after a timeout, a return without a val_id, at expiry): a VALID attempt
 * is validated by its val_id; else FAILED or CANCELLED ends the order; nothing yet leaves it waiting.
 */
export async function askQuery(deps: SslcommerzDeps, order: OrderRow): Promise<Outcome> {
  try {
    const q = await deps.gateway.query(order.gatewayPaymentId!);
    const attempts = (q.element ?? []).filter((e) => !e.tran_id || e.tran_id === order.gatewayPaymentId);
    const valid = attempts.find((e) => VALID.has(e.status) && e.val_id);
    if (valid) return (await validate(deps, order, valid.val_id!)) ?? unknown;
    const ended = attempts.find((e) => e.status === 'FAILED' || e.status === 'CANCELLED' || e.status === 'EXPIRED');
    return ended ? { kind: 'refused', cancelled: ended.status === 'CANCELLED' } : { kind: 'not-approved' };
  } catch (err) {
    deps.log.warn({ order: order.orderId, kind: err instanceof ProviderError ? err.kind : String(err) }, 'SSLCommerz transaction query failed');
    return unknown;
  }
}

function pageOf(deps: SslcommerzDeps, order: OrderRow, outcome: Outcome, via: SslcommerzReturn): string {
  switch (outcome.kind) {
    case 'paid':
      return SUCCESS_PAGE;
    case 'mismatch':
      deps.log.error({ order: order.orderId, trx: outcome.trxID, amount: outcome.amount, total: order.totalAmount }, 'SSLCommerz moved an amount other than the order total; order cancelled, refund it');
      return cancelPage('amount');
    case 'not-approved':
      return cancelPage(via === 'cancel' ? 'cancelled' : via === 'fail' ? 'failed' : 'not-approved');
    case 'refused':
      return cancelPage(outcome.cancelled ? 'cancelled' : 'failed');
    case 'unknown':
      return cancelPage(outcome.reason);
  }
}

async function settleReturn(deps: SslcommerzDeps, tx: Tx, order: OrderRow, valId: string, via: SslcommerzReturn): Promise<string> {
  let outcome: Outcome = valId ? ((await validate(deps, order, valId)) ?? (await askQuery(deps, order))) : await askQuery(deps, order);
  // A val_id that is not this order's (forged, or replayed from another order) proves nothing: SSLCommerz's own record decides.
  if (outcome.kind === 'not-approved' && valId) outcome = await askQuery(deps, order);
  await settle(tx, order, outcome);
  return pageOf(deps, order, outcome, via);
}

/**
 * POST /payment/sslcommerz/{success,fail,cancel,ipn}: answers where to send the shopper (the IPN's answer
 * is not read by anyone). The fields are untrusted; an order already settled is never changed again.
 */
export async function handleSslcommerzReturn(deps: SslcommerzDeps | null, via: SslcommerzReturn, fields: { tran_id?: string; val_id?: string }): Promise<string> {
  const tranId = fields.tran_id ?? '';
  if (!deps || !tranId) return cancelPage('unknown');
  return deps.db.transaction(async (tx) => {
    const order = await lockOrderByPayment(tx, tranId);
    if (!order || order.gateway !== 'sslcommerz') return cancelPage('unknown');
    if (order.paymentState === 'paid' || order.paymentState === 'refunded') return SUCCESS_PAGE;
    if (order.paymentState !== 'awaiting') return cancelPage(order.trxId ? 'amount' : via === 'cancel' ? 'cancelled' : 'failed');
    return settleReturn(deps, tx, order, fields.val_id ?? '', via);
  });
}

/**
 * Sends `amount` back through SSLCommerz's refund API for the order's bank_tran_id. SSLCommerz answers
 * success (or processing) with its refund_ref_id, which is kept as the refund's id; failed is refused.
 */
export async function refundThroughSslcommerz(deps: { gateway: SslcommerzGateway | null; log: FastifyBaseLogger }, order: OrderRow, amount: number, reason: string, refeId: string): Promise<{ trxId: string; amount: number }> {
  if (order.gateway !== 'sslcommerz' || !order.trxId || !order.paidAmount) throw appError('REFUND_NOT_BKASH');
  if (!deps.gateway) throw appError('REFUND_NOT_CONFIGURED');
  try {
    const r = await deps.gateway.refund({ bankTranId: order.trxId, amount, remarks: reason, refeId });
    if ((r.status !== 'success' && r.status !== 'processing') || !r.refund_ref_id) throw appError('REFUND_INCOMPLETE', { status: r.status });
    return { trxId: r.refund_ref_id, amount };
  } catch (err) {
    throw sslcommerzError(err, deps.log, 'refund');
  }
}

/** The sweep's question for an unpaid SSLCommerz order past its time: the transaction query. */
export function sslcommerzStatus(deps: SslcommerzDeps): (order: OrderRow) => Promise<Outcome> {
  return (order) => askQuery(deps, order);
}

/**
 * POST /order/{id}/payment-hold/release: the owner has reviewed a payment SSLCommerz marked risky (risk_level 1)
 * and lets the order go on; recorded in the audit log. 409 when nothing holds it.
 */
export async function releasePaymentHold(db: Db, id: string, by: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order.paymentHold) throw appError('PAYMENT_HOLD_NONE');
    await recordPayment(tx, order.id, { paymentHold: null });
    await record(tx, by, { kind: 'order', action: 'update', targetId: order.id, label: order.orderId, before: { payment_hold: order.paymentHold }, after: { payment_hold: null } });
  });
}
