import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatTaka } from '@haat/shared/money';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { newId } from '../../lib/ids';
import { smsRetryable, type SmsSender } from '../../lib/sms';
import type { TaskQueue } from '../../lib/task-queue';

export type OrderNotice = 'placed' | 'booked' | 'delivered';

/** What notifyOrder needs; built once per app (app.ts) and handed to every module as deps.notify. */
export interface NotifyDeps {
  db: Db;
  sms: SmsSender;
  /** SMS go out after the answer, one at a time, so a slow gateway never slows an order. */
  queue: TaskQueue;
  log: FastifyBaseLogger;
  shopName: string;
  /** Waits before the 2nd, 3rd… attempt of a message the gateway could not take. */
  retryDelaysMs: number[];
}

export const SMS_RETRY_DELAYS_MS = [2_000, 10_000];

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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function record(db: Db, orderId: string, status: 'sent' | 'failed', message: string) {
  await db.insert(orderEvents).values({ id: newId(), orderId, kind: 'sms', status, message });
}

/**
 * Queues the shopper's SMS for an order event and returns at once. The send
 * is retried while the gateway cannot be reached; a refusal or the last
 * failure is logged and recorded on the order (order_events), never thrown:
 * an SMS never fails an order. The courier code calls this with 'booked'
 * (and the tracking code) and 'delivered'.
 */
export function notifyOrder(deps: NotifyDeps, id: string, notice: OrderNotice, extra: { trackingCode?: string } = {}): void {
  deps.queue.push(`sms ${notice}`, async () => {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
    if (!order) return; // deleted meanwhile: nobody to tell
    // The recipient's number (the address's), not the wallet number a paid order was sent from.
    const address = order.deliveryAddress ?? order.guestDeliveryAddress;
    const to = address?.mobile || order.mobile;
    const text = greeted(address?.name || order.customerName, smsText(deps.shopName, notice, order, extra));
    for (let attempt = 0; ; attempt++) {
      try {
        const receipt = await deps.sms.send({ to, text });
        await record(deps.db, id, 'sent', `${notice} via ${deps.sms.name} (${receipt.messageId}): ${text}`);
        return;
      } catch (err) {
        const retryable = smsRetryable(err);
        const reason = err instanceof Error ? err.message : String(err);
        if (retryable && attempt < deps.retryDelaysMs.length) {
          deps.log.warn({ order: order.orderId, attempt: attempt + 1, reason }, 'sms failed; will retry');
          await wait(deps.retryDelaysMs[attempt]!);
          continue;
        }
        deps.log.error({ order: order.orderId, notice, reason, attempts: attempt + 1 }, 'sms not sent');
        await record(deps.db, id, 'failed', `${notice}: ${reason} (after ${attempt + 1} ${attempt === 0 ? 'attempt' : 'attempts'})`);
        return;
      }
    }
  });
}

/** The order's events, oldest first, as the admin sees them. */
export async function listOrderEvents(db: Db, id: string) {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => ({ kind: r.kind, status: r.status, message: r.message, at: r.createdAt.toISOString() }));
}
