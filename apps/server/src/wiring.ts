import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { createGuards } from './lib/auth';
import { Events } from './lib/events';
import { AdOrigins } from './lib/ad-origins';
import { Jobs } from './lib/jobs';
import { createMailer } from './lib/mail';
import { createRateStore } from './lib/rate-limit';
import { createSmsSender } from './lib/sms';
import { createPictureStore } from './lib/storage';
import { BkashClient } from './integrations/bkash/client';
import { sandboxClient } from './integrations/bkash/sandbox';
import { SslcommerzClient } from './integrations/sslcommerz/client';
import { NagadClient } from './integrations/nagad/client';
import { sslcommerzSandboxClient } from './integrations/sslcommerz/sandbox';
import { steadfastFromConfig } from './integrations/steadfast';
import { withCourierBookings } from './modules/courier/index';
import { attachDeadlines } from './modules/deadlines/index';
import { createDeliveryRecords } from './modules/delivery-record/index';
import { textShopperOnNews } from './modules/notify/index';
import { handleOwnerNotices } from './modules/notify/owners';
import { handleOrderSms } from './modules/notify/service';
import { guardedSmsSender } from './modules/notify/sms-guard';
import { courierOrders, orderById, withPaymentHolds } from './modules/orders/index';
import { bkashPaymentStarter, expirySweep, expirySweepJob, handleDueRefunds, nagadPaymentStarter, nagadStatus, sslcommerzPaymentStarter, sslcommerzStatus } from './modules/payments/index';
import { recoverOnOrders } from './modules/recovery/index';
import { returnOnNews } from './modules/returns/index';
import { handleAdJobs, handleBrowserEvents, keepAdOrigins, measureOrders } from './modules/ads/index';
import { MetaCapiClient } from './integrations/meta-capi/client';
import { Ga4MpClient } from './integrations/ga4-mp/client';
import { askForReviewsOnDelivery, handleReviewRequests } from './modules/reviews/index';
import type { AppEvents, NotifyDeps } from './ports';

/** A claimed job's lease: a worker that died in a job gives it back to the others after this long. */
const JOB_LEASE_SECONDS = 5 * 60;

/**
 * The app's AppDeps, made from the modules' doors (decision 0054: what an earlier module needs from a later one
 * comes through deps), with the modules' job handlers registered and their reactions to each other's events
 * subscribed (decision 0107). The one place that knows which module gives which port (ports.ts).
 */
export function wireModules(app: FastifyInstance, config: Config, database: Database): AppDeps {
  const { db } = database;
  // Durable jobs on pg-boss (decision 0085): modules enqueue in their transactions and register their handlers here
  // and in their routes; the queue (and with JOBS_WORKER its workers) starts once the app is ready, schedules once it listens.
  const jobs = new Jobs(database, { queue: config.JOBS_QUEUE, worker: config.JOBS_WORKER, retryDelaySeconds: config.JOBS_RETRY_DELAY_SECONDS, pollMs: config.JOBS_POLL_MS, leaseSeconds: JOB_LEASE_SECONDS }, app.log);
  const notify = messaging(app, config, database, jobs);
  const bkash = bkashGateway(app, config);
  const sslcommerz = sslcommerzGateway(app, config);
  const nagad = config.nagad && { gateway: new NagadClient({ ...config.nagad, timeoutMs: config.NAGAD_TIMEOUT_MS }), publicUrl: config.nagad.publicUrl };
  const deliveryRecords = createDeliveryRecords({ db, steadfast: steadfastFromConfig(config), log: app.log });
  const deps: AppDeps = { config, database, guards: createGuards(config, db), rateStore: createRateStore(config), pictures: createPictureStore(config), bkash, notify, jobs, deliveryRecords,
    events: new Events<AppEvents>(),
    adOrigins: new AdOrigins(),
    // Orders start a bKash payment without importing payments, and courier answers an order without importing orders.
    startBkashPayment: bkash && bkashPaymentStarter({ db, gateway: bkash.gateway, publicUrl: bkash.publicUrl }),
    sslcommerz,
    startSslcommerzPayment: sslcommerz && sslcommerzPaymentStarter({ gateway: sslcommerz.gateway, publicUrl: sslcommerz.publicUrl }),
    nagad,
    startNagadPayment: nagad && nagadPaymentStarter(nagad),
    orderById: (id) => orderById(db, id),
    courierOrders: courierOrders(db),
    // The admin's card also shows each order's due times and whether one is overdue (issue 27, decision 0076).
    // The additions read independent things of the same list: asked at once, not one after another (decision 0083).
    adminOrders: async (list) => {
      const [held, ...more] = await Promise.all([withPaymentHolds(db, list), deliveryRecords.attach(list), attachDeadlines(db, list), withCourierBookings(db, jobs, list)]);
      return mergeAdditions(held, more);
    },
  };
  app.addHook('onClose', () => deps.rateStore.close());
  // Who reacts to whose news, in the publisher's transaction: the shopper's SMS; a return record, a refund due.
  textShopperOnNews(deps.events, notify);
  returnOnNews(deps.events, { notify, jobs });
  // An order from a mobile texted by checkout recovery counts as recovered (decision 0117).
  recoverOnOrders(deps.events);
  // A Purchase to Meta and GA4, for an order placed with the shopper's consent (decision 0119).
  measureOrders(deps.events, jobs);
  keepAdOrigins(app, db, deps.adOrigins);
  const meta = new MetaCapiClient({ baseUrl: config.META_GRAPH_URL, version: config.META_GRAPH_VERSION, timeoutMs: config.AD_EVENTS_TIMEOUT_MS });
  handleAdJobs({ db, jobs, meta, ga: new Ga4MpClient({ baseUrl: config.GA_MP_URL, timeoutMs: config.AD_EVENTS_TIMEOUT_MS }) });
  // ViewContent, AddToCart and InitiateCheckout: the server's copy of the Pixel's (decision 0131).
  handleBrowserEvents({ db, jobs, meta });
  // A delivery queues the asking SMS when the owner turned it on (issue 47).
  askForReviewsOnDelivery(deps.events, jobs);
  handleReviewRequests(jobs, { db, sms: notify.sms, config });
  paymentJobs(app, deps);
  runJobs(app, jobs);
  return deps;
}

/** The shopper's SMS job and the Owners' SMS and mails (the daily overdue notice, a complaint filed). */
function messaging(app: FastifyInstance, config: Config, database: Database, jobs: Jobs): NotifyDeps {
  const notify: NotifyDeps = {
    db: database.db,
    // Every SMS of the shop through one guard: the per-number cap and the daily budget (decision 0092).
    sms: guardedSmsSender(createSmsSender(config, app.log), { db: database.db, jobs, log: app.log, shopName: config.SHOP_NAME, dailyBudget: config.SMS_DAILY_BUDGET, perNumberDaily: config.SMS_PER_NUMBER_DAILY }),
    jobs,
    log: app.log,
    shopName: config.SHOP_NAME,
  };
  handleOrderSms(notify);
  const ownerMailer = createMailer(config, app.log);
  app.addHook('onClose', () => ownerMailer.close());
  handleOwnerNotices({ jobs, sms: notify.sms, mailer: ownerMailer });
  return notify;
}

function bkashGateway(app: FastifyInstance, config: Config): AppDeps['bkash'] {
  const settings = config.bkash;
  if (!settings) return null;
  const gateway = settings.mode === 'live' ? new BkashClient({ ...settings, timeoutMs: config.BKASH_TIMEOUT_MS }) : sandboxClient(app, config.BKASH_TIMEOUT_MS);
  return { gateway, publicUrl: settings.publicUrl };
}

function sslcommerzGateway(app: FastifyInstance, config: Config): AppDeps['sslcommerz'] {
  const settings = config.sslcommerz;
  if (!settings) return null;
  const timeoutMs = config.SSLCOMMERZ_TIMEOUT_MS;
  const gateway = settings.mode === 'store' ? new SslcommerzClient({ baseUrl: settings.baseUrl, storeId: settings.storeId, storePasswd: settings.storePasswd, timeoutMs }) : sslcommerzSandboxClient(app, timeoutMs);
  return { gateway, publicUrl: settings.publicUrl };
}

/** Gateway refunds owed (an order that cannot be supplied) by a durable job (decision 0075); the unpaid orders' sweep. */
function paymentJobs(app: FastifyInstance, { database, bkash, sslcommerz, nagad, config, jobs, notify }: AppDeps): void {
  const { log } = app;
  const db = database.db;
  handleDueRefunds({ db, gateway: bkash?.gateway ?? null, sslcommerz: sslcommerz?.gateway ?? null, log, notify, jobs });
  // Unpaid gateway orders past their time give their stock and promotion uses back: a periodic job, once a minute across processes.
  // Each unpaid order is asked of its own gateway (orders.gateway, decision 0127).
  const others = { ...(sslcommerz && { sslcommerz: sslcommerzStatus({ db, gateway: sslcommerz.gateway, log }) }), ...(nagad && { nagad: nagadStatus({ db, gateway: nagad.gateway, log }) }) };
  if (bkash || sslcommerz || nagad) jobs.every(expirySweepJob, 60_000, expirySweep({ db, gateway: bkash?.gateway ?? null, log, others }, config.BKASH_PAYMENT_TTL_MIN));
}

/** The queue's lifetime follows the app's. */
function runJobs(app: FastifyInstance, jobs: Jobs): void {
  app.addHook('onReady', () => jobs.startWhenReachable());
  // Periodic work is scheduled by a listening server (not by inject-driven tests), then run by whichever worker takes it.
  app.addHook('onListen', () => jobs.schedule());
  // Jobs running finish (within the shutdown's grace) before the database closes; queued ones wait in pg-boss's table.
  app.addHook('onClose', () => Promise.race([jobs.stop(), new Promise<void>((r) => setTimeout(r, 5_000).unref())]));
}

/**
 * Each order with what every addition added to it (decision 0083): the additions read the same list at once, each
 * answering the orders with its own fields set; every field an addition changed is kept, whichever it is.
 */
function mergeAdditions<T extends object>(list: T[], additions: Partial<T>[][]): T[] {
  return list.map((order, i) => {
    const merged = { ...order } as Record<string, unknown>;
    for (const added of additions) {
      for (const [key, value] of Object.entries(added[i]!)) if (value !== (order as Record<string, unknown>)[key]) merged[key] = value;
    }
    return merged as T;
  });
}
