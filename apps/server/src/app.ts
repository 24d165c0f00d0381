import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { Config } from './config';
import { isDatabaseUnavailable, type Database } from './db/client';
import type { AppDeps } from './deps';
import { createGuards } from './lib/auth';
import { englishErrorText, errorText, type ErrorArgs, type ErrorCode } from '@haat/shared/errors/catalogue';
import { AppError } from './lib/errors';
import { registerApiDocs } from './lib/openapi';
import { loggerOptions } from './lib/log';
import { MAX_FIELD_BYTES } from './lib/multipart';
import { noStoreByDefault } from './lib/httpCache';
import { refuseNulBytes } from './lib/nul';
import { refuseDevelopmentBuild } from './lib/web-build';
import { createRateStore } from './lib/rate-limit';
import { recordRoutes } from './lib/route-table';
import { securityHeaders } from './lib/security-headers';
import { createPictureStore, servePictures } from './lib/storage';
import { createSmsSender } from './lib/sms';
import { Jobs } from './lib/jobs';
import { createMailer } from './lib/mail';
import { BkashClient } from './integrations/bkash/client';
import { sandboxClient, sandboxPlugin } from './integrations/bkash/sandbox';
import { bkashPaymentStarter, expirySweep, expirySweepJob, handleDueRefunds } from './modules/payments/index';
import { cancelledUnsupplied, recordCourierReturn } from './modules/returns/index';
import { courierOrders, orderById } from './modules/orders/index';
import { handleOrderSms, notifyOrder, type NotifyDeps } from './modules/notify/service';
import { handleOwnerNotices } from './modules/notify/owners';
import { guardedSmsSender } from './modules/notify/sms-guard';
import { withCourierBookings, type OnCourierEvent } from './modules/courier/index';
import { createDeliveryRecords } from './modules/delivery-record/index';
import { attachDeadlines } from './modules/deadlines/index';
import { apiModules } from './modules/index';
import { seoRoutes, spaPages, storefrontRenderer } from './modules/seo/index';
import { steadfastFromConfig } from './integrations/steadfast';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; served when it exists. */
  webDist?: string;
  onCourierEvent?: OnCourierEvent;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * The most a JSON (or text) body may hold: the largest legitimate one, a bulk
 * courier booking of 500 order ids, is about 35 KB. Multipart forms have their
 * own limits (the multipart plugin below, lib/multipart.ts). Issue 18.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
/** A refused body up to this size is read and dropped rather than cut off with the connection (see the error handler). */
const DRAINED_BODY_LIMIT = 1024 * 1024;

/** A claimed job's lease: a worker that died in a job gives it back to the others after this long. */
const JOB_LEASE_SECONDS = 5 * 60;
export const BODY_TOO_LARGE = errorText('BODY_TOO_LARGE', { kb: JSON_BODY_LIMIT / 1024 });

/** The error envelope: the spec's { success, error, message, data } with the catalogue's code and its parameters (decision 0052). */
/** A zod schema's refusal: its own (spec) text, and the field it is about. */
function validationBody(message: string, field: string) {
  return { success: false, error: true, code: 'VALIDATION' as const, params: { message, field }, message, data: null };
}

export function errorBody<C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>) {
  const p = (params ?? {}) as Record<string, string | number>;
  return { success: false, error: true, code, params: p, message: englishErrorText(code, p), data: null };
}

function bkashGateway(app: FastifyInstance, config: Config): AppDeps['bkash'] {
  const settings = config.bkash;
  if (!settings) return null;
  const gateway = settings.mode === 'live' ? new BkashClient({ ...settings, timeoutMs: config.BKASH_TIMEOUT_MS }) : sandboxClient(app, config.BKASH_TIMEOUT_MS);
  return { gateway, publicUrl: settings.publicUrl };
}

/** Builds the app without listening: used by main and by tests through inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // Redacts secrets and logs errors without their SQL parameters (lib/log.ts).
    logger: loggerOptions(opts.logger ?? false),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    // Graceful shutdown: close() stops accepting and lets requests in flight finish.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  // Durable jobs on pg-boss (decision 0085): modules enqueue in their transactions and register their handlers below
  // and in their routes; the queue (and with JOBS_WORKER its workers) starts once the app is ready, schedules once it listens.
  const jobs = new Jobs(database, { queue: config.JOBS_QUEUE, worker: config.JOBS_WORKER, retryDelaySeconds: config.JOBS_RETRY_DELAY_SECONDS, pollMs: config.JOBS_POLL_MS, leaseSeconds: JOB_LEASE_SECONDS }, app.log);
  const notify: NotifyDeps = {
    db: database.db,
    // Every SMS of the shop through one guard: the per-number cap and the daily budget (decision 0092).
    sms: guardedSmsSender(createSmsSender(config, app.log), { db: database.db, jobs, log: app.log, shopName: config.SHOP_NAME, dailyBudget: config.SMS_DAILY_BUDGET, perNumberDaily: config.SMS_PER_NUMBER_DAILY }),
    jobs,
    log: app.log,
    shopName: config.SHOP_NAME,
  };
  handleOrderSms(notify);
  // The Owners' SMS and mails (the daily overdue notice, a complaint filed): jobs queued by the modules that tell them.
  const ownerMailer = createMailer(config, app.log);
  app.addHook('onClose', () => ownerMailer.close());
  handleOwnerNotices({ jobs, sms: notify.sms, mailer: ownerMailer });
  const bkash = bkashGateway(app, config);
  const deliveryRecords = createDeliveryRecords({ db: database.db, steadfast: steadfastFromConfig(config), log: app.log });
  const deps: AppDeps = { config, database, guards: createGuards(config, database.db), rateStore: createRateStore(config), pictures: createPictureStore(config), bkash, notify, jobs,
    // What an earlier module needs from a later one comes through deps (decision 0054): orders start a bKash
    // payment without importing payments, and courier answers an order without importing orders.
    startBkashPayment: bkash && bkashPaymentStarter({ db: database.db, gateway: bkash.gateway, publicUrl: bkash.publicUrl }),
    orderById: (id) => orderById(database.db, id),
    courierOrders: courierOrders(database.db),
    // Booked and delivered parcels text the shopper (issue 13); tests may listen instead.
    deliveryRecords,
    // The admin's card also shows each order's due times and whether one is overdue (issue 27, decision 0076).
    // The three additions read independent things of the same list: asked at once, not one after another (decision 0083).
    adminOrders: async (list) => mergeAdditions(list, await Promise.all([deliveryRecords.attach(list), attachDeadlines(database.db, list), withCourierBookings(database.db, jobs, list)])),
    onCourierEvent: opts.onCourierEvent ?? (async (n, tx) => {
      if (n.stage === 'booked' || n.stage === 'delivered') await notifyOrder(notify, tx, n.orderId, n.stage, { trackingCode: n.trackingCode });
      // A courier's partial delivery or return is a return record like a shopper's (decision 0075).
      if (n.stage === 'partial') await recordCourierReturn(tx, n.orderId, 'partial');
      if (n.stage === 'returned' || n.stage === 'cancelled') await recordCourierReturn(tx, n.orderId, 'returned');
    }),
    // The owner's cancel "cannot be supplied": the shopper's SMS and a prepaid bKash order's refund (decision 0075).
    onUnsupplied: (tx, orderId, by) => cancelledUnsupplied({ notify, jobs }, tx, orderId, by),
  };
  app.addHook('onClose', () => deps.rateStore.close());
  // bKash refunds owed (an order that cannot be supplied) are made by a durable job (decision 0075).
  handleDueRefunds({ db: database.db, gateway: deps.bkash?.gateway ?? null, log: app.log, notify, jobs });
  if (deps.bkash) {
    // Unpaid bKash orders past their time give their stock back: a periodic job, once a minute across processes.
    jobs.every(expirySweepJob, 60_000, expirySweep({ db: database.db, gateway: deps.bkash.gateway, log: app.log }, config.BKASH_PAYMENT_TTL_MIN));
  }
  app.addHook('onReady', () => jobs.startWhenReachable());
  // Periodic work is scheduled by a listening server (not by inject-driven tests), then run by whichever worker takes it.
  app.addHook('onListen', () => jobs.schedule());
  // Jobs running finish (within the shutdown's grace) before the database closes; queued ones wait in pg-boss's table.
  app.addHook('onClose', () => Promise.race([jobs.stop(), new Promise<void>((r) => setTimeout(r, 5_000).unref())]));
  recordRoutes(app, deps.guards);

  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.code(400).send(first?.message ? validationBody(first.message, first.instancePath.replace(/^\//, '').replaceAll('/', '.')) : errorBody('INVALID_INPUT'));
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      return reply.code(400).send(first?.message ? validationBody(first.message, first.path.join('.')) : errorBody('INVALID_INPUT'));
    }
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({ success: false, error: true, code: err.code, params: err.params, message: err.message, data: null });
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting or unreachable: the pool reconnects on its own, so ask the client to retry.
      req.log.warn('database unavailable; answered 503');
      return reply.code(503).header('retry-after', '5').send(errorBody('DATABASE_UNAVAILABLE'));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode ?? 500;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify closes the connection on a body it refused unread; while the client is still writing it, that close
      // resets the socket and the 413 is lost with it. A body of stated length up to 1 MiB is read to its end and
      // dropped instead (Node does so for an unread body on a kept-alive connection), so the client reads why.
      if (Number(req.headers['content-length']) <= DRAINED_BODY_LIMIT) reply.removeHeader('connection');
      return reply.code(413).send(errorBody('BODY_TOO_LARGE', { kb: JSON_BODY_LIMIT / 1024 }));
    }
    if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(errorBody('UPLOAD_TOO_LARGE'));
    }
    // Fastify's and its plugins' own 4xx texts: a code that carries the text as sent.
    if (status === 429) return reply.code(429).send(e.message ? errorBody('HTTP_ERROR', { message: e.message }) : errorBody('TOO_MANY_REQUESTS'));
    if (status >= 400 && status < 500) {
      return reply.code(status).send(e.message ? errorBody('HTTP_ERROR', { message: e.message }) : errorBody('BAD_REQUEST'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL'));
  });

  // Headers on every answer (pages, API, uploads, 404s): registered first, at the root.
  await app.register(helmet, securityHeaders(config.isProduction, config.s3?.publicUrl && new URL(config.s3.publicUrl).origin));
  await app.register(compress, { global: true, threshold: 1024 });
  // Text fields are short (names, ids, more_details JSON): 64 KB each, so a form cannot buffer megabytes of text.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, fieldSize: MAX_FIELD_BYTES, parts: 80 } });

  // Before the routes: the OpenAPI description collects them as they are added.
  await registerApiDocs(app);
  await app.register(
    async (api) => {
      // A NUL character or a lone surrogate in any text answers 400 before it reaches a query (multipart: lib/multipart.ts).
      api.addHook('preValidation', refuseNulBytes);
      // Personal answers are never cached; public reads set their own Cache-Control first.
      api.addHook('onSend', noStoreByDefault);
      for (const mod of apiModules(deps)) await api.register(mod);
      api.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody('NO_SUCH_ROUTE')));
    },
    { prefix: '/api' },
  );

  // The demo's stand-in for bKash (config.ts never lets it start in production).
  if (config.bkash?.mode === 'sandbox') await app.register(sandboxPlugin());

  // Uploaded and seeded images: content-addressed names, so they never change (from the folder or the bucket).
  await servePictures(app, config, deps.pictures);

  // robots.txt, the sitemaps and the Meta feed (docs/decisions/0039).
  await app.register(seoRoutes(deps));

  const webDist = opts.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb && config.isProduction) refuseDevelopmentBuild(webDist);
  // index.html is read once: every page is it with its own head tags put in.
  // The storefront's server rendering (issue 25) is built beside it, in dist-server/.
  const render = hasWeb ? await storefrontRenderer(app, path.join(webDist, '..', 'dist-server'), webDist) : null;
  const sendPage = hasWeb ? await spaPages(deps, app, readFileSync(path.join(webDist, 'index.html'), 'utf8'), render) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // Our own header below: hashed assets forever, the rest briefly.
      cacheControl: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        // Vite puts content-hashed files under assets/: cache them forever.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name) || name === 'index.html') {
          // The service worker and the shell it precaches: always revalidated, so a deploy reaches shoppers on their next visit (docs/decisions/0040).
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=300');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/uploads/') && !url.startsWith('/assets/') && !path.extname(url);
    if (isPage && sendPage) {
      // Every client route gets the SPA (the router shows Oops! for unknown ones), with the page's own head.
      return sendPage(req, reply);
    }
    return reply.code(404).send(errorBody('NOT_FOUND'));
  });

  return app;
}

/**
 * Each order with what every addition added to it (decision 0083): the additions read the same list at once, each
 * answering the orders with its own fields set; every field an addition changed is kept, whichever it is.
 */
function mergeAdditions<T extends object>(list: T[], additions: T[][]): T[] {
  return list.map((order, i) => {
    const merged = { ...order } as Record<string, unknown>;
    for (const added of additions) {
      for (const [key, value] of Object.entries(added[i]!)) if (value !== (order as Record<string, unknown>)[key]) merged[key] = value;
    }
    return merged as T;
  });
}
