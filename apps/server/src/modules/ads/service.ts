import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AdSettingsInput, AdSettingsView } from '@haat/shared/schemas/ads';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders, shopSettings, users, type AdContext } from '../../db/schema';
import type { Ga4Collector, MetaConversions, MetaServerEvent, MetaUserData, Ga4Event } from '../../integrations/ad-events';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/auth';
import type { AdOrigins } from '../../lib/ad-origins';
import { defineJob, PermanentJobError, type Jobs } from '../../lib/jobs';
import type { Events } from '../../lib/events';
import type { AppEvents } from '../../ports';
import { record } from '../audit/index';
import { SETTINGS_ID } from '../shop/index';

/*
 * Ad and analytics events from the server (issue 45, decision 0119): a Purchase to Meta's Conversions API and to
 * GA4's Measurement Protocol, each by its own durable job (retried on its own), only for an order placed with the
 * shopper's yes on the consent bar and only when the owner set that platform's ids and token.
 */

interface Stored {
  metaPixelId: string;
  metaCapiToken: string;
  metaPurchaseAt: 'order' | 'delivery';
  gaMeasurementId: string;
  gaApiSecret: string;
}
const OFF: Stored = { metaPixelId: '', metaCapiToken: '', metaPurchaseAt: 'order', gaMeasurementId: '', gaApiSecret: '' };
const columns = { metaPixelId: shopSettings.metaPixelId, metaCapiToken: shopSettings.metaCapiToken, metaPurchaseAt: shopSettings.metaPurchaseAt, gaMeasurementId: shopSettings.gaMeasurementId, gaApiSecret: shopSettings.gaApiSecret };

export async function readStored(db: DbOrTx): Promise<Stored> {
  const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID));
  return row ?? OFF;
}

const viewOf = (s: Stored): AdSettingsView => ({ meta_pixel_id: s.metaPixelId, meta_capi_token_set: s.metaCapiToken !== '', meta_purchase_at: s.metaPurchaseAt, ga_measurement_id: s.gaMeasurementId, ga_api_secret_set: s.gaApiSecret !== '' });

export const readAdSettings = async (db: DbOrTx) => viewOf(await readStored(db));
/** The ids the browser may know: a platform's id only when the server side of it is on too is not required (the Pixel alone is fine). */
export const readAdPublic = async (db: DbOrTx) => {
  const s = await readStored(db);
  return { meta_pixel_id: s.metaPixelId, ga_measurement_id: s.gaMeasurementId };
};

/** The CSP's ad origins follow the settings: read when the app is ready, then every minute (other processes' saves). */
export function keepAdOrigins(app: FastifyInstance, db: Db, origins: AdOrigins): void {
  let timer: NodeJS.Timeout | undefined;
  const load = () => readAdPublic(db).then((ids) => origins.set(ids), (err: unknown) => app.log.warn({ err }, 'ad settings not read'));
  app.addHook('onReady', async () => {
    await load();
    timer = setInterval(() => void load(), 60_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** PUT /ads/settings: the ids and tokens; on the audit log with each token only as set or not (never its value). */
export async function saveAdSettings(db: Db, input: AdSettingsInput & { meta_pixel_id: string; ga_measurement_id: string }, by: Actor): Promise<AdSettingsView> {
  return db.transaction(async (tx) => {
    const before = await readStored(tx);
    const keep = (given: string | null | undefined, saved: string) => (given === null ? '' : given ? given : saved);
    const next: Stored = {
      metaPixelId: input.meta_pixel_id,
      metaCapiToken: keep(input.meta_capi_token, before.metaCapiToken),
      metaPurchaseAt: input.meta_purchase_at,
      gaMeasurementId: input.ga_measurement_id,
      gaApiSecret: keep(input.ga_api_secret, before.gaApiSecret),
    };
    await tx.insert(shopSettings).values({ id: SETTINGS_ID, ...next }).onConflictDoUpdate({ target: shopSettings.id, set: { ...next, updatedAt: new Date() } });
    await record(tx, by, { kind: 'settings', action: 'update', targetId: 'shop_settings', before: viewOf(before), after: viewOf(next) });
    return viewOf(next);
  });
}

/** Meta's normalisation: a Bangladeshi mobile as digits with the country code (8801…), then SHA-256 hex. */
export function hashedPhone(mobile: string): string | null {
  const digits = mobile.replace(/\D/g, '');
  const full = /^01\d{9}$/.test(digits) ? `88${digits}` : /^8801\d{9}$/.test(digits) ? digits : null;
  return full ? sha256(full) : null;
}
/** An e-mail trimmed and lower-cased, then SHA-256 hex. */
export const hashedEmail = (email: string) => sha256(email.trim().toLowerCase());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The Purchase's one id, which the browser's Pixel and gtag send too: Meta keeps one of the two (decision 0119). */
export const purchaseEventId = (orderNumber: string) => `purchase.${orderNumber}`;

const orderPayload = z.object({ orderId: z.string() });
export const metaPurchaseJob = defineJob('ads.meta-purchase', orderPayload, { attempts: 5 });
export const gaPurchaseJob = defineJob('ads.ga-purchase', orderPayload, { attempts: 5 });

/** An order as the ad platforms are told of it: only one placed with the shopper's yes (else null: nothing is sent). */
async function measuredOrder(db: Db, id: string) {
  const [order] = await db
    .select({ number: orders.orderId, total: orders.totalAmount, mobile: orders.mobile, consent: orders.adConsent, context: orders.adContext, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!order?.consent || !order.context) return null;
  const items = await db.select({ productId: orderItems.productId, variantId: orderItems.variantId, name: orderItems.name, unitPrice: orderItems.unitPrice, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, id));
  return { ...order, context: order.context, items: items.map((i) => ({ id: i.variantId || i.productId || '', name: i.name, price: i.unitPrice, quantity: i.quantity })) };
}
type Measured = NonNullable<Awaited<ReturnType<typeof measuredOrder>>>;

/** Meta's user_data: the hashed mobile and e-mail when known, and the browser's own (IP, agent, the Pixel's cookies). */
export function metaUserData(context: AdContext, mobile: string | null, email: string | null): MetaUserData {
  const ph = mobile ? hashedPhone(mobile) : null;
  return {
    ...(ph ? { ph: [ph] } : {}),
    ...(email ? { em: [hashedEmail(email)] } : {}),
    client_ip_address: context.ip,
    client_user_agent: context.userAgent,
    ...(context.fbp ? { fbp: context.fbp } : {}),
    ...(context.fbc ? { fbc: context.fbc } : {}),
  };
}

export function metaPurchaseEvent(order: Measured, at: Date): MetaServerEvent {
  const { context } = order;
  return {
    event_name: 'Purchase',
    event_time: Math.floor(at.getTime() / 1000),
    event_id: purchaseEventId(order.number),
    action_source: 'website',
    ...(context.url ? { event_source_url: context.url } : {}),
    user_data: metaUserData(context, order.mobile, order.email),
    custom_data: { currency: 'BDT', value: order.total, content_ids: order.items.map((i) => i.id), contents: order.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.price })), content_type: 'product' },
  };
}

export function gaPurchaseEvent(order: Measured): Ga4Event {
  return { name: 'purchase', params: { currency: 'BDT', value: order.total, transaction_id: order.number, items: order.items.map((i) => ({ item_id: i.id, item_name: i.name, price: i.price, quantity: i.quantity })) } };
}

export interface AdSenders {
  db: Db;
  jobs: Jobs;
  meta: MetaConversions;
  ga: Ga4Collector;
}

/** The two jobs' handlers: each reads the settings and the order when it runs; without consent or settings it sends nothing. */
export function handleAdJobs({ db, jobs, meta, ga }: AdSenders): void {
  jobs.handle(metaPurchaseJob, async ({ orderId }) => {
    const [settings, order] = await Promise.all([readStored(db), measuredOrder(db, orderId)]);
    if (!order || !settings.metaPixelId || !settings.metaCapiToken) return;
    await meta.send(settings.metaPixelId, settings.metaCapiToken, [metaPurchaseEvent(order, new Date())]).catch(permanentWhenRefused);
  });
  jobs.handle(gaPurchaseJob, async ({ orderId }) => {
    const [settings, order] = await Promise.all([readStored(db), measuredOrder(db, orderId)]);
    if (!order || !settings.gaMeasurementId || !settings.gaApiSecret) return;
    // GA's client id from the _ga cookie when gtag set one, else one of the order's own (GA needs one).
    await ga.send(settings.gaMeasurementId, settings.gaApiSecret, { client_id: order.context.gaClientId ?? `${order.number}.0`, events: [gaPurchaseEvent(order)] }).catch(permanentWhenRefused);
  });
}

/** A refusal (a wrong token, a bad field) will not pass by trying again: the job fails at once, for the owner's failed-jobs page. */
export function permanentWhenRefused(err: unknown): never {
  if (err instanceof Error && 'retryable' in err && (err as { retryable: boolean }).retryable === false) throw new PermanentJobError(err.message);
  throw err;
}

/**
 * The Purchase is queued in the order's transaction when it is placed — for cash on delivery only when the owner
 * chose "at order" — or when it is delivered (by courier or by hand, decision 0126), for cash on delivery when the owner chose "at delivery" (so fake
 * orders never reach the ad data). Only for an order placed with consent, and only for a platform the owner set up.
 */
export function measureOrders(events: Events<AppEvents>, jobs: Jobs): void {
  events.on('order.placed', ({ orderId }, tx) => queuePurchase(tx, jobs, orderId, 'placed'));
  events.on('order.delivered', ({ orderId }, tx) => queuePurchase(tx, jobs, orderId, 'delivered'));
}

async function queuePurchase(tx: DbOrTx, jobs: Jobs, orderId: string, moment: 'placed' | 'delivered'): Promise<void> {
  const [order] = await tx.select({ consent: orders.adConsent, method: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  if (!order?.consent) return;
  const settings = await readStored(tx);
  const cod = order.method === 'CASH-ON-DELIVERY';
  const now = moment === 'placed' ? !cod || settings.metaPurchaseAt === 'order' : cod && settings.metaPurchaseAt === 'delivery';
  if (!now) return;
  if (settings.metaPixelId && settings.metaCapiToken) await metaPurchaseJob.enqueue(jobs, tx, { orderId });
  if (settings.gaMeasurementId && settings.gaApiSecret) await gaPurchaseJob.enqueue(jobs, tx, { orderId });
}
