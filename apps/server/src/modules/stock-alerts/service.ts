import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { paths } from '@haat/shared/paths';
import type { MostAskedItem, ParsedStockAlert, StockAlertView } from '@haat/shared/schemas/stock-alerts';
import { chosenLabel, chosenOptions } from '@haat/shared/variant-words';
import type { Db, DbOrTx } from '../../db/client';
import { products, productVariants, stockAlerts, users, wishlistItems } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { defineJob, definePeriodicJob, MESSAGE_LEASE_SECONDS, type JobRun, type Jobs } from '../../lib/jobs';
import type { SmsSender } from '../../lib/sms';
import { queueSmsEveryMinute, sendSmsOrSettle } from '../notify/index';

/*
 * Back-in-stock alerts (issue 45, decision 0116). A shopper asks on a sold-out variant; the stock trigger of migration
 * 0052 marks the oldest waiting requests "due" as units come back, whoever brought them back (the product form, the CSV
 * import, a cancel, a return's receipt), in that change's transaction; the periodic job below queues their SMS in the
 * order they were asked, and each SMS job sends one, once.
 */

/** The SMS of one request; tried 3 times while the gateway cannot be reached. */
export const stockAlertSmsJob = defineJob('sms.stock-alert', z.object({ alertId: z.string() }), { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS });
/** Every minute: the due requests' SMS queued, oldest restock and request first. */
export const stockAlertQueueJob = definePeriodicJob('stock-alerts.queue');

/** How many due requests one run queues (the rest wait a minute). */
const QUEUE_BATCH = 500;

export interface StockAlertDeps {
  db: Db;
  jobs: Jobs;
  sms: SmsSender;
  log: FastifyBaseLogger;
  shopName: string;
  /** The shop's address for the SMS's link (PUBLIC_URL, else the local one). */
  siteUrl: string;
}

/** 01712345678 → 017•••••678: enough for the shopper to know the number, nothing for a bystander. */
const masked = (mobile: string) => `${mobile.slice(0, 3)}•••••${mobile.slice(-3)}`;

async function variantFor(db: DbOrTx, productId: string, variantId: string) {
  const [row] = await db
    .select({ productId: products.id, variantId: productVariants.id, stock: productVariants.stock, publish: products.publish, variantPublish: productVariants.publish })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId || productId), eq(productVariants.productId, productId)));
  return row && row.publish && row.variantPublish ? row : null;
}

async function mobileOf(db: DbOrTx, input: ParsedStockAlert, user: AuthUser | null): Promise<string> {
  if (input.mobile) return input.mobile;
  if (user) {
    const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id));
    if (row?.mobile) return row.mobile;
  }
  throw appError('STOCK_ALERT_MOBILE_REQUIRED');
}

/**
 * A request: stored once per variant and mobile while it waits (asking again answers the same one). Refused when the
 * product or variant is unknown or unpublished (404) or in stock (409): nothing is stored then.
 */
export async function askStockAlert(db: Db, input: ParsedStockAlert, user: AuthUser | null, lang: 'en' | 'bn'): Promise<StockAlertView> {
  const variant = await variantFor(db, input.product_id, input.variant_id);
  if (!variant) throw appError('STOCK_ALERT_UNKNOWN');
  if (variant.stock > 0) throw appError('STOCK_ALERT_IN_STOCK');
  const mobile = await mobileOf(db, input, user);
  const [made] = await db
    .insert(stockAlerts)
    .values({ id: newId(), productId: variant.productId, variantId: variant.variantId, mobile, userId: user?.id ?? null, lang })
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id });
  const id = made?.id ?? (await waitingId(db, variant.variantId, mobile));
  return { _id: id, product_id: variant.productId, variant_id: variant.variantId, mobile: masked(mobile), already: !made };
}

async function waitingId(db: DbOrTx, variantId: string, mobile: string): Promise<string> {
  const [row] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.mobile, mobile), eq(stockAlerts.status, 'waiting')));
  return row?.id ?? '';
}

/** The signed-in shopper's wishlist items that are sold out get a request each (the account's mobile), in its language. */
export async function askForWishlist(db: Db, userId: string, lang: 'en' | 'bn'): Promise<number> {
  const [user] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!user?.mobile) return 0;
  const rows = await db
    .select({ productId: wishlistItems.productId, variantId: wishlistItems.variantId })
    .from(wishlistItems)
    .innerJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .where(and(eq(wishlistItems.userId, userId), sql`${productVariants.stock} <= 0`));
  if (rows.length === 0) return 0;
  const made = await db
    .insert(stockAlerts)
    .values(rows.map((r) => ({ id: newId(), productId: r.productId, variantId: r.variantId, mobile: user.mobile!, userId, lang })))
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id });
  return made.length;
}

/**
 * The periodic run: the due requests, oldest restock first and in the order asked within one, marked queued and their
 * SMS jobs queued in one transaction (jobs of one transaction run in the order queued, decision 0106). Rows another
 * run holds are skipped, so two runs never queue one request twice.
 */
export async function queueDueAlerts(deps: Pick<StockAlertDeps, 'db' | 'jobs'>): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(eq(stockAlerts.status, 'due'))
      .orderBy(asc(stockAlerts.dueAt), asc(stockAlerts.createdAt), asc(stockAlerts.id))
      .limit(QUEUE_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx.update(stockAlerts).set({ status: 'queued' }).where(inArray(stockAlerts.id, due.map((d) => d.id)));
    for (const d of due) await stockAlertSmsJob.enqueue(deps.jobs, tx, { alertId: d.id });
    return due.length;
  });
}

/** The text, in the language asked in: the product (and its size) and the link to that variant. */
export function stockAlertText(shop: string, lang: 'en' | 'bn', name: string, label: string, link: string): string {
  const what = label ? `${name} (${label})` : name;
  return lang === 'bn' ? `${shop}: ${what} আবার স্টকে এসেছে। ${link}` : `${shop}: ${what} is back in stock. ${link}`;
}

async function alertFacts(db: Db, alertId: string) {
  const [row] = await db
    .select({ alert: stockAlerts, name: products.name, nameBn: products.nameBn, options: products.options, values: productVariants.optionValues })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(eq(stockAlerts.id, alertId));
  return row;
}

async function settle(db: Db, alertId: string, status: 'sent' | 'failed', outcome: string): Promise<void> {
  await db.update(stockAlerts).set({ status, outcome, sentAt: status === 'sent' ? new Date() : null }).where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.status, 'queued')));
}

/** The job: one SMS for one queued request; a request no longer queued (sent by an earlier try) sends nothing. */
async function sendStockAlert(deps: StockAlertDeps, alertId: string, job: JobRun): Promise<void> {
  const facts = await alertFacts(deps.db, alertId);
  if (!facts || facts.alert.status !== 'queued') return;
  const { alert } = facts;
  const lang = alert.lang;
  const name = lang === 'bn' ? facts.nameBn || facts.name : facts.name;
  const label = chosenLabel(chosenOptions(facts.options, facts.values), lang);
  const link = `${deps.siteUrl}${paths.product({ _id: alert.productId, name: facts.name })}${alert.variantId === alert.productId ? '' : `?variant=${alert.variantId}`}`;
  const text = stockAlertText(deps.shopName, lang, name, label, link);
  await sendSmsOrSettle(
    job,
    async () => {
      const receipt = await deps.sms.send({ to: alert.mobile, text, kind: 'other' });
      await settle(deps.db, alertId, 'sent', `via ${deps.sms.name} (${receipt.messageId})`);
    },
    { fail: (reason) => settle(deps.db, alertId, 'failed', reason) },
  );
}

/** Registers the SMS job and the periodic queueing (the module's routes call it once). */
export function handleStockAlerts(deps: StockAlertDeps): void {
  deps.jobs.handle(stockAlertSmsJob, (p, job) => sendStockAlert(deps, p.alertId, job));
  queueSmsEveryMinute(deps.jobs, stockAlertQueueJob, () => queueDueAlerts(deps), deps.log, 'back-in-stock SMS');
}

/** The owner's list: variants sold out now, by how many requests wait for them, then wishlists; at most 50. */
export async function mostAsked(db: Db): Promise<MostAskedItem[]> {
  const waiting = sql<number>`(SELECT count(*)::int FROM ${stockAlerts} a WHERE a.variant_id = ${productVariants.id} AND a.status = 'waiting')`;
  const wishlisted = sql<number>`(SELECT count(*)::int FROM ${wishlistItems} w WHERE w.variant_id = ${productVariants.id})`;
  const rows = await db
    .select({ productId: products.id, variantId: productVariants.id, name: products.name, nameBn: products.nameBn, options: products.options, values: productVariants.optionValues, stock: productVariants.stock, waiting, wishlisted })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(sql`${productVariants.stock} <= 0`, sql`(${waiting} > 0 OR ${wishlisted} > 0)`))
    .orderBy(desc(waiting), desc(wishlisted), asc(products.name))
    .limit(50);
  return rows.map((r) => ({
    product_id: r.productId,
    variant_id: r.variantId,
    name: r.name,
    name_bn: r.nameBn,
    options: chosenOptions(r.options, r.values),
    stock: r.stock,
    waiting: Number(r.waiting),
    wishlisted: Number(r.wishlisted),
  }));
}

/**
 * A reply STOP from this mobile (decision 0131): its requests not yet texted are stopped, in the caller's
 * transaction; a `queued` one's SMS job then finds it no longer queued and sends nothing.
 */
export async function stopAlertsFor(tx: DbOrTx, mobile: string): Promise<number> {
  const stopped = await tx.update(stockAlerts).set({ status: 'stopped', outcome: 'opted out' }).where(and(eq(stockAlerts.mobile, mobile), inArray(stockAlerts.status, ['waiting', 'due', 'queued']))).returning({ id: stockAlerts.id });
  return stopped.length;
}
