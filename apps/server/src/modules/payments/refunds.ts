import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { STOCK_RELEASED_STATUSES } from '@haat/shared/constants';
import { GUIDELINE_DEFAULTS } from '@haat/shared/guidelines';
import { GATEWAY_REFUND_METHOD, type ManualRefundMethod, type RefundMethod } from '@haat/shared/returns';
import type { Db, Tx } from '../../db/client';
import { orderReturns, refunds, users } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { defineJob, PermanentJobError, type Jobs } from '../../lib/jobs';
import { ProviderError } from '../../integrations/http';
import { bkashTrouble, takaOf, type BkashGateway, type BkashRefund } from '../../integrations/bkash/client';
import { record } from '../audit/index';
import { notifyOrder, recordOrderEvent, type NotifyDeps } from '../notify/index';
import { lockOrder, recordPayment, type OrderRow } from '../order-status/index';
import { orderById, type OrderView } from '../orders/index';
import { bkashError, readRefundLimit } from './bkash';
import { refundThroughSslcommerz } from './sslcommerz';
import type { SslcommerzGateway } from '../../integrations/sslcommerz/client';

/**
 * Every refund of an order (issue 27, decision 0075), one table: through
 * bKash's refund API (whole or partial), or recorded by hand (cash, a wallet
 * sent to from the shop's phone: method, transaction id, who). The order's
 * refunded_amount is the running total; no refund takes it past what was paid.
 */

export interface RefundDeps {
  gateway: BkashGateway | null;
  /** SSLCommerz's refund API (decision 0120), when SSLCommerz is on. */
  sslcommerz?: SslcommerzGateway | null;
  log: FastifyBaseLogger;
  notify: NotifyDeps;
}

/**
 * What the shopper paid for an order: bKash's confirmed amount; a COD order once delivered (its advance included,
 * decision 0114), else its paid advance; a typed wallet payment's total.
 */
export function paidOf(order: OrderRow): number {
  if (order.paymentStatus === 'CASH-ON-DELIVERY' && order.deliveredAt) return order.totalAmount;
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

/** The gateways' refund APIs, by refund method: bKash's or SSLCommerz's (decision 0120). */
export const GATEWAY_REFUND_METHODS: readonly RefundMethod[] = ['bkash', 'sslcommerz'];

async function refundThroughGateway(deps: Pick<RefundDeps, 'gateway' | 'sslcommerz' | 'log'>, tx: Tx, order: OrderRow, method: RefundMethod, amount: number, reason: string, refeId: string) {
  if (method === 'sslcommerz') return refundThroughSslcommerz({ gateway: deps.sslcommerz ?? null, log: deps.log }, order, amount, reason, refeId);
  return refundThroughBkash(deps, tx, order, amount, reason);
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
  /** A refund owed (a 'due' or 'failed' row) that this one settles: that row is marked done rather than a new one written (decision 0081). */
  owedId?: string;
  /** The shopper's language for the SMS, when they chose one (a return request); Bangla otherwise. */
  lang?: 'bn' | 'en';
}

async function nameOf(tx: Tx, id: string): Promise<string> {
  const [u] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return u?.name || u?.email || '';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Advisory-lock key space for one staff member's refunds (two-key form; the OTP core uses 2601-2602). */
const LOCK_REFUNDER = 2611;

/**
 * Checks that `amount` may go back on the locked order: within what was paid
 * less refunds made (409 REFUND_OVER_ORDER), and for the Orders role within the
 * owner's limit (403, decision 0066): this refund (REFUND_OVER_LIMIT), with
 * every refund the order has had (REFUND_ORDER_OVER_LIMIT), and with the staff
 * member's own refunds of the last 24 hours on any order (REFUND_DAILY_OVER_LIMIT),
 * so splitting a refund passes nothing the whole would not (issue 41).
 */
export async function assertRefundable(tx: Tx, order: OrderRow, amount: number, by: Actor | null): Promise<void> {
  if (paidOf(order) <= 0) throw appError('REFUND_NOTHING_PAID');
  const max = refundableOf(order);
  if (amount > max) throw appError('REFUND_OVER_ORDER', { max });
  if (by?.role === 'ORDERS') {
    const limit = await readRefundLimit(tx);
    if (amount > limit) throw appError('REFUND_OVER_LIMIT', { limit, amount });
    const refunded = order.refundedAmount ?? 0;
    if (refunded + amount > limit) throw appError('REFUND_ORDER_OVER_LIMIT', { limit, refunded, amount });
    // The order is locked, but one person's refunds span orders: their own lock keeps two at once from both passing.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_REFUNDER}, hashtext(${by.id}))`);
    const [today] = await tx
      .select({ sum: sql<string | null>`sum(${refunds.amount})` })
      .from(refunds)
      .where(and(eq(refunds.byId, by.id), eq(refunds.state, 'done'), gt(refunds.doneAt, new Date(Date.now() - DAY_MS))));
    const spent = Number(today?.sum ?? 0);
    if (spent + amount > limit) throw appError('REFUND_DAILY_OVER_LIMIT', { limit, spent, amount });
  }
}

/** The refund's effect on the order: the running total, and for bKash its last refund's id once everything paid went back. */
async function recordOnOrder(tx: Tx, order: OrderRow, amount: number, method: RefundMethod, trxId: string, reason: string) {
  const refundedAmount = (order.refundedAmount ?? 0) + amount;
  const whole = refundedAmount >= paidOf(order);
  const columns = {
    refundedAmount,
    refundReason: reason,
    ...(GATEWAY_REFUND_METHODS.includes(method) && whole && { refundTrxId: trxId, paymentState: order.paymentState === 'paid' ? ('refunded' as const) : order.paymentState }),
  };
  await recordPayment(tx, order.id, columns);
  return columns;
}

/** A refund made (by hand, bKash's API or its job): the order's running total, its timeline and the shopper's SMS. */
async function refundMade(deps: Pick<RefundDeps, 'notify'>, tx: Tx, order: OrderRow, made: { amount: number; trxId: string }, method: RefundMethod, reason: string, lang?: 'bn' | 'en') {
  const after = await recordOnOrder(tx, order, made.amount, method, made.trxId, reason);
  await recordOrderEvent(tx, order.id, 'refund', 'done', `৳${made.amount} refunded by ${method}${made.trxId ? ` (${made.trxId})` : ''}: ${reason}`);
  await notifyOrder(deps.notify, tx, order.id, 'refunded', { amount: made.amount, lang });
  return after;
}

/**
 * Makes a refund now, on the locked order, inside the caller's transaction:
 * bKash is asked (the row stays locked meanwhile, so two refunds cannot both go
 * out) or the owner's record of money sent back by hand is kept — a new row,
 * or the owed row it settles (`owedId`, locked by the caller). Recorded on the
 * order, its timeline, the audit log, and the shopper is told by SMS.
 */
export async function makeRefund(deps: RefundDeps, tx: Tx, order: OrderRow, input: RefundInput, by: Actor): Promise<string> {
  await assertRefundable(tx, order, input.amount, by);
  const id = input.owedId ?? newId();
  const made = GATEWAY_REFUND_METHODS.includes(input.method) ? await refundThroughGateway(deps, tx, order, input.method, input.amount, input.reason, id) : { trxId: input.trxId ?? '', amount: input.amount };
  const now = new Date();
  const done = { method: input.method, amount: made.amount, state: 'done' as const, reason: input.reason, trxId: made.trxId, byId: by.id, byName: await nameOf(tx, by.id), doneAt: now, lastError: '' };
  if (input.owedId) await tx.update(refunds).set(done).where(eq(refunds.id, input.owedId));
  else await tx.insert(refunds).values({ id, orderId: order.id, returnId: input.returnId ?? null, dueAt: input.dueAt ?? now, ...done });
  const after = await refundMade(deps, tx, order, made, input.method, input.reason, input.lang);
  await record(tx, by, { kind: 'refund', action: 'refund', targetId: order.id, label: order.orderId, before: { paymentState: order.paymentState, refundedAmount: order.refundedAmount }, after: { ...after, method: input.method, amount: made.amount, trxId: made.trxId } });
  return id;
}

/** A bKash refund owed, made by this job: tried 5 times (a slow bKash keeps the queue's longer lease). */
export const refundJob = defineJob('refund.bkash', z.object({ refundId: z.string() }), { attempts: 5 });

/**
 * A refund owed but not made on the spot (an order that cannot be supplied): a
 * 'due' row with its due_at, on the order's timeline. A bKash one is made by a
 * durable job queued in the same transaction (decision 0073); any other (a
 * typed wallet payment's, decision 0081) waits for the owner to record it as
 * sent by hand (recordOwedRefund), and counts as overdue past its due time.
 */
export async function scheduleRefund(jobs: Jobs, tx: Tx, order: OrderRow, owed: { method: RefundMethod; amount: number; reason: string; dueAt: Date }, by: Actor | null): Promise<string> {
  const id = newId();
  await tx.insert(refunds).values({ id, orderId: order.id, method: owed.method, amount: owed.amount, state: 'due', reason: owed.reason, byId: by?.id ?? '', byName: by ? await nameOf(tx, by.id) : '', dueAt: owed.dueAt });
  await recordOrderEvent(tx, order.id, 'refund', 'due', `৳${owed.amount} to refund by ${owed.method} by ${owed.dueAt.toISOString()}: ${owed.reason}`);
  if (GATEWAY_REFUND_METHODS.includes(owed.method)) await refundJob.enqueue(jobs, tx, { refundId: id });
  return id;
}

/**
 * An owed refund still open, and its order, both locked (the order first, as every refund and return locks
 * them): 404 for an unknown one, 409 once it is recorded or closed.
 */
async function lockOpenRefund(tx: Tx, refundId: string) {
  const [found] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!found) throw appError('REFUND_NOT_FOUND');
  const order = await lockOrder(tx, found.orderId);
  const [owed] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!owed) throw appError('REFUND_NOT_FOUND');
  if (owed.state === 'done') throw appError('REFUND_ALREADY_RECORDED', { trxId: owed.trxId || owed.method });
  if (owed.state === 'void') throw appError('REFUND_VOIDED');
  return { order, owed };
}

/**
 * POST /refunds/{id}/record (decision 0081): the owner records a refund owed
 * as sent by hand — a typed wallet payment's (due), or a bKash refund bKash
 * refused (failed). The order is locked first (as every refund locks it), then
 * the refund row: a second record finds it done (409) and changes nothing; a
 * bKash refund still due is its job's to make (409). The amount is at most
 * what is owed and what is left on the order; left out, all that is owed.
 */
export async function recordOwedRefund(deps: RefundDeps & { db: Db }, refundId: string, input: { method: ManualRefundMethod; amount?: number; trx_id: string; note: string }, by: Actor): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const { order, owed } = await lockOpenRefund(tx, refundId);
    if (owed.state === 'due' && GATEWAY_REFUND_METHODS.includes(owed.method)) throw appError('REFUND_BKASH_PENDING');
    const left = refundableOf(order);
    const amount = input.amount ?? Math.min(owed.amount, left);
    if (amount > owed.amount) throw appError('REFUND_OVER_DUE', { max: owed.amount });
    if (amount < 1) throw appError('REFUND_OVER_ORDER', { max: left });
    const [asked] = owed.returnId ? await tx.select({ lang: orderReturns.lang }).from(orderReturns).where(eq(orderReturns.id, owed.returnId)) : [];
    await makeRefund(deps, tx, order, { method: input.method, amount, reason: input.note || owed.reason, trxId: input.trx_id, owedId: owed.id, lang: asked?.lang }, by);
    return order.id;
  });
}

/**
 * POST /refunds/{id}/void (decision 0081): a refund owed for a transaction id
 * the shopper typed, under which no money arrived (a wrong or made-up id), is
 * closed by the owner with the reason: nothing goes back, no SMS, and it is no
 * longer due (card, count, notice). Only such a refund, while still due: a
 * bKash refund or a return's refund is money that did arrive (409).
 */
export async function voidOwedRefund(db: Db, refundId: string, note: string, by: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const { order, owed } = await lockOpenRefund(tx, refundId);
    if (owed.state !== 'due' || owed.method === 'bkash' || owed.returnId || order.gatewayPaymentId) throw appError('REFUND_NOT_VOIDABLE');
    await tx.update(refunds).set({ state: 'void', note, byId: by.id, byName: await nameOf(tx, by.id), doneAt: new Date() }).where(eq(refunds.id, owed.id));
    await recordOrderEvent(tx, order.id, 'refund', 'void', `No payment arrived under ${order.transactionId}: the ৳${owed.amount} owed is closed (${note}).`);
    await record(tx, by, { kind: 'refund', action: 'update', targetId: order.id, label: order.orderId, before: { state: 'due', owed: owed.amount, note: '' }, after: { state: 'void', owed: 0, note } });
    return order.id;
  });
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
      const made = await refundThroughGateway(deps, tx, order, due.method, amount, due.reason, due.id);
      await tx.update(refunds).set({ state: 'done', amount: made.amount, trxId: made.trxId, doneAt: new Date(), lastError: '' }).where(eq(refunds.id, due.id));
      await refundMade(deps, tx, order, made, due.method, due.reason);
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
  deps.jobs.handle(refundJob, (p) => performDueRefund(deps, p.refundId));
}

/**
 * POST /order/{id}/refund: gives back what bKash says was paid, less any
 * refund of returned items made already (decision 0075), once, for an order in
 * Cancel or Return. The row stays locked while bKash is asked, so two refunds
 * cannot both go out.
 */
export async function refundOrder(deps: RefundDeps & { db: Db }, id: string, reason: string, by: Actor): Promise<OrderView> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.refundTrxId) throw appError('REFUND_ALREADY', { trxId: order.refundTrxId });
    if (!order.trxId || !order.gatewayPaymentId || !order.paidAmount) throw appError('REFUND_NOT_BKASH');
    if (!STOCK_RELEASED_STATUSES.includes(order.status)) throw appError('REFUND_NOT_RELEASED');
    const method = GATEWAY_REFUND_METHOD[order.gateway ?? 'bkash'];
    // No refund API (Nagad's gateway, decision 0128): the refund is owed, for the owner to send from the shop's
    // wallet and record (POST /refunds/{id}/record), as a typed wallet payment's is (decision 0081). Once only.
    if (!GATEWAY_REFUND_METHODS.includes(method)) {
      const [open] = await tx.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'due')));
      // Due within the guidelines' refund time, as an unsupplied order's (returns' cancelledUnsupplied).
      const dueAt = new Date(Date.now() + GUIDELINE_DEFAULTS.unsuppliedRefundHours * 3600_000);
      if (!open) await scheduleRefund(deps.notify.jobs, tx, order, { method, amount: refundableOf(order), reason, dueAt }, by);
      return;
    }
    if (!(method === 'sslcommerz' ? deps.sslcommerz : deps.gateway)) throw appError('REFUND_NOT_CONFIGURED');
    await makeRefund(deps, tx, order, { method, amount: refundableOf(order), reason }, by);
  });
  return (await orderById(deps.db, id))!;
}
