import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderReplySchema, orderRefundSchema, refundLimitReplySchema, refundLimitSchema } from '@haat/shared/schemas/order';
import { refundRecordSchema, refundVoidSchema } from '@haat/shared/schemas/returns';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc, redirect } from '../../lib/openapi';
import { limitByIpAndEmail, PAYMENT_CALLBACK_LIMIT } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { handleCallback, readRefundLimit, saveRefundLimit } from './bkash';
import { orderById } from '../orders/index';
import { recordOwedRefund, refundOrder, voidOwedRefund } from './refunds';
import { handleNagadCallback } from './nagad';


/** The callback's query as bKash (or anyone) sends it: read, never trusted. */
const callbackQuery = z.object({
  paymentID: z.string().max(100).optional().catch(undefined),
  status: z.string().max(20).optional().catch(undefined),
});

/** Nagad's callback query (decision 0128): read, never trusted; only payment_ref_id is used, to ask Nagad. */
const nagadCallbackQuery = z.looseObject({
  merchant: z.string().max(100).optional().catch(undefined),
  order_id: z.string().max(100).optional().catch(undefined),
  payment_ref_id: z.string().max(100).optional().catch(undefined),
  status: z.string().max(40).optional().catch(undefined),
  status_code: z.string().max(40).optional().catch(undefined),
  message: z.string().max(500).optional().catch(undefined),
});

/** GET /payment/nagad/callback (decision 0128): where Nagad sends the shopper back; only Nagad's verify settles the order. */
function nagadCallback(base: FastifyInstance, deps: AppDeps): void {
  base.withTypeProvider<ZodTypeProvider>().get(
    '/payment/nagad/callback',
    { preValidation: limitByIpAndEmail(deps.rateStore, PAYMENT_CALLBACK_LIMIT), schema: { ...doc('payments', 'Where Nagad sends the shopper back: 302 to /order-success or /order-cancel', { description: 'The query is untrusted; only Nagad’s verify API (for this order, its amount) marks an order paid.', reply: redirect('To /order-success or /order-cancel'), status: 302, errors: [429] }), querystring: nagadCallbackQuery } },
    async (req, reply) => {
      const nagad = deps.nagad && { db: deps.database.db, gateway: deps.nagad.gateway, log: req.log };
      return reply.header('cache-control', 'no-store').redirect(await handleNagadCallback(nagad, req.query.payment_ref_id), 302);
    },
  );
}

export const paymentRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const refund = deps.guards.requirePermission('orders.refund');

  app.get(
    '/payment/bkash/callback',
    { preValidation: limitByIpAndEmail(deps.rateStore, PAYMENT_CALLBACK_LIMIT), schema: { ...doc('payments', 'Where bKash sends the shopper back: 302 to /order-success or /order-cancel', { description: 'The query is untrusted; only bKash’s answer to execute (or payment/status) marks an order paid.', reply: redirect('To /order-success or /order-cancel'), status: 302, errors: [429] }), querystring: callbackQuery } },
    async (req, reply) => {
      const bkash = deps.bkash && { db, gateway: deps.bkash.gateway, log: req.log };
      return reply.header('cache-control', 'no-store').redirect(await handleCallback(bkash, req.query.paymentID, req.query.status), 302);
    },
  );

  nagadCallback(base, deps);

  // The Orders role's refund limit (issue 28, decision 0066): those who refund read it, the Owner sets it.
  app.get('/refund-limit', { preHandler: refund, schema: doc('orders', 'The most, in taka, the Orders role may refund (0: they cannot)', { auth: 'admin', reply: refundLimitReplySchema }) }, async () => ok({ limit: await readRefundLimit(db) }));
  app.put(
    '/refund-limit',
    { preHandler: deps.guards.requirePermission('staff.manage'), schema: { ...doc('orders', 'Set the most, in taka, the Orders role may refund; the Owner and Managers are not limited', { auth: 'admin', reply: refundLimitReplySchema, errors: [413] }), body: refundLimitSchema } },
    async (req) => ok({ limit: await saveRefundLimit(db, req.body.limit, actorOf(req)) }, 'Refund limit saved.'),
  );

  app.post(
    '/order/:id/refund',
    { preHandler: refund, schema: { ...doc('orders', 'Refund a bKash-paid order in Cancel or Return, in full (the Orders role up to the refund limit)', { auth: 'admin', reply: adminOrderReplySchema, errors: [403, 404, 409, 413, 502] }), params: z.object({ id: z.string() }), body: orderRefundSchema } },
    async (req) => {
      const refunded = await refundOrder({ db, gateway: deps.bkash?.gateway ?? null, sslcommerz: deps.sslcommerz?.gateway ?? null, log: req.log, notify: deps.notify }, req.params.id, req.body.reason, actorOf(req));
      // A gateway without a refund API (Nagad's, decision 0128) leaves the refund owed, to be sent and recorded by hand.
      return ok((await deps.adminOrders([refunded]))[0], refunded.refund_trx_id ? 'Refund completed' : 'Refund owed: send it from the shop’s wallet and record it on the order.');
    },
  );

  app.post(
    '/refunds/:id/record',
    {
      preHandler: refund,
      schema: {
        ...doc('orders', 'Record a refund owed (a typed wallet payment of an order that cannot be supplied, or a bKash refund bKash refused) as sent by hand: method, transaction id, amount (left out: all that is owed)', { auth: 'admin', reply: adminOrderReplySchema, errors: [403, 404, 409] }),
        params: z.object({ id: z.string().max(64) }),
        body: refundRecordSchema,
      },
    },
    async (req) => {
      const orderId = await recordOwedRefund({ db, gateway: deps.bkash?.gateway ?? null, sslcommerz: deps.sslcommerz?.gateway ?? null, log: req.log, notify: deps.notify }, req.params.id, req.body, actorOf(req));
      return ok((await deps.adminOrders([(await orderById(db, orderId))!]))[0], 'Refund recorded.');
    },
  );

  app.post(
    '/refunds/:id/void',
    {
      preHandler: refund,
      schema: {
        ...doc('orders', 'Close a refund owed for a typed transaction id under which no money arrived, with the reason: nothing goes back and it is no longer due', { auth: 'admin', reply: adminOrderReplySchema, errors: [403, 404, 409] }),
        params: z.object({ id: z.string().max(64) }),
        body: refundVoidSchema,
      },
    },
    async (req) => {
      const orderId = await voidOwedRefund(db, req.params.id, req.body.note, actorOf(req));
      return ok((await deps.adminOrders([(await orderById(db, orderId))!]))[0], 'Closed: nothing is owed.');
    },
  );
};
