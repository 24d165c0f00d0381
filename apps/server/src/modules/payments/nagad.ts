import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@haat/shared/paths';
import type { Db } from '../../db/client';
import { appError, type AppError } from '../../lib/errors';
import { ProviderError } from '../../integrations/http';
import { nagadTakaOf, nagadTrouble, type NagadGateway, type NagadVerification } from '../../integrations/nagad/client';
import { lockOrderByPayment } from '../order-status/index';
import type { OrderRow, PaymentStarter } from '../orders/index';
import { chargeOf, outcomePage, settle, SUCCESS_PAGE, type CancelReason, type Outcome } from './bkash';

/**
 * Nagad's payment gateway (issue 46, decision 0128). The shopper comes back to the callback with a query anyone
 * could type (payment_ref_id, status, …): only Nagad's own verify API, asked with the order's paymentReferenceId,
 * marks an order paid, and only when it says Success for this order's number and its amount. The order row stays
 * locked while Nagad is asked, so duplicate and concurrent callbacks wait and then find it settled.
 */
export interface NagadDeps {
  db: Db;
  gateway: NagadGateway;
  log: FastifyBaseLogger;
}

export const NAGAD_CALLBACK_PATH = '/api/payment/nagad/callback';

const cancelPage = (reason: CancelReason) => paths.orderCancel(reason, 'nagad');

/** A payment Nagad would not open, in the shop's words; never a secret. */
function nagadError(err: unknown, log: FastifyBaseLogger): AppError {
  if (!(err instanceof ProviderError)) return err as AppError;
  const trouble = nagadTrouble(err);
  log.warn({ kind: trouble, code: err.code, nagad: err.message }, 'Nagad initialize/complete failed');
  if (trouble === 'unreachable') return appError('GATEWAY_TIMEOUT');
  if (trouble === 'auth' || err.kind === 'bad-answer') {
    log.error('Nagad refused the merchant (id, keys or server IP not whitelisted) or answered unsigned: check the NAGAD_* settings');
    return appError('GATEWAY_UNAVAILABLE');
  }
  return appError('GATEWAY_REFUSED', { detail: err.message });
}

/** The PaymentStarter orders get through AppDeps: initialize and complete for the order's total, orderId = the order's number. */
export function nagadPaymentStarter(deps: { gateway: NagadGateway; publicUrl: string }): PaymentStarter {
  return ({ log, ip }) => async (order) => {
    try {
      const started = await deps.gateway.start({ orderId: order.orderId, amount: chargeOf(order), callbackUrl: `${deps.publicUrl}${NAGAD_CALLBACK_PATH}`, client: { ip: ip ?? '' } });
      return { paymentState: 'awaiting', gateway: 'nagad', gatewayPaymentId: started.paymentReferenceId, paymentUrl: started.callBackUrl };
    } catch (err) {
      throw nagadError(err, log);
    }
  };
}

const CANCELLED = new Set(['Aborted', 'Cancelled']);
const FAILED = new Set(['Failed', 'Fraud', 'InvalidRequest', 'UnKnownFailed', 'Expired']);

/** Nagad's verify answer, read against the order: another order's or merchant's payment proves nothing. */
export function outcomeOfVerification(v: NagadVerification, order: OrderRow): Outcome {
  if ((v.orderId && v.orderId !== order.orderId) || (v.paymentRefId && v.paymentRefId !== order.gatewayPaymentId)) return { kind: 'not-approved' };
  if (v.status === 'Success') {
    const trxID = v.issuerPaymentRefNo || v.paymentRefId || order.gatewayPaymentId!;
    const amount = nagadTakaOf(v.amount);
    return amount === chargeOf(order) && v.orderId === order.orderId ? { kind: 'paid', trxID, amount } : { kind: 'mismatch', trxID, amount: Number.isFinite(amount) ? amount : 0 };
  }
  if (CANCELLED.has(v.status)) return { kind: 'refused', cancelled: true };
  if (FAILED.has(v.status)) return { kind: 'refused', cancelled: false };
  return { kind: 'not-approved' };
}

/** Nagad's verify, as an outcome; a timeout or a refusal leaves the order waiting (the sweep asks again). */
async function askVerify(deps: NagadDeps, order: OrderRow): Promise<Outcome> {
  try {
    return outcomeOfVerification(await deps.gateway.verify(order.gatewayPaymentId!), order);
  } catch (err) {
    deps.log.warn({ order: order.orderId, kind: err instanceof ProviderError ? err.kind : String(err) }, 'Nagad verify failed; the order waits');
    return { kind: 'unknown', reason: 'pending' };
  }
}

/**
 * GET /payment/nagad/callback: answers where to send the shopper. Only payment_ref_id is read (to find the
 * order); status, status_code and message are Nagad's words for the shopper's page at most, never a decision.
 */
export async function handleNagadCallback(deps: NagadDeps | null, paymentRefId: string | undefined): Promise<string> {
  if (!deps || !paymentRefId) return cancelPage('unknown');
  return deps.db.transaction(async (tx) => {
    const order = await lockOrderByPayment(tx, paymentRefId);
    if (!order || order.gateway !== 'nagad') return cancelPage('unknown');
    if (order.paymentState === 'paid' || order.paymentState === 'refunded') return SUCCESS_PAGE;
    if (order.paymentState !== 'awaiting') return cancelPage(order.trxId ? 'amount' : 'failed');
    const outcome = await askVerify(deps, order);
    await settle(tx, order, outcome);
    return outcomePage(deps.log, order, outcome, 'Nagad', cancelPage);
  });
}

/** The sweep's question for an unpaid Nagad order past its time: verify. */
export function nagadStatus(deps: NagadDeps): (order: OrderRow) => Promise<Outcome> {
  return (order) => askVerify(deps, order);
}
