import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { formatTaka } from '@haat/shared/money';
import type { Db, DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { smsRetryable, type SmsSender } from '../../lib/sms';
import { PermanentJobError, type JobRun, type Jobs } from '../../lib/jobs';

export type OrderNotice = 'placed' | 'booked' | 'delivered';

/** What notifyOrder needs; built once per app (app.ts) and handed to every module as deps.notify. */
export interface NotifyDeps {
  db: Db;
  sms: SmsSender;
  /** SMS go out as durable jobs (decision 0073), after the change that causes them commits. */
  jobs: Jobs;
  log: FastifyBaseLogger;
  shopName: string;
}

/** Tries of one SMS while the gateway cannot be reached (the queue's back-off between them). */
const SMS_ATTEMPTS = 3;

/**
 * The texts, in Bengali: a masked sender may only send Bengali (BulkSMSBD
 * 1012), and Bengali SMS are UCS-2, 70 characters a segment, so each fits one
 * segment for a short shop name. Amounts by the web's one formatter (formatTaka,
 * bn-BD: '১,২৪১.০০৳', decision 0050), codes as they are.
 */
export function smsText(shopName: string, notice: OrderNotice, order: { orderId: string; totalAmount: number }, extra: { trackingCode?: string } = {}): string {
  switch (notice) {
    case 'placed':
      return `${shopName}: অর্ডার ${order.orderId} পেয়েছি, মোট ${formatTaka(order.totalAmount)}। ধন্যবাদ!`;
    case 'booked':
      return `${shopName}: অর্ডার ${order.orderId} কুরিয়ারে, ট্র্যাকিং ${extra.trackingCode ?? ''}`.trimEnd();
    case 'delivered':
      return `${shopName}: অর্ডার ${order.orderId} ডেলিভারি হয়েছে। ধন্যবাদ!`;
  }
}

/** One UCS-2 SMS segment: a Bengali text longer than this is sent (and paid) as two or more. */
const SEGMENT = 70;

/** Titles many Bangladeshi names start with: "Md., Haat: …" greets nobody, so they are skipped. */
const TITLES = new Set(['md', 'mohammad', 'mohammed', 'muhammad', 'mst', 'mosammat', 'mrs', 'mr', 'ms', 'dr', 'মো', 'মোঃ', 'মোহাম্মদ', 'মুহাম্মদ', 'মোসাম্মৎ', 'মোছাঃ', 'মিসেস', 'ডা']);

/**
 * The text addressed to the recipient by name ("রহিম, Haat: …") when that still
 * fits one segment; a long name is left out rather than doubling the cost.
 */
export function greeted(name: string, text: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.find((w) => !TITLES.has(w.toLowerCase().replace(/[.:]+$/, ''))) ?? '';
  const withName = `${first}, ${text}`;
  return first && withName.length <= SEGMENT ? withName : text;
}

/** The event's id is the job's: a job tried again after its SMS went out sends it no second time. */
async function record(db: Db, id: string, orderId: string, status: 'sent' | 'failed', message: string) {
  await db
    .insert(orderEvents)
    .values({ id, orderId, kind: 'sms', status, message })
    .onConflictDoUpdate({ target: orderEvents.id, set: { status, message } });
}

const ORDER_SMS = 'sms.order';
const orderSmsPayload = z.object({ orderId: z.string(), notice: z.enum(['placed', 'booked', 'delivered']), trackingCode: z.string().optional() });

/**
 * Queues the shopper's SMS for an order event in db's transaction (the
 * order's, when it has one): it goes out once that commits, never when it
 * rolls back. The courier code calls this with 'booked' (and the tracking
 * code) and 'delivered'.
 */
export async function notifyOrder(deps: NotifyDeps, db: DbOrTx, id: string, notice: OrderNotice, extra: { trackingCode?: string } = {}): Promise<void> {
  await deps.jobs.enqueue(db, ORDER_SMS, { orderId: id, notice, ...(extra.trackingCode ? { trackingCode: extra.trackingCode } : {}) }, { maxAttempts: SMS_ATTEMPTS });
}

/**
 * The job: sends the SMS, retried (by the queue, with back-off) while the
 * gateway cannot be reached; a refusal or the last failure is recorded on the
 * order (order_events) and the job ends failed. An SMS never fails an order.
 */
async function sendOrderSms(deps: NotifyDeps, p: z.infer<typeof orderSmsPayload>, job: JobRun): Promise<void> {
  const [done] = await deps.db.select({ id: orderEvents.id }).from(orderEvents).where(and(eq(orderEvents.id, job.id), eq(orderEvents.status, 'sent')));
  if (done) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, p.orderId));
  if (!order) return; // deleted meanwhile: nobody to tell
  // The recipient's number (the address's), not the wallet number a paid order was sent from.
  const address = order.deliveryAddress ?? order.guestDeliveryAddress;
  const to = address?.mobile || order.mobile;
  const text = greeted(address?.name || order.customerName, smsText(deps.shopName, p.notice, order, p));
  try {
    const receipt = await deps.sms.send({ to, text });
    await record(deps.db, job.id, order.id, 'sent', `${p.notice} via ${deps.sms.name} (${receipt.messageId}): ${text}`);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const final = !smsRetryable(err) || job.attempt >= job.maxAttempts;
    if (!final) throw err;
    await record(deps.db, job.id, order.id, 'failed', `${p.notice}: ${reason} (after ${job.attempt} ${job.attempt === 1 ? 'attempt' : 'attempts'})`);
    throw new PermanentJobError(reason);
  }
}

/** Registers the SMS job's handler on the queue (app.ts). */
export function handleOrderSms(deps: NotifyDeps): void {
  deps.jobs.handle(ORDER_SMS, orderSmsPayload, (p, job) => sendOrderSms(deps, p, job));
}

/** The order's events, oldest first, as the admin sees them. */
export async function listOrderEvents(db: Db, id: string) {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => ({ kind: r.kind, status: r.status, message: r.message, at: r.createdAt.toISOString() }));
}
