import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_DEADLINE_SETTINGS, orderDeadlines, type Deadline, type DeadlineOrder, type DeadlineSettings } from '@haat/shared/deadlines';
import { isInsideDhaka } from '@haat/shared/dhaka';
import { formatDhaka } from '@haat/shared/dhaka-time';
import { formatCount } from '@haat/shared/numerals';
import { OVERDUE_COUNT_LIMIT } from '@haat/shared/schemas/dashboard';
import type { DeadlineSettingsInput } from '@haat/shared/schemas/deadlines';
import type { OrderView } from '@haat/shared/schemas/order';
import type { RefundMethod } from '@haat/shared/returns';
import type { OwedRefund } from '@haat/shared/schemas/returns';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { definePeriodicJob, type Jobs } from '../../lib/jobs';
import type { MailMessage } from '../../lib/mail';
import { notifyOwners } from '../notify/index';
import { settingsSection, SETTINGS_ID } from '../shop/index';

/**
 * An order's due times (issue 27, decision 0076): the owner's settings, the
 * admin's answers (the shared orderDeadlines), the dashboard's overdue count
 * (SQL keeping the same rule) and the daily notice to the owner.
 */

const HOUR_MS = 3600_000;
const DHAKA_OFFSET_MS = 6 * HOUR_MS;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const deadlineSettings = settingsSection<DeadlineSettings>({
  fields: { handoverHours: 'handoverHours', deliveryDaysInsideDhaka: 'deliveryDaysInsideDhaka', deliveryDaysOutsideDhaka: 'deliveryDaysOutsideDhaka' },
  defaults: DEFAULT_DEADLINE_SETTINGS,
});

export const readDeadlineSettings = (db: DbOrTx): Promise<DeadlineSettings> => deadlineSettings.read(db);

/** PUT /deadline-settings: only these columns; recorded in the audit log (decision 0065). */
export const saveDeadlineSettings = (db: Db, input: DeadlineSettingsInput, actor: Actor): Promise<DeadlineSettings> => deadlineSettings.save(db, input, actor);

/** A setting as SQL: the saved one, else the guidelines' default (InitPlans: read once a query). */
const setting = (column: string, fallback: number) => sql.raw(`coalesce((SELECT ${column} FROM shop_settings WHERE id = ${SETTINGS_ID}), ${fallback})`);
/** now − hours, as a scalar subquery: an InitPlan computed once, so each row only compares two timestamps. */
const hoursBefore = (now: Date, hours: SQL) => sql`(SELECT ${now.toISOString()}::timestamptz - make_interval(hours => ${hours}))`;

/**
 * The ids of the orders with a due time passed and not met at `now`: the rule
 * of orderDeadlines (packages/shared/src/deadlines.ts) in SQL. The open orders'
 * kinds (delivery, handover) are one range of orders_open_due_idx read from
 * the index alone, delivery tested first so the courier-booking probe runs
 * only for orders whose delivery is not yet late. A kind of another table (a
 * refund's due_at) is a `UNION` branch of its own (decision 0076).
 */
export function overdueOrderIdsSql(now: Date): SQL {
  const d = DEFAULT_DEADLINE_SETTINGS;
  const handover = hoursBefore(now, setting('handover_hours', d.handoverHours));
  const inside = hoursBefore(now, sql`24 * ${setting('delivery_days_inside_dhaka', d.deliveryDaysInsideDhaka)}`);
  const outside = hoursBefore(now, sql`24 * ${setting('delivery_days_outside_dhaka', d.deliveryDaysOutsideDhaka)}`);
  // A prepaid order's hours run from its payment (paid_at is never before the order, so created_at bounds it too).
  const handoverFrom = sql`CASE WHEN o.payment_status <> 'CASH-ON-DELIVERY' AND o.payment_state = 'paid' AND o.paid_at IS NOT NULL THEN o.paid_at ELSE o.created_at END`;
  return sql`
    SELECT o.id FROM orders o
    WHERE o.status = 'Pending' AND (o.payment_state IS NULL OR o.payment_state = 'paid')
      AND o.created_at < greatest(${handover}, ${inside}, ${outside})
      AND (o.created_at < CASE WHEN o.inside_dhaka THEN ${inside} ELSE ${outside} END
        OR (${handoverFrom} < ${handover} AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)))
    UNION
    SELECT r.order_id FROM refunds r WHERE r.state = 'due' AND r.due_at < ${now.toISOString()}::timestamptz`;
}

/**
 * How many orders are overdue at `now` (the dashboard's figure), counted up to
 * limit + 1: past OVERDUE_COUNT_LIMIT the dashboard says "1,000+". Counting
 * stops there, so a shop with tens of thousands of stale Pending orders (the
 * benchmark's seed has 20,000) reads about a thousand index entries, not all.
 */
export const overdueCountSql = (now: Date, limit = OVERDUE_COUNT_LIMIT): SQL =>
  sql`SELECT count(*)::int AS overdue FROM (${overdueOrderIdsSql(now)} LIMIT ${limit + 1}) overdue`;

type DeadlineRow = {
  id: string;
  status: DeadlineOrder['status'];
  payment_status: string;
  payment_state: DeadlineOrder['paymentState'];
  created_at: string | Date;
  paid_at: string | Date | null;
  address: DeadlineOrder['address'];
  handed_over: boolean;
  /** The order's refunds with a due time (decision 0075): 'due' ones not met yet, 'done' ones met, 'failed' ones the owner's to settle by hand. */
  refunds: { id: string; due_at: string; state: 'due' | 'done' | 'failed' | 'void'; method: RefundMethod; amount: number; reason: string }[];
  /** The owner's deadline settings (the same on every row), else the defaults: read in the same statement. */
  handover_hours: number;
  delivery_days_inside_dhaka: number;
  delivery_days_outside_dhaka: number;
};

/** An order's due times: its own, and each refund's (a refund 'due' until made; a failed one is the owner's to settle by hand, decision 0081). */
const deadlinesOf = (r: DeadlineRow, settings: DeadlineSettings, now: Date) =>
  orderDeadlines(asDeadlineOrder(r), settings, now, r.refunds.filter((f) => f.state === 'due' || f.state === 'done').map((f) => ({ kind: 'refund' as const, dueAt: f.due_at, met: f.state === 'done' })));

/** The refunds owed on an order for the admin's card (decision 0081): due, or refused by bKash. */
const owedOf = (r: DeadlineRow): OwedRefund[] =>
  r.refunds.flatMap((f) => (f.state === 'done' || f.state === 'void' ? [] : [{ _id: f.id, method: f.method, amount: f.amount, state: f.state, due_at: new Date(f.due_at).toISOString(), reason: f.reason }]));

const asDeadlineOrder = (r: DeadlineRow): DeadlineOrder => ({
  status: r.status,
  paymentMethod: r.payment_status,
  paymentState: r.payment_state,
  createdAt: new Date(r.created_at),
  paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  address: r.address,
  handedOver: r.handed_over,
});

const deadlineColumns = sql`o.id, o.status, o.payment_status, o.payment_state, o.created_at, o.paid_at,
  coalesce(o.delivery_address, o.guest_user_delivery_address) AS address,
  EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) AS handed_over,
  (SELECT coalesce(json_agg(json_build_object('id', r.id, 'due_at', r.due_at, 'state', r.state, 'method', r.method, 'amount', r.amount, 'reason', r.reason) ORDER BY r.due_at, r.id), '[]'::json)
     FROM refunds r WHERE r.order_id = o.id) AS refunds`;

/** The deadline settings as columns of the orders' read: InitPlans, computed once a statement. */
const settingsColumns = sql`${setting('handover_hours', DEFAULT_DEADLINE_SETTINGS.handoverHours)} AS handover_hours,
  ${setting('delivery_days_inside_dhaka', DEFAULT_DEADLINE_SETTINGS.deliveryDaysInsideDhaka)} AS delivery_days_inside_dhaka,
  ${setting('delivery_days_outside_dhaka', DEFAULT_DEADLINE_SETTINGS.deliveryDaysOutsideDhaka)} AS delivery_days_outside_dhaka`;

const settingsOf = (r: DeadlineRow): DeadlineSettings => ({ handoverHours: r.handover_hours, deliveryDaysInsideDhaka: r.delivery_days_inside_dhaka, deliveryDaysOutsideDhaka: r.delivery_days_outside_dhaka });

/** The admin's answers carry each order's due times and refunds owed: one statement reads the orders' payment, shipping and refunds with the settings (decision 0083). */
export async function attachDeadlines(db: DbOrTx, views: OrderView[], now = new Date()): Promise<OrderView[]> {
  if (views.length === 0) return views;
  const ids = views.map((v) => v._id);
  const found = await rows<DeadlineRow>(db, sql`SELECT ${deadlineColumns}, ${settingsColumns} FROM orders o WHERE o.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return views.map((v) => {
    const row = byId.get(v._id);
    return { ...v, deadlines: row ? deadlinesOf(row, settingsOf(row), now) : [], refunds_owed: row ? owedOf(row) : [] };
  });
}

/** Orders placed before migration 0030 get their inside-Dhaka answer by the shared rule, a batch at a time. */
export async function fillInsideDhaka(db: Db, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const list = await db
      .select({ id: orders.id, delivery: orders.deliveryAddress, guest: orders.guestDeliveryAddress })
      .from(orders)
      .where(sql`${orders.insideDhaka} IS NULL`)
      .limit(batch);
    if (list.length === 0) return filled;
    const inside = list.filter((o) => { const a = o.delivery ?? o.guest; return a ? isInsideDhaka(a) : false; }).map((o) => o.id);
    await db.transaction(async (tx) => {
      if (inside.length) await tx.update(orders).set({ insideDhaka: true }).where(inArray(orders.id, inside));
      await tx.update(orders).set({ insideDhaka: false }).where(sql`${inArray(orders.id, list.map((o) => o.id))} AND ${orders.insideDhaka} IS NULL`);
    });
    filled += list.length;
  }
}

// ---- The daily notice to the owner ----

/** Orders named in one notice; the rest are counted. */
const NOTICE_LIST = 50;
const SMS_LIST = 3;

/** The hourly check whether the day's notice of overdue orders is due (a periodic job). */
export const overdueNoticeJob = definePeriodicJob('deadlines.overdue-notice');
export const NOTICE_JOB = overdueNoticeJob.name;

export interface NoticeDeps {
  db: Db;
  jobs: Jobs;
  shopName: string;
  /** The Dhaka hour from which the day's notice goes out (OVERDUE_NOTICE_HOUR, the morning). */
  noticeHour: number;
  /** The admin's orders page, for the mail's link; undefined without PUBLIC_URL. */
  ordersUrl: string | undefined;
  log: FastifyBaseLogger;
}

export interface OverdueOrder {
  orderId: string;
  deadlines: Deadline[];
}

const KIND = {
  en: { handover: 'hand to the courier by', delivery: 'deliver by', refund: 'refund by' },
  bn: { handover: 'কুরিয়ারে দেওয়ার শেষ সময়', delivery: 'ডেলিভারির শেষ সময়', refund: 'রিফান্ডের শেষ সময়' },
} as const;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's SMS, in Bengali like the shop's others (a masked sender may only send Bengali): the count and the first orders. */
export function noticeSms(shopName: string, total: number, list: OverdueOrder[]): string {
  const named = list.slice(0, SMS_LIST).map((o) => o.orderId).join(', ');
  const more = total > SMS_LIST ? ` ও আরও ${formatCount(total - SMS_LIST, 'bn')}টি` : '';
  return `${shopName}: ${formatCount(total, 'bn')}টি অর্ডারের সময় পেরিয়ে গেছে: ${named}${more}`;
}

/** The mail's words in one language: an intro, one line an order (what is late and when it was due, Dhaka time), the rest counted. */
function noticeLines(lang: 'en' | 'bn', total: number, list: OverdueOrder[]): { intro: string; lines: string[]; more: string | null } {
  const lines = list.map((o) => `${o.orderId}: ${o.deadlines.filter((d) => d.overdue).map((d) => `${KIND[lang][d.kind]} ${formatDhaka(d.dueAt, lang)}`).join('; ')}`);
  const rest = total - list.length;
  if (lang === 'bn') {
    return { intro: 'এই অর্ডারগুলোর নির্ধারিত সময় (আপনার সময়সীমার সেটিংস) পেরিয়ে গেছে, ঢাকার সময়:', lines, more: rest > 0 ? `…এবং আরও ${formatCount(rest, 'bn')}টি।` : null };
  }
  return {
    intro: `${total === 1 ? 'This order is' : 'These orders are'} past a due time of the Digital Commerce Operation Guidelines (your deadline settings), Dhaka time:`,
    lines,
    more: rest > 0 ? `…and ${rest} more.` : null,
  };
}

/** The owner's mail, in English then Bangla: each overdue order with what is late and since when. */
export function noticeMail(shopName: string, total: number, list: OverdueOrder[], ordersUrl: string | undefined): Omit<MailMessage, 'to'> {
  const parts = (['en', 'bn'] as const).map((lang) => noticeLines(lang, total, list));
  const subject = `${shopName}: ${total} ${total === 1 ? 'order is' : 'orders are'} overdue / ${formatCount(total, 'bn')}টি অর্ডারের সময় পেরিয়েছে`;
  const text = [...parts.flatMap((p) => [p.intro, '', ...p.lines, ...(p.more ? [p.more] : []), '']), ...(ordersUrl ? [`Open the orders / অর্ডারগুলো দেখুন: ${ordersUrl}`] : [])].join('\n');
  const html =
    parts.map((p) => `<p>${escapeHtml(p.intro)}</p><ul>${p.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${p.more ? `<p>${escapeHtml(p.more)}</p>` : ''}`).join('') +
    (ordersUrl ? `<p><a href="${escapeHtml(ordersUrl)}">Open the orders / অর্ডারগুলো দেখুন</a></p>` : '');
  return { subject, text, html };
}

/** The overdue orders at `now`, oldest first: how many, and the first NOTICE_LIST with their due times. */
export async function overdueOrders(db: DbOrTx, now: Date): Promise<{ total: number; list: OverdueOrder[] }> {
  const [settings, found] = await Promise.all([
    readDeadlineSettings(db),
    rows<DeadlineRow & { order_id: string; total: number }>(
      db,
      sql`WITH overdue AS (${overdueOrderIdsSql(now)})
          SELECT ${deadlineColumns}, o.order_id, count(*) OVER ()::int AS total
          FROM overdue JOIN orders o ON o.id = overdue.id
          ORDER BY o.created_at, o.id LIMIT ${NOTICE_LIST}`,
    ),
  ]);
  return { total: found[0]?.total ?? 0, list: found.map((r) => ({ orderId: r.order_id, deadlines: deadlinesOf(r, settings, now) })) };
}

/** The Dhaka calendar day and hour of an instant. */
function dhakaClock(at: Date): { day: string; hour: number } {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

export type NoticeOutcome = 'too-early' | 'already-decided' | 'nothing-overdue' | { sent: number; overdue: number };

/**
 * One run of the hourly job: from OVERDUE_NOTICE_HOUR in Dhaka, the day's notice is
 * decided once (the day written in shop_settings in the same transaction), and
 * when anything is overdue an SMS to each Owner's mobile and a mail to each
 * Owner's e-mail are queued as jobs of their own in that transaction.
 */
export async function runOverdueNotice(deps: NoticeDeps, now: Date): Promise<NoticeOutcome> {
  // Orders placed before migration 0030 first, so the count reads every order's inside-Dhaka answer.
  await fillInsideDhaka(deps.db);
  const { day, hour } = dhakaClock(now);
  if (hour < deps.noticeHour) return 'too-early';
  return deps.db.transaction(async (tx): Promise<NoticeOutcome> => {
    const claimed = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO shop_settings (id, overdue_notice_day) VALUES (${SETTINGS_ID}, ${day}::date)
          ON CONFLICT (id) DO UPDATE SET overdue_notice_day = excluded.overdue_notice_day
          WHERE shop_settings.overdue_notice_day IS DISTINCT FROM excluded.overdue_notice_day
          RETURNING id`,
    );
    if (claimed.length === 0) return 'already-decided';
    const { total, list } = await overdueOrders(tx, now);
    if (total === 0) return 'nothing-overdue';
    const sent = await notifyOwners(deps, tx, { sms: noticeSms(deps.shopName, total, list), mail: noticeMail(deps.shopName, total, list, deps.ordersUrl) }, `${total} overdue orders`);
    return { sent, overdue: total };
  });
}

/** The job's handler: the hourly check (the SMS and mail it queues are notify's owner notices). */
export function handleOverdueNotice(deps: NoticeDeps): void {
  deps.jobs.every(overdueNoticeJob, HOUR_MS, async () => {
    const outcome = await runOverdueNotice(deps, new Date());
    if (typeof outcome === 'object') deps.log.info(outcome, 'overdue orders: the owner is told');
  });
}
