import { sameSecret } from '../../lib/same-secret';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookCourierSchema, bulkBookSchema, COURIER_LABELS, courierRulesReplySchema, courierRulesSchema, trackQuerySchema, type CourierProvider, bookingReplySchema, courierPlacesReplySchema, courierProvidersReplySchema, paperflyWebhookReplySchema, pathaoWebhookReplySchema, placeSuggestionReplySchema, redxWebhookReplySchema, steadfastWebhookReplySchema, trackReplySchema } from '@haat/shared/schemas/courier';
import { adminOrderReplySchema } from '@haat/shared/schemas/order';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { doc } from '../../lib/openapi';
import { guessOrder, tooMany, type RateStore } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { applyCourierUpdate, bookOrder, bookOrders, courierPollJob, handleBookingJobs, pollShipments, suggestPlaceForOrder, trackOrder, type CourierDeps } from './service';
import { PATHAO_INTEGRATION_SECRET } from './pathao';
import { readRules, saveRules } from './choice';
import { createCouriers } from './registry';
import { courierTime } from './types';

const idParams = z.object({ id: z.string() });

/**
 * /track: every look-up counts per address; per order number only the ones
 * that found nothing (`guessOrder`, shared with the guest return look-ups).
 * Past the per-order limit a wrong guess answers 429, but the right order id
 * and mobile are still answered: strangers' guesses must not lock the owner
 * out (decision 0046).
 */
export const TRACK_LIMIT = { windowMs: 10 * 60_000, perIp: 60 };

function limitTrack(store: RateStore) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const w = await store.hit(`track:ip:${req.ip}`, TRACK_LIMIT.windowMs);
    if (w.count > TRACK_LIMIT.perIp) throw tooMany(reply, w.resetMs, 'TOO_MANY_TRACK_LOOKUPS');
  };
}

const steadfastWebhookSchema = z.object({
  notification_type: z.enum(['delivery_status', 'tracking_update'], { error: 'notification_type must be delivery_status or tracking_update.' }),
  consignment_id: z.union([z.number(), z.string().min(1).max(64)], { error: 'consignment_id is required.' }),
  status: z.string().max(64).optional(),
  tracking_message: z.string().max(1000).optional(),
  updated_at: z.string().max(40).optional(),
});

const pathaoWebhookSchema = z.object({
  event: z.string({ error: 'event is required.' }).min(1).max(64),
  consignment_id: z.union([z.number(), z.string().min(1).max(64)]).optional(),
  updated_at: z.string().max(40).optional(),
  timestamp: z.string().max(40).optional(),
  reason: z.string().max(1000).optional(),
});

/** RedX's webhook body (reference §3 RedX); its time may come as text or as epoch milliseconds. */
const redxWebhookSchema = z.object({
  tracking_number: z.string({ error: 'tracking_number is required.' }).min(1).max(64),
  status: z.string({ error: 'status is required.' }).min(1).max(64),
  timestamp: z.union([z.string().max(40), z.number()]).optional(),
  message_en: z.string().max(1000).optional(),
  message_bn: z.string().max(1000).optional(),
  invoice_number: z.string().max(64).optional(),
});

/**
 * Paperfly's status webhook body (decision 0129): the reference names 14 event types and a shared secret but not
 * their fields, so this shape is Haat's model of it (our merOrderRef, Paperfly's tracking number, the event, its time).
 */
const paperflyWebhookSchema = z.object({
  merOrderRef: z.string({ error: 'merOrderRef is required.' }).min(1).max(64),
  tracking_number: z.union([z.string().max(64), z.number()]).optional(),
  event: z.string({ error: 'event is required.' }).min(1).max(64),
  timestamp: z.string().max(40).optional(),
  message: z.string().max(1000).optional(),
});

const placesQuery = z.object({
  city_id: z.coerce.number().int().min(1).optional(),
  zone_id: z.coerce.number().int().min(1).optional(),
});

/** Pathao's event name as a sentence: 'order.in-transit' → 'In transit'. */
const eventWords = (event: string) => {
  const words = event.replace(/^order\./, '').replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const courierRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const { db } = deps.database;
  const service: CourierDeps = {
    db,
    orders: deps.courierOrders,
    couriers: createCouriers(deps.config),
    // Others react to a parcel's news as events, in its transaction: the shopper's SMS, a return record (decision 0107).
    // A delivery is told by the order's move into Delivered (order.delivered, decision 0126), as a delivery by hand is.
    onCourierEvent: (notice, tx) => (notice.stage === 'delivered' ? undefined : deps.events.publish(tx, `parcel.${notice.stage}`, notice)),
    news: deps.events,
    jobs: deps.jobs,
  };
  handleBookingJobs(service);
  schedulePoll(deps, service, app.log);
  bookingRoutes(app, deps, service);
  webhookRoutes(app, deps, service);
  redxWebhookRoute(app, deps, service);
  paperflyWebhookRoute(app, deps, service);
  rulesRoutes(app, deps, service);
  trackRoutes(app, deps, service);
};

/**
 * The poll for missed webhooks: a periodic job (decisions 0073, 0085) on a cron schedule written once a server
 * listens (not in inject-driven tests), run by one worker at a time across the shop's processes. A parcel asked
 * about in the last run is asked again in this one: runs start on the minute, a little early or late.
 */
function schedulePoll(deps: AppDeps, service: CourierDeps, log: FastifyBaseLogger): void {
  const { config } = deps;
  if (config.COURIER_POLL_SECONDS > 0) {
    deps.jobs.every(courierPollJob, config.COURIER_POLL_SECONDS * 1000, async () => {
      const { asked, failed } = await pollShipments(service, { log, staleMs: config.COURIER_POLL_SECONDS * 1000 - 15_000 });
      if (failed > 0 && failed === asked) throw new Error(`every courier status asked (${asked}) failed`);
    });
  }
}

/** The staff's courier routes: the couriers set up, Pathao's places, booking one order or several. */
function bookingRoutes(base: FastifyInstance, deps: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { couriers } = service;
  const viewOrders = deps.guards.requirePermission('orders.view');
  const bookCourier = deps.guards.requirePermission('orders.courier');
  app.get('/courier/providers', { preHandler: viewOrders, schema: doc('courier', 'The couriers this shop can book with', { auth: 'admin', reply: courierProvidersReplySchema }) }, async () =>
    ok(Object.keys(couriers).map((p) => ({ provider: p, label: COURIER_LABELS[p as CourierProvider], places: Boolean(couriers[p as CourierProvider]?.places) }))),
  );

  app.get(
    '/courier/pathao/places',
    { preHandler: viewOrders, schema: { ...doc('courier', "Pathao's cities, a city's zones (city_id) or a zone's areas (zone_id)", { auth: 'admin', reply: courierPlacesReplySchema, errors: [502] }), querystring: placesQuery } },
    async (req) => {
      const places = couriers.pathao?.places;
      if (!places) throw appError('COURIER_NOT_SET_UP', { courier: 'Pathao' });
      const { city_id, zone_id } = req.query;
      return ok(zone_id ? await places.areas(zone_id) : city_id ? await places.zones(city_id) : await places.cities());
    },
  );

  app.get('/order/:id/courier', { preHandler: viewOrders, schema: { ...doc('courier', "Pathao's city and zone suggested from the order's address", { auth: 'admin', reply: placeSuggestionReplySchema, errors: [404] }), params: idParams } }, async (req) =>
    ok(await suggestPlaceForOrder(service, req.params.id)),
  );

  app.post(
    '/order/:id/courier',
    {
      preHandler: bookCourier,
      schema: {
        ...doc('courier', 'Book one order with a courier (202: the courier could not take it yet; queued and tried again)', { auth: 'admin', reply: adminOrderReplySchema, errors: [404, 409, 413, 502], more: { 202: adminOrderReplySchema } }),
        params: idParams,
        body: bookCourierSchema,
      },
    },
    async (req, reply) => {
      const outcome = await bookOrder(service, req.params.id, req.body);
      const [order] = await deps.adminOrders([(await deps.orderById(req.params.id))!]);
      if (outcome === 'queued') return reply.code(202).send(ok(order, `${COURIER_LABELS[req.body.provider]} could not take the booking yet: it is queued and tried again by itself.`));
      return ok(order, 'Courier booked.');
    },
  );

  app.post('/courier/book', { preHandler: bookCourier, schema: { ...doc('courier', 'Book several orders with a courier: one result per order', { auth: 'admin', reply: bookingReplySchema, errors: [413, 502] }), body: bulkBookSchema } }, async (req) => {
    const results = await bookOrders(service, req.body.orderIds, req.body.provider);
    const booked = results.filter((r) => r.ok).length;
    return ok(results, `${booked} of ${results.length} booked.`);
  });
}

/** The couriers' status webhooks, each behind its own secret. */
function webhookRoutes(base: FastifyInstance, { config }: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/courier/steadfast/webhook',
    {
      // The secret before the body: a stranger learns nothing, valid body or not.
      preValidation: async (req, reply) => {
        const auth = req.headers.authorization ?? '';
        if (!sameSecret(auth.startsWith('Bearer ') ? auth.slice(7) : undefined, config.STEADFAST_WEBHOOK_TOKEN)) {
          return reply.code(401).send({ status: 'error', message: 'Unauthorized.' });
        }
      },
      schema: { ...doc('courier', 'Steadfast status webhook (Authorization: Bearer STEADFAST_WEBHOOK_TOKEN)', { reply: steadfastWebhookReplySchema, errors: [413], more: { 401: steadfastWebhookReplySchema, 404: steadfastWebhookReplySchema } }), body: steadfastWebhookSchema },
    },
    async (req, reply) => {
      const b = req.body;
      const delivery = b.notification_type === 'delivery_status';
      if (delivery && !b.status) throw appError('WEBHOOK_STATUS_REQUIRED');
      const known = await applyCourierUpdate(service, {
        provider: 'steadfast',
        consignmentId: String(b.consignment_id),
        status: delivery ? b.status! : null,
        message: b.tracking_message ?? (delivery ? `Steadfast: ${b.status}` : ''),
        at: courierTime(b.updated_at),
      });
      if (!known) return reply.code(404).send({ status: 'error', message: 'Unknown consignment.' });
      return { status: 'success', message: 'Webhook received successfully.' };
    },
  );

  app.post(
    '/courier/pathao/webhook',
    {
      preValidation: async (req, reply) => {
        const given = req.headers['x-pathao-signature'];
        if (!sameSecret(Array.isArray(given) ? given[0] : given, config.PATHAO_WEBHOOK_SECRET)) {
          return reply.code(401).send({ message: 'Unauthorized.' });
        }
      },
      schema: { ...doc('courier', 'Pathao status webhook and integration handshake (X-PATHAO-Signature: PATHAO_WEBHOOK_SECRET)', { reply: pathaoWebhookReplySchema, status: 202, errors: [413], more: { 401: pathaoWebhookReplySchema, 404: pathaoWebhookReplySchema } }), body: pathaoWebhookSchema },
    },
    async (req, reply) => {
      // Pathao's documented handshake value, the same for every merchant; our own secret stays ours.
      reply.header('X-Pathao-Merchant-Webhook-Integration-Secret', PATHAO_INTEGRATION_SECRET);
      const b = req.body;
      if (b.event === 'webhook_integration') return reply.code(202).send({ message: 'Webhook integrated.' });
      if (b.consignment_id === undefined) throw appError('WEBHOOK_CONSIGNMENT_REQUIRED');
      const known = await applyCourierUpdate(service, {
        provider: 'pathao',
        consignmentId: String(b.consignment_id),
        status: b.event,
        message: [`Pathao: ${eventWords(b.event)}`, b.reason].filter(Boolean).join(' — '),
        at: courierTime(b.updated_at ?? b.timestamp),
      });
      if (!known) return reply.code(404).send({ message: 'Unknown consignment.' });
      return reply.code(202).send({ message: 'Webhook received.' });
    },
  );
}

/** The owner's courier per district or zone, with a fallback (decision 0122). */
function rulesRoutes(base: FastifyInstance, deps: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/courier/rules', { preHandler: deps.guards.requirePermission('orders.view'), schema: doc('courier', 'The courier for each district or zone, and the fallback', { auth: 'admin', reply: courierRulesReplySchema }) }, async () =>
    ok(await readRules(service.db)),
  );
  app.put(
    '/courier/rules',
    { preHandler: deps.guards.requirePermission('settings.manage'), schema: { ...doc('courier', 'Set the courier for each district or zone, and the fallback (all at once)', { auth: 'admin', reply: courierRulesReplySchema, errors: [413] }), body: courierRulesSchema } },
    async (req) => ok(await saveRules(service.db, service.couriers, req.body, actorOf(req)), 'Couriers by district saved.'),
  );
}

/** RedX's time: epoch milliseconds (or seconds), else text as every courier writes it. */
const redxTime = (t: string | number | undefined) => (typeof t === 'number' ? new Date(t < 1e12 ? t * 1000 : t) : courierTime(t));

/**
 * RedX's status webhook: RedX puts the credentials in the query string (`?token=`), checked before the body is
 * read; the invoice_number, when given, must be the parcel's order (decision 0122).
 */
function redxWebhookRoute(base: FastifyInstance, { config }: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/courier/redx/webhook',
    {
      preValidation: async (req, reply) => {
        const { token } = req.query as { token?: unknown };
        if (!sameSecret(typeof token === 'string' ? token : undefined, config.REDX_WEBHOOK_TOKEN)) return reply.code(401).send({ success: false, message: 'Unauthorized.' });
      },
      schema: { ...doc('courier', 'RedX status webhook (?token=REDX_WEBHOOK_TOKEN)', { reply: redxWebhookReplySchema, errors: [413], more: { 401: redxWebhookReplySchema, 404: redxWebhookReplySchema } }), body: redxWebhookSchema },
    },
    async (req, reply) => {
      const b = req.body;
      const known = await applyCourierUpdate(service, {
        provider: 'redx',
        consignmentId: b.tracking_number,
        status: b.status,
        message: b.message_en ? `RedX: ${b.message_en}` : `RedX: ${b.status.replaceAll('-', ' ')}`,
        at: redxTime(b.timestamp),
        ...(b.invoice_number !== undefined && { invoice: b.invoice_number }),
      });
      if (!known) return reply.code(404).send({ success: false, message: 'Unknown consignment.' });
      return { success: true, message: 'Webhook received.' };
    },
  );
}

/** The header Paperfly's webhook carries the shared secret in (decision 0129). */
export const PAPERFLY_SECRET_HEADER = 'x-paperfly-webhook-secret';

/**
 * Paperfly's status webhook: the shared secret set in Paperfly's panel, checked in constant time before the body
 * is read (401); replays and older events change nothing (applyCourierUpdate's rules, as for every courier).
 */
function paperflyWebhookRoute(base: FastifyInstance, { config }: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/courier/paperfly/webhook',
    {
      preValidation: async (req, reply) => {
        const given = req.headers[PAPERFLY_SECRET_HEADER];
        if (!sameSecret(typeof given === 'string' ? given : undefined, config.PAPERFLY_WEBHOOK_SECRET)) return reply.code(401).send({ success: false, message: 'Unauthorized.' });
      },
      schema: { ...doc('courier', `Paperfly status webhook (header ${PAPERFLY_SECRET_HEADER}: PAPERFLY_WEBHOOK_SECRET)`, { reply: paperflyWebhookReplySchema, errors: [413], more: { 401: paperflyWebhookReplySchema, 404: paperflyWebhookReplySchema } }), body: paperflyWebhookSchema },
    },
    async (req, reply) => {
      const b = req.body;
      const known = await applyCourierUpdate(service, {
        provider: 'paperfly',
        consignmentId: b.merOrderRef.trim(),
        status: b.event,
        message: b.message ? `Paperfly: ${b.message}` : `Paperfly: ${b.event.replaceAll('-', ' ')}`,
        at: courierTime(b.timestamp),
      });
      if (!known) return reply.code(404).send({ success: false, message: 'Unknown consignment.' });
      return { success: true, message: 'Webhook received.' };
    },
  );
}

/** The public /track look-up. */
function trackRoutes(base: FastifyInstance, deps: AppDeps, service: CourierDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/order/track',
    { preValidation: limitTrack(deps.rateStore), schema: { ...doc('orders', "An order's status and courier timeline, for its order id and mobile number", { reply: trackReplySchema, errors: [404, 429] }), querystring: trackQuerySchema } },
    async (req, reply) => {
      return ok(await guessOrder(deps.rateStore, req.query.orderId, reply, () => trackOrder(service, req.query)));
    },
  );
}
