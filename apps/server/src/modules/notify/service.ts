import { amountDueOnDelivery } from '@haat/shared/pricing';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatTaka } from '@haat/shared/money';
import type { Db, DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { smsRetryable } from '../../lib/sms';
import { defineJob, MESSAGE_LEASE_SECONDS, PermanentJobError, type JobRun } from '../../lib/jobs';
import { newId } from '../../lib/ids';
import type { NotifyDeps } from '../../ports';
import { ProviderError } from '../../integrations/http';

/** The order's own notices, then the returns' and refunds' (issue 27, decision 0075), and an exchange's steps named as its own (issue 42). */
export const ORDER_NOTICES = [
  'placed',
  'booked',
  'delivered',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'refunded',
  'unsupplied',
  'exchange_placed',
  'exchange_requested',
  'exchange_approved',
  'exchange_rejected',
  'exchange_received',
] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];
type ReturnStep = 'requested' | 'approved' | 'rejected' | 'received';

/** A return's or an exchange's step as the shopper is told it: an exchange is never called a return (issue 42). */
export const returnNotice = (kind: 'return' | 'exchange', step: ReturnStep): OrderNotice => `${kind}_${step}`;
/** What a notice may name besides the order: a tracking code, an amount refunded, the owner's note, the replacement order. */
export interface NoticeExtra {
  trackingCode?: string;
  amount?: number;
  note?: string;
  other?: string;
  /** The shopper's language when they asked (a return request); Bangla otherwise. */
  lang?: 'bn' | 'en';
}

/** What notifyOrder needs (a port, ports.ts); built once per app (app.ts) and handed to every module as deps.notify. */
export type { NotifyDeps };

/** What a text is made of: the shop's name, the order's code and total, and the notice's extra. */
interface TextParts {
  shop: string;
  id: string;
  total: number;
  /** A COD order with a partial advance (decision 0114): what the rider collects; absent for any other order. */
  due?: number;
  /** A phone order waiting for its advance (decision 0130): bKash's page the buyer pays it on. */
  link?: string;
  extra: NoticeExtra;
}

/**
 * The texts, in Bengali: a masked sender may only send Bengali (BulkSMSBD
 * 1012), and Bengali SMS are UCS-2, 70 characters a segment, so each fits one
 * segment for a short shop name. Amounts by the web's one formatter (formatTaka,
 * bn-BD: '১,২৪১.০০৳', decision 0050), codes as they are.
 */
const BANGLA: Record<OrderNotice, (t: TextParts) => string> = {
  placed: ({ shop, id, total, due, link }) =>
    due === undefined
      ? `${shop}: অর্ডার ${id} পেয়েছি, মোট ${formatTaka(total)}। ধন্যবাদ!`
      : link
        ? `${shop}: অর্ডার ${id}, মোট ${formatTaka(total)}। অগ্রিম ${formatTaka(total - due)} বিকাশে দিন: ${link} বাকি ${formatTaka(due)} ডেলিভারিতে।`
        : `${shop}: অর্ডার ${id} পেয়েছি, মোট ${formatTaka(total)}, অগ্রিম ${formatTaka(total - due)}, ডেলিভারিতে ${formatTaka(due)}।`,
  booked: ({ shop, id, due, extra }) => `${shop}: অর্ডার ${id} কুরিয়ারে, ট্র্যাকিং ${extra.trackingCode ?? ''}${due === undefined ? '' : `, ডেলিভারিতে ${formatTaka(due)}`}`.trimEnd(),
  delivered: ({ shop, id }) => `${shop}: অর্ডার ${id} ডেলিভারি হয়েছে। ধন্যবাদ!`,
  return_requested: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর ফেরতের অনুরোধ পেয়েছি।`,
  return_approved: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর ফেরত অনুমোদিত; পণ্য সংগ্রহ করা হবে।`,
  return_rejected: ({ shop, id, extra }) => `${shop}: অর্ডার ${id}-এর ফেরত গ্রহণ হয়নি: ${extra.note ?? ''}`.trimEnd(),
  return_received: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর ফেরত পণ্য পেয়েছি।`,
  refunded: ({ shop, id, extra }) => `${shop}: অর্ডার ${id}-এর ${formatTaka(extra.amount ?? 0)} ফেরত দেওয়া হয়েছে।`,
  unsupplied: ({ shop, id }) => `${shop}: দুঃখিত, অর্ডার ${id}-এর পণ্য দেওয়া যাচ্ছে না; অর্ডার বাতিল।`,
  exchange_placed: ({ shop, id, extra }) => `${shop}: অর্ডার ${id}-এর বদলে অর্ডার ${extra.other ?? ''} পাঠানো হবে।`,
  exchange_requested: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর বদলের অনুরোধ পেয়েছি।`,
  exchange_approved: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর বদল অনুমোদিত; পণ্য সংগ্রহ করা হবে।`,
  exchange_rejected: ({ shop, id, extra }) => `${shop}: অর্ডার ${id}-এর বদল গ্রহণ হয়নি: ${extra.note ?? ''}`.trimEnd(),
  exchange_received: ({ shop, id }) => `${shop}: অর্ডার ${id}-এর বদলের পণ্য পেয়েছি।`,
};

/** The same notices in English, for a shopper who asked in English (a return request records the language); the first three stay Bangla. */
const ENGLISH: Record<OrderNotice, (t: TextParts) => string> = {
  placed: BANGLA.placed,
  booked: BANGLA.booked,
  delivered: BANGLA.delivered,
  return_requested: ({ shop, id }) => `${shop}: we got your return request for order ${id}.`,
  return_approved: ({ shop, id }) => `${shop}: your return for order ${id} is approved; we will collect the items.`,
  return_rejected: ({ shop, id, extra }) => `${shop}: your return for order ${id} was not accepted: ${extra.note ?? ''}`.trimEnd(),
  return_received: ({ shop, id }) => `${shop}: we received the items returned from order ${id}.`,
  refunded: ({ shop, id, extra }) => `${shop}: Tk ${extra.amount ?? 0} refunded for order ${id}.`,
  unsupplied: ({ shop, id }) => `${shop}: sorry, order ${id} cannot be supplied and is cancelled.`,
  exchange_placed: ({ shop, id, extra }) => `${shop}: order ${extra.other ?? ''} will be sent in exchange for order ${id}.`,
  exchange_requested: ({ shop, id }) => `${shop}: we got your exchange request for order ${id}.`,
  exchange_approved: ({ shop, id }) => `${shop}: your exchange for order ${id} is approved; we will collect the items.`,
  exchange_rejected: ({ shop, id, extra }) => `${shop}: your exchange for order ${id} was not accepted: ${extra.note ?? ''}`.trimEnd(),
  exchange_received: ({ shop, id }) => `${shop}: we received the items sent back for exchange from order ${id}.`,
};

/** What a text reads of the order: its code and total, a partial advance, and a phone order's unpaid advance's page. */
interface SmsOrder {
  orderId: string;
  totalAmount: number;
  advanceAmount?: number | null;
  source?: string;
  paymentState?: string | null;
  paymentUrl?: string | null;
}

/** The text of a notice, in the shopper's language where they chose one (Bangla otherwise). */
export function smsText(shopName: string, notice: OrderNotice, order: SmsOrder, extra: NoticeExtra = {}): string {
  // THE amount due on delivery (decision 0114), as the advance once paid leaves it: the rider collects the rest.
  const due = order.advanceAmount ? amountDueOnDelivery({ method: 'CASH-ON-DELIVERY', total: order.totalAmount, advanceAmount: order.advanceAmount, paymentState: 'paid', paidAmount: null }) : undefined;
  // A phone order's buyer was never on bKash's page: the text carries it (decision 0130); a web shopper was sent there.
  const link = order.source === 'admin' && order.advanceAmount && order.paymentState === 'awaiting' && order.paymentUrl ? order.paymentUrl : undefined;
  return (extra.lang === 'en' ? ENGLISH : BANGLA)[notice]({ shop: shopName, id: order.orderId, total: order.totalAmount, due, ...(link ? { link } : {}), extra });
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

/** The shopper's SMS for an order event: tried 3 times while the gateway cannot be reached (the queue's back-off between them). */
export const orderSmsJob = defineJob(
  'sms.order',
  z.object({
    orderId: z.string(),
    notice: z.enum(ORDER_NOTICES),
    trackingCode: z.string().optional(),
    amount: z.number().optional(),
    note: z.string().optional(),
    other: z.string().optional(),
    lang: z.enum(['bn', 'en']).optional(),
  }),
  { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS },
);

/**
 * Queues the shopper's SMS for an order event in db's transaction (the
 * order's, when it has one): it goes out once that commits, never when it
 * rolls back. The courier code calls this with 'booked' (and the tracking
 * code) and 'delivered'.
 */
export async function notifyOrder(deps: NotifyDeps, db: DbOrTx, id: string, notice: OrderNotice, extra: NoticeExtra = {}): Promise<void> {
  const given: NoticeExtra = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined && v !== ''));
  await orderSmsJob.enqueue(deps.jobs, db, { orderId: id, notice, ...given });
}

/** A line on the order's timeline (order_events) besides its SMS: a return's or refund's step, in the change's transaction. */
export async function recordOrderEvent(db: DbOrTx, orderId: string, kind: 'return' | 'refund', status: string, message: string): Promise<void> {
  await db.insert(orderEvents).values({ id: newId(), orderId, kind, status, message });
}

/**
 * The job: sends the SMS, retried (by the queue, with back-off) while the
 * gateway cannot be reached; a refusal or the last failure is recorded on the
 * order (order_events) and the job ends failed. An SMS never fails an order.
 */
async function sendOrderSms(deps: NotifyDeps, p: z.infer<typeof orderSmsJob.schema>, job: JobRun): Promise<void> {
  const [done] = await deps.db.select({ id: orderEvents.id }).from(orderEvents).where(and(eq(orderEvents.id, job.id), eq(orderEvents.status, 'sent')));
  if (done) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, p.orderId));
  if (!order) return; // deleted meanwhile: nobody to tell
  // The recipient's number (the address's), not the wallet number a paid order was sent from.
  const address = order.deliveryAddress ?? order.guestDeliveryAddress;
  const to = address?.mobile || order.mobile;
  let text = greeted(address?.name || order.customerName, smsText(deps.shopName, p.notice, order, p));
  try {
    const receipt = await deps.sms.send({ to, text, kind: 'order' }).catch((err: unknown) => {
      // A masked sender takes only Bengali (BulkSMSBD 1012): an English notice goes again in Bangla.
      if (p.lang !== 'en' || !(err instanceof ProviderError) || err.code !== '1012') throw err;
      text = greeted(address?.name || order.customerName, smsText(deps.shopName, p.notice, order, { ...p, lang: 'bn' }));
      return deps.sms.send({ to, text, kind: 'order' });
    });
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
  deps.jobs.handle(orderSmsJob, (p, job) => sendOrderSms(deps, p, job));
}

/** The order's events, oldest first, as the admin sees them. */
export async function listOrderEvents(db: Db, id: string) {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => ({ kind: r.kind, status: r.status, message: r.message, at: r.createdAt.toISOString() }));
}
