import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { STOCK_RELEASED_STATUSES } from '@haat/shared/constants';
import type { RefundMethod } from '@haat/shared/returns';
import type { Db, Tx } from '../../db/client';
import { refunds, users } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { PermanentJobError, type Jobs } from '../../lib/jobs';
import { ProviderError } from '../../integrations/http';
import { bkashTrouble, takaOf, type BkashGateway, type BkashRefund } from '../../integrations/bkash/client';
import { record } from '../audit/index';
import { notifyOrder, recordOrderEvent, type NotifyDeps } from '../notify/index';
import { lockOrder, recordPayment, type OrderRow } from '../order-status/index';
import { orderById, type OrderView } from '../orders/index';
import { bkashError, readRefundLimit } from './bkash';

/**
 * Every refund of an order (issue 27, decision 0075), one table: through
 * bKash's refund API (whole or partial), or recorded by hand (cash, a wallet
 * sent to from the shop's phone: method, transaction id, who). The order's
 * refunded_amount is the running total; no refund takes it past what was paid.
 */

export interface RefundDeps {
  gateway: BkashGateway | null;
  log: FastifyBaseLogger;
  notify: NotifyDeps;
}

/** What the shopper paid for an order: bKash's confirmed amount; a COD order once delivered; a typed wallet payment's total. */
export function paidOf(order: OrderRow): number {
  if (order.gatewayPaymentId) return order.paymentState === 'paid' || order.paymentState === 'refunded' ? (order.paidAmount ?? 0) : 0;
  if (order.paymentStatus === 'CASH-ON-DELIVERY') return order.deliveredAt ? order.totalAmount : 0;
  return order.totalAmount;
}

/** What may still go back on the order: paid, less every refund made. */
export function refundableOf(order: OrderRow): number {
  return Math.max(0, paidOf(order) - (order.refundedAmount ?? 0));
}

const paidByBkash = (order: OrderRow) => !!(order.trxId && order.gatewayPaymentId && order.paidAmount);

/**
 * Sends `amount` back through bKash and answers bKash's refund. A refund that
 * timed out (or that bKash says it made already) may have gone through: bKash's
 * latest refund of the payment is taken as this one only when it is of this
 * amount and not one the shop recorded already; otherwise the error stands.
 */
export async function refundThroughBkash(deps: Pick<RefundDeps, 'gateway' | 'log'>, tx: Tx, order: OrderRow, amount: number, reason: string): Promise<{ trxId: string; amount: number }> {
  if (!paidByBkash(order)) throw appError('REFUND_NOT_BKASH');
  if (!deps.gateway) throw appError('REFUND_NOT_CONFIGURED');
  const ids = { paymentID: order.gatewayPaymentId!, trxID: order.trxId! };
  let refund: BkashRefund;
  try {
    refund = await deps.gateway.refund({ ...ids, amount, sku: order.orderId, reason });
  } catch (err) {
    let last: BkashRefund;
    try {
      last = await deps.gateway.refundStatus(ids);
    } catch {
      throw bkashError(err, deps.log, 'refund');
    }
    const [known] = await tx.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.orderId, order.id), eq(refunds.trxId, last.refundTrxID)));
    if (known || order.refundTrxId === last.refundTrxID || takaOf(last.amount) !== amount) throw bkashError(err, deps.log, 'refund');
    refund = last;
  }
  if (refund.transactionStatus !== 'Completed' || !refund.refundTrxID) throw appError('REFUND_INCOMPLETE', { status: refund.transactionStatus });
  const moved = takaOf(refund.amount);
  return { trxId: refund.refundTrxID, amount: Number.isFinite(moved) ? moved : amount };
}

export interface RefundInput {
  method: RefundMethod;
  amount: number;
  reason: string;
  /** A wallet's transaction id typed by the owner (bKash's own refundTrxID for method 'bkash'). */
  trxId?: string;
  returnId?: string | null;
  /** When it must be done by; now for a refund made on the spot. */
  dueAt?: Date;
}

async function nameOf(tx: Tx, id: string): Promise<string> {
  const [u] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return u?.name || u?.email || '';
}

/**
 * Checks that `amount` may go back on the locked order: within what was paid
 * less refunds made (409 REFUND_OVER_ORDER), and for the Orders role within the
 * owner's limit (403 REFUND_OVER_LIMIT, decision 0066).
 */
export async function assertRefundable(tx: Tx, order: OrderRow, amount: number, by: Actor | null): Promise<void> {
  if (paidOf(order) <= 0) throw appError('REFUND_NOTHING_PAID');
  const max = refundableOf(order);
  if (amount > max) throw appError('REFUND_OVER_ORDER', { max });
  if (by?.role === 'ORDERS') {
    const limit = await readRefundLimit(tx);
    if (amount > limit) throw appError('REFUND_OVER_LIMIT', { limit, amount });
  }
}

/** The refund's effect on the order: the running total, and for bKash its last refund's id once everything paid went back. */
async function recordOnOrder(tx: Tx, order: OrderRow, amount: number, method: RefundMethod, trxId: string, reason: string) {
  const refundedAmount = (order.refundedAmount ?? 0) + amount;
  const whole = refundedAmount >= paidOf(order);
  const columns = {
    refundedAmount,
    refundReason: reason,
    ...(method === 'bkash' && whole && { refundTrxId: trxId, paymentState: order.paymentState === 'paid' ? ('refunded' as const) : order.paymentState }),
  };
  await recordPayment(tx, order.id, columns);
  return columns;
}

/**
 * Makes a refund now, on the locked order, inside the caller's transaction:
 * bKash is asked (the row stays locked meanwhile, so two refunds cannot both go
 * out) or the owner's record of money sent back by hand is kept. Recorded on
 * the order, its timeline, the audit log, and the shopper is told by SMS.
 */
export async function makeRefund(deps: RefundDeps, tx: Tx, order: OrderRow, input: RefundInput, by: Actor): Promise<string> {
  await assertRefundable(tx, order, input.amount, by);
  const made = input.method === 'bkash' ? await refundThroughBkash(deps, tx, order, input.amount, input.reason) : { trxId: input.trxId ?? '', amount: input.amount };
  const id = newId();
  const now = new Date();
  await tx.insert(refunds).values({
    id,
    orderId: order.id,
    returnId: input.returnId ?? null,
    method: input.method,
    amount: made.amount,
    state: 'done',
    reason: input.reason,
    trxId: made.trxId,
    byId: by.id,
    byName: await nameOf(tx, by.id),
    dueAt: input.dueAt ?? now,
    doneAt: now,
  });
  const after = await recordOnOrder(tx, order, made.amount, input.method, made.trxId, input.reason);
  await record(tx, by, { kind: 'refund', action: 'refund', targetId: order.id, label: order.orderId, before: { paymentState: order.paymentState, refundedAmount: order.refundedAmount }, after: { ...after, method: input.method, amount: made.amount, trxId: made.trxId } });
  await recordOrderEvent(tx, order.id, 'refund', 'done', `৳${made.amount} refunded by ${input.method}${made.trxId ? ` (${made.trxId})` : ''}: ${input.reason}`);
  await notifyOrder(deps.notify, tx, order.id, 'refunded', { amount: made.amount });
  return id;
}

const REFUND_JOB = 'refund.bkash';

/**
 * A bKash refund owed but not made on the spot (an order that cannot be
 * supplied): a 'due' row with its due_at, and a durable job that makes it,
 * queued in the same transaction (decision 0073).
 */
export async function scheduleBkashRefund(jobs: Jobs, tx: Tx, order: OrderRow, amount: number, reason: string, dueAt: Date, by: Actor | null): Promise<string> {
  const id = newId();
  await tx.insert(refunds).values({ id, orderId: order.id, method: 'bkash', amount, state: 'due', reason, byId: by?.id ?? '', byName: by ? await nameOf(tx, by.id) : '', dueAt });
  await recordOrderEvent(tx, order.id, 'refund', 'due', `৳${amount} to refund by bKash by ${dueAt.toISOString()}: ${reason}`);
  await jobs.enqueue(tx, REFUND_JOB, { refundId: id }, { maxAttempts: 5 });
  return id;
}

/**
 * The job: makes a due bKash refund once. bKash down or not answering is tried
 * again (the queue's back-off); a refusal marks the refund failed with bKash's
 * words, for the owner to settle by hand. A refund already done is left alone.
 */
async function performDueRefund(deps: RefundDeps & { db: Db }, refundId: string): Promise<void> {
  const failure = await deps.db.transaction(async (tx) => {
    const [due] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!due || due.state !== 'due') return null;
    const order = await lockOrder(tx, due.orderId);
    try {
      const amount = Math.min(due.amount, refundableOf(order));
      if (amount <= 0) throw appError('REFUND_OVER_ORDER', { max: 0 });
      const made = await refundThroughBkash(deps, tx, order, amount, due.reason);
      await tx.update(refunds).set({ state: 'done', amount: made.amount, trxId: made.trxId, doneAt: new Date(), lastError: '' }).where(eq(refunds.id, due.id));
      await recordOnOrder(tx, order, made.amount, 'bkash', made.trxId, due.reason);
      await recordOrderEvent(tx, order.id, 'refund', 'done', `৳${made.amount} refunded by bkash (${made.trxId}): ${due.reason}`);
      await notifyOrder(deps.notify, tx, order.id, 'refunded', { amount: made.amount });
      return null;
    } catch (err) {
      const retry = err instanceof ProviderError ? bkashTrouble(err) !== 'refused' : (err as { statusCode?: number }).statusCode === 503;
      if (retry) throw err;
      const message = err instanceof Error ? err.message : String(err);
      // Kept (this transaction commits); the job then ends failed, for the owner to settle by hand.
      await tx.update(refunds).set({ state: 'failed', lastError: message.slice(0, 500) }).where(eq(refunds.id, due.id));
      await recordOrderEvent(tx, order.id, 'refund', 'failed', `bKash refund of ৳${due.amount} failed: ${message}`);
      return message;
    }
  });
  if (failure) throw new PermanentJobError(failure);
}

export function handleDueRefunds(deps: RefundDeps & { db: Db; jobs: Jobs }): void {
  deps.jobs.handle(REFUND_JOB, z.object({ refundId: z.string() }), (p) => performDueRefund(deps, p.refundId));
}

/**
 * POST /order/{id}/refund: gives back what bKash says was paid, less any
 * refund of returned items made already (decision 0075), once, for an order in
 * Cancel or Return. The row stays locked while bKash is asked, so two refunds
 * cannot both go out.
 */
export async function refundOrder(deps: { db: Db; gateway: BkashGateway | null; log: FastifyBaseLogger; notify: NotifyDeps }, id: string, reason: string, by: Actor): Promise<OrderView> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.refundTrxId) throw appError('REFUND_ALREADY', { trxId: order.refundTrxId });
    if (!order.trxId || !order.gatewayPaymentId || !order.paidAmount) throw appError('REFUND_NOT_BKASH');
    if (!STOCK_RELEASED_STATUSES.includes(order.status)) throw appError('REFUND_NOT_RELEASED');
    if (!deps.gateway) throw appError('REFUND_NOT_CONFIGURED');
    await makeRefund(deps, tx, order, { method: 'bkash', amount: refundableOf(order), reason }, by);
  });
  return (await orderById(deps.db, id))!;
}
