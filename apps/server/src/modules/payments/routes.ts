import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderRefundSchema, orderReplySchema, refundLimitReplySchema, refundLimitSchema } from '@haat/shared/schemas/order';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc, redirect } from '../../lib/openapi';
import { limitByIpAndEmail, PAYMENT_CALLBACK_LIMIT } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { handleCallback, readRefundLimit, saveRefundLimit } from './bkash';
import { refundOrder } from './refunds';

/** The callback's query as bKash (or anyone) sends it: read, never trusted. */
const callbackQuery = z.object({
  paymentID: z.string().max(100).optional().catch(undefined),
  status: z.string().max(20).optional().catch(undefined),
});

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

  // The Orders role's refund limit (issue 28, decision 0066): those who refund read it, the Owner sets it.
  app.get('/refund-limit', { preHandler: refund, schema: doc('orders', 'The most, in taka, the Orders role may refund (0: they cannot)', { auth: 'admin', reply: refundLimitReplySchema }) }, async () => ok({ limit: await readRefundLimit(db) }));
  app.put(
    '/refund-limit',
    { preHandler: deps.guards.requirePermission('staff.manage'), schema: { ...doc('orders', 'Set the most, in taka, the Orders role may refund; the Owner and Managers are not limited', { auth: 'admin', reply: refundLimitReplySchema, errors: [413] }), body: refundLimitSchema } },
    async (req) => ok({ limit: await saveRefundLimit(db, req.body.limit, actorOf(req)) }, 'Refund limit saved.'),
  );

  app.post(
    '/order/:id/refund',
    { preHandler: refund, schema: { ...doc('orders', 'Refund a bKash-paid order in Cancel or Return, in full (the Orders role up to the refund limit)', { auth: 'admin', reply: orderReplySchema, errors: [403, 404, 409, 413, 502] }), params: z.object({ id: z.string() }), body: orderRefundSchema } },
    async (req) => {
      const refunded = await refundOrder({ db, gateway: deps.bkash?.gateway ?? null, log: req.log, notify: deps.notify }, req.params.id, req.body.reason, actorOf(req));
      return ok((await deps.adminOrders([refunded]))[0], 'Refund completed');
    },
  );
};
