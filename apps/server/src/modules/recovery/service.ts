import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { paths } from '@haat/shared/paths';
import type { RecoveredCheckout, RecoverySettings, RecoveryWeek } from '@haat/shared/schemas/recovery';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { codBlocks, incompleteCheckouts, orders, promotions, recoveryOptOuts, recoverySends, shopSettings } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import type { Events } from '../../lib/events';
import { newId } from '../../lib/ids';
import { defineJob, definePeriodicJob, MESSAGE_LEASE_SECONDS, type JobRun, type Jobs } from '../../lib/jobs';
import type { SmsSender } from '../../lib/sms';
import type { AppEvents } from '../../ports';
import { record } from '../audit/index';
import { queueSmsEveryMinute, sendSmsOrSettle } from '../notify/index';
import { optOutOfRecovery } from './replies';

/*
 * Checkout recovery (issue 45, decision 0117). From the incomplete checkouts cod-risk keeps (the mobile and cart the
 * shopper typed, with the checkout's notice that they are kept), up to three SMS at the owner's delays, each with a
 * link that reopens that cart and address on any device. Never between 21:00 and 09:00 Dhaka time; stopped by an
 * order from the mobile (checked in the transaction that records the send, under the checkout's row lock, which the
 * order's own transaction takes to delete the row), an opt-out through the link, or the COD blocklist.
 */

export const recoverySmsJob = defineJob('sms.recovery', z.object({ sendId: z.string() }), { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS });
export const recoverySweepJob = definePeriodicJob('recovery.sweep');

const HOUR_MS = 3_600_000;
/** Dhaka is UTC+6 all year. */
const DHAKA_OFFSET_MS = 6 * HOUR_MS;
/** A step not sent within this long of its time is skipped (the longest quiet span is 12 hours). */
const STEP_GRACE_MS = 14 * HOUR_MS;
/** A link opens the cart for 7 days; the voucher is valid as long. */
const LINK_DAYS = 7;
/** An order within this many days of an SMS counts as recovered by it. */
const RECOVERED_DAYS = 7;

export interface RecoveryDeps {
  db: Db;
  jobs: Jobs;
  sms: SmsSender;
  log: FastifyBaseLogger;
  shopName: string;
  siteUrl: string;
}

/** 21:00 to 09:00 Dhaka time: no recovery SMS. */
export function quietHours(now: Date): boolean {
  const hour = new Date(now.getTime() + DHAKA_OFFSET_MS).getUTCHours();
  return hour >= 21 || hour < 9;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function readRecoverySettings(db: DbOrTx): Promise<RecoverySettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    on: row?.recoveryOn ?? false,
    delays_hours: row?.recoveryDelaysHours ?? [1, 24, 72],
    voucher_taka: row?.recoveryVoucherTaka ?? 0,
    voucher_min_subtotal: row?.recoveryVoucherMinSubtotal ?? 0,
  };
}

/** The owner's settings saved, with the audit entry, in one transaction. */
export async function saveRecoverySettings(db: Db, input: RecoverySettings, actor: Actor): Promise<RecoverySettings> {
  return db.transaction(async (tx) => {
    const before = await readRecoverySettings(tx);
    const columns = { recoveryOn: input.on, recoveryDelaysHours: input.delays_hours, recoveryVoucherTaka: input.voucher_taka, recoveryVoucherMinSubtotal: input.voucher_min_subtotal };
    await tx.insert(shopSettings).values({ id: 1, ...columns }).onConflictDoUpdate({ target: shopSettings.id, set: { ...columns, updatedAt: new Date() } });
    await record(tx, actor, { kind: 'settings', action: 'update', targetId: 'recovery', label: 'Checkout recovery', before: { ...before }, after: { ...input } });
    return readRecoverySettings(tx);
  });
}

/** Which step of a checkout is due now: the latest whose time has come, within its grace, not yet recorded. */
export function dueStep(changedAt: Date, delays: number[], recorded: number[], now: Date): number | null {
  for (let k = delays.length - 1; k >= 0; k--) {
    const at = changedAt.getTime() + delays[k]! * HOUR_MS;
    if (at > now.getTime()) continue;
    if (recorded.some((r) => r >= k) || now.getTime() - at > STEP_GRACE_MS) return null;
    return k;
  }
  return null;
}

/**
 * The periodic run: each incomplete checkout whose next SMS is due gets a queued send row and its job, in one
 * transaction (the row's unique step stops a second run queuing it again). Nothing in the quiet hours, or when off.
 */
export async function runRecoverySweep(deps: Pick<RecoveryDeps, 'db' | 'jobs'>, now = new Date()): Promise<number> {
  const settings = await readRecoverySettings(deps.db);
  if (!settings.on || quietHours(now)) return 0;
  const oldest = new Date(now.getTime() - (Math.max(...settings.delays_hours) * HOUR_MS + STEP_GRACE_MS));
  const rows = await deps.db
    .select({ id: incompleteCheckouts.id, phone: incompleteCheckouts.phone, updatedAt: incompleteCheckouts.updatedAt, steps: sql<number[]>`coalesce((SELECT array_agg(s.step) FROM ${recoverySends} s WHERE s.checkout_id = ${incompleteCheckouts.id}), '{}')` })
    .from(incompleteCheckouts)
    .where(and(gt(incompleteCheckouts.updatedAt, oldest), sql`NOT EXISTS (SELECT 1 FROM ${recoveryOptOuts} o WHERE o.phone = ${incompleteCheckouts.phone})`, sql`NOT EXISTS (SELECT 1 FROM ${codBlocks} b WHERE b.phone = ${incompleteCheckouts.phone})`));
  const due = rows.flatMap((r) => {
    const step = dueStep(r.updatedAt, settings.delays_hours, r.steps ?? [], now);
    return step === null ? [] : [{ id: newId(), checkoutId: r.id, phone: r.phone, step }];
  });
  if (due.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const made = await tx.insert(recoverySends).values(due).onConflictDoNothing().returning({ id: recoverySends.id });
    for (const m of made) await recoverySmsJob.enqueue(deps.jobs, tx, { sendId: m.id });
    return made.length;
  });
}

type StopReason = 'gone' | 'ordered' | 'opted out' | 'blocked';

/** Why this checkout's SMS must not go, read under its row lock; null when it may. */
async function stopReason(tx: Tx, checkoutId: string, phone: string): Promise<{ reason: StopReason } | { reason: null; checkout: typeof incompleteCheckouts.$inferSelect }> {
  const [checkout] = await tx.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, checkoutId)).for('update');
  if (!checkout) return { reason: 'gone' };
  const mobile = sql`coalesce(${orders.deliveryAddress} ->> 'mobile', ${orders.guestDeliveryAddress} ->> 'mobile')`;
  const [ordered] = await tx.select({ id: orders.id }).from(orders).where(and(sql`${mobile} = ${phone}`, sql`${orders.createdAt} >= ${checkout.createdAt.toISOString()}`)).limit(1);
  if (ordered) return { reason: 'ordered' };
  const [optedOut] = await tx.select({ phone: recoveryOptOuts.phone }).from(recoveryOptOuts).where(eq(recoveryOptOuts.phone, phone));
  if (optedOut) return { reason: 'opted out' };
  const [blocked] = await tx.select({ phone: codBlocks.phone }).from(codBlocks).where(eq(codBlocks.phone, phone));
  if (blocked) return { reason: 'blocked' };
  return { reason: null, checkout };
}

/** The last step's single-use voucher, a promotion of its own, when the owner set one. */
async function makeVoucher(tx: Tx, settings: RecoverySettings, now: Date): Promise<string | null> {
  if (settings.voucher_taka <= 0) return null;
  const code = `BACK-${randomBytes(4).toString('hex').toUpperCase()}`;
  await tx.insert(promotions).values({
    id: newId(),
    name: `Checkout recovery ${code}`,
    nameBn: `কার্ট ফেরত ${code}`,
    code,
    kind: 'fixed',
    value: settings.voucher_taka,
    minSubtotal: settings.voucher_min_subtotal,
    startsAt: now,
    endsAt: new Date(now.getTime() + LINK_DAYS * 24 * HOUR_MS),
    usageLimit: 1,
    perCustomerLimit: 1,
  });
  return code;
}

/** The text, in Bangla (a masked sender takes only Bangla): the cart kept, the link, and the voucher on the last. */
export function recoveryText(shop: string, link: string, voucher: { code: string; taka: number } | null): string {
  const offer = voucher ? ` কোড ${voucher.code}-এ ${voucher.taka} টাকা ছাড়।` : '';
  return `${shop}: আপনার কার্টের পণ্যগুলো রাখা আছে। অর্ডার শেষ করুন:${offer} ${link} (এসএমএস বন্ধ করতেও এই লিংক)`;
}

/**
 * Decides one send in one transaction: the checkout's row locked, no order from the mobile since the checkout, no
 * opt-out or block, not the quiet hours; then the send recorded with its link's token (and the voucher). Answers the
 * text to send, or null when it must not go.
 */
async function decideSend(deps: RecoveryDeps, sendId: string, now: Date): Promise<{ to: string; text: string } | null> {
  return deps.db.transaction(async (tx) => {
    const [send] = await tx.select().from(recoverySends).where(eq(recoverySends.id, sendId)).for('update');
    if (!send || send.status !== 'queued') return null;
    if (quietHours(now)) {
      // Queued at the edge of the evening: the row goes, so the morning's sweep queues it again.
      await tx.delete(recoverySends).where(eq(recoverySends.id, sendId));
      return null;
    }
    const stop = await stopReason(tx, send.checkoutId, send.phone);
    if (stop.reason) {
      await tx.update(recoverySends).set({ status: 'stopped', outcome: stop.reason }).where(eq(recoverySends.id, sendId));
      return null;
    }
    const settings = await readRecoverySettings(tx);
    const last = send.step === settings.delays_hours.length - 1;
    const voucherCode = last ? await makeVoucher(tx, settings, now) : null;
    const token = randomBytes(24).toString('base64url');
    await tx
      .update(recoverySends)
      .set({ status: 'sent', tokenHash: hashOf(token), sentAt: now, expiresAt: new Date(now.getTime() + LINK_DAYS * 24 * HOUR_MS), voucherCode })
      .where(eq(recoverySends.id, sendId));
    const link = `${deps.siteUrl}${paths.recover(token)}`;
    return { to: send.phone, text: recoveryText(deps.shopName, link, voucherCode ? { code: voucherCode, taka: settings.voucher_taka } : null) };
  });
}

/** The job: the decision, then the SMS after it commits; a refusal or the last failure marks the send failed. */
export async function sendRecovery(deps: RecoveryDeps, sendId: string, job: Pick<JobRun, 'attempt' | 'maxAttempts'>, now = new Date()): Promise<void> {
  const message = await decideSend(deps, sendId, now);
  if (!message) return;
  await sendSmsOrSettle(
    job,
    async () => {
      const receipt = await deps.sms.send({ ...message, kind: 'other' });
      await deps.db.update(recoverySends).set({ outcome: `via ${deps.sms.name} (${receipt.messageId})` }).where(eq(recoverySends.id, sendId));
    },
    {
      // Tried again: the decision is made again too (an order may have come meanwhile).
      retry: () => deps.db.update(recoverySends).set({ status: 'queued', tokenHash: null, sentAt: null }).where(eq(recoverySends.id, sendId)),
      fail: (reason) => deps.db.update(recoverySends).set({ status: 'failed', outcome: reason }).where(eq(recoverySends.id, sendId)),
    },
  );
}

export function handleRecovery(deps: RecoveryDeps): void {
  deps.jobs.handle(recoverySmsJob, (p, job) => sendRecovery(deps, p.sendId, job));
  queueSmsEveryMinute(deps.jobs, recoverySweepJob, () => runRecoverySweep(deps), deps.log, 'checkout recovery SMS');
}

async function sendByToken(db: DbOrTx, token: string, now: Date) {
  const [send] = await db.select().from(recoverySends).where(and(eq(recoverySends.tokenHash, hashOf(token)), gt(recoverySends.expiresAt, now)));
  return send ?? null;
}

/** The link opened: the cart and address it reopens (the first opening counted as a click). 404 once expired or gone. */
export async function openRecovery(db: Db, token: string, now = new Date()): Promise<RecoveredCheckout> {
  const send = await sendByToken(db, token, now);
  if (!send) throw appError('RECOVERY_LINK_INVALID');
  const [checkout] = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, send.checkoutId));
  if (!checkout) throw appError('RECOVERY_LINK_INVALID');
  await db.update(recoverySends).set({ clickedAt: now }).where(and(eq(recoverySends.id, send.id), isNull(recoverySends.clickedAt)));
  return {
    lines: checkout.lines,
    mobile: checkout.phone,
    name: checkout.name,
    address_line: checkout.addressLine,
    city: checkout.city,
    lang: checkout.lang,
    voucher_code: send.voucherCode,
  };
}

/** The opt-out through the link: no more recovery SMS to that mobile; the sends still queued stop. */
export async function stopRecovery(db: Db, token: string, now = new Date()): Promise<{ stopped: boolean }> {
  const send = await sendByToken(db, token, now);
  if (!send) throw appError('RECOVERY_LINK_INVALID');
  await db.transaction((tx) => optOutOfRecovery(tx, send.phone));
  return { stopped: true };
}

/** An order placed (any way): the mobile's SMS of the last days count it as recovered, in the order's transaction. */
export function recoverOnOrders(events: Events<AppEvents>): void {
  events.on('order.placed', async ({ orderId }, tx) => {
    const mobile = sql<string>`coalesce(${orders.deliveryAddress} ->> 'mobile', ${orders.guestDeliveryAddress} ->> 'mobile', ${orders.mobile})`;
    const [order] = await tx.select({ id: orders.id, mobile, total: orders.totalAmount, at: orders.createdAt }).from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const since = new Date(order.at.getTime() - RECOVERED_DAYS * 24 * HOUR_MS);
    const sent = await tx.select({ id: recoverySends.id }).from(recoverySends).where(and(eq(recoverySends.phone, order.mobile), eq(recoverySends.status, 'sent'), isNull(recoverySends.recoveredOrderId), gt(recoverySends.sentAt, since)));
    if (sent.length > 0) await tx.update(recoverySends).set({ recoveredOrderId: order.id, recoveredTotal: order.total }).where(inArray(recoverySends.id, sent.map((s) => s.id)));
  });
}

/** The Monday (Dhaka time) of the week a moment falls in, as YYYY-MM-DD. */
function weekOf(at: Date): string {
  const dhaka = new Date(at.getTime() + DHAKA_OFFSET_MS);
  const monday = new Date(Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate() - ((dhaka.getUTCDay() + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** The owner's figures, the last 12 weeks (from Monday, Dhaka time), newest first: SMS sent, links opened, orders recovered and their revenue. */
export async function recoveryWeeks(db: Db, now = new Date()): Promise<RecoveryWeek[]> {
  const since = new Date(now.getTime() - 84 * 24 * HOUR_MS);
  const rows = await db
    .select({ sentAt: recoverySends.sentAt, clickedAt: recoverySends.clickedAt, orderId: recoverySends.recoveredOrderId, total: recoverySends.recoveredTotal })
    .from(recoverySends)
    .where(and(eq(recoverySends.status, 'sent'), gt(recoverySends.sentAt, since)));
  const weeks = new Map<string, RecoveryWeek & { orders: Set<string> }>();
  for (const r of rows) {
    const key = weekOf(r.sentAt!);
    const w = weeks.get(key) ?? { week: key, sent: 0, clicked: 0, recovered: 0, revenue: 0, orders: new Set<string>() };
    w.sent += 1;
    if (r.clickedAt) w.clicked += 1;
    if (r.orderId && !w.orders.has(r.orderId)) {
      w.orders.add(r.orderId);
      w.recovered += 1;
      w.revenue += r.total ?? 0;
    }
    weeks.set(key, w);
  }
  return [...weeks.values()].sort((a, b) => b.week.localeCompare(a.week)).map(({ orders: _orders, ...w }) => w);
}
