import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderReplySchema } from '@haat/shared/schemas/order';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc, redirect } from '../../lib/openapi';
import { limitByIpAndEmail, PAYMENT_CALLBACK_LIMIT } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { parseForm } from '../../integrations/sslcommerz/sandbox';
import { orderById } from '../orders/index';
import { handleSslcommerzReturn, releasePaymentHold, SSLCOMMERZ_PATHS, type SslcommerzReturn } from './sslcommerz';

/** What SSLCommerz (or anyone) posts back: read, never trusted; only tran_id and val_id are used, to ask SSLCommerz. */
const sslcommerzForm = z.looseObject({
  tran_id: z.string().max(100).optional().catch(undefined),
  val_id: z.string().max(100).optional().catch(undefined),
});

/**
 * SSLCommerz's return URLs and IPN (issue 46, decision 0120), and the owner's release of a payment held for
 * review. In a scope of their own: the urlencoded form parser is for these routes only.
 */
export const sslcommerzRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // SSLCommerz posts the shopper back (success, fail, cancel) and its IPN as urlencoded forms (decision 0120).
  parseForm(app);
  const sslcommerz = (log: typeof app.log) => deps.sslcommerz && { db, gateway: deps.sslcommerz.gateway, log };
  for (const via of ['success', 'fail', 'cancel'] as const satisfies readonly SslcommerzReturn[]) {
    app.post(
      SSLCOMMERZ_PATHS[via].replace(/^\/api/, ''),
      { preValidation: limitByIpAndEmail(deps.rateStore, PAYMENT_CALLBACK_LIMIT), schema: { ...doc('payments', `Where SSLCommerz sends the shopper back (${via}): 303 to /order-success or /order-cancel`, { description: 'The form is untrusted; only SSLCommerz’s validation API (or its transaction query) marks an order paid.', reply: redirect('To /order-success or /order-cancel'), status: 303, errors: [429] }), body: sslcommerzForm } },
      async (req, reply) => reply.header('cache-control', 'no-store').redirect(await handleSslcommerzReturn(sslcommerz(req.log), via, req.body), 303),
    );
  }
  app.post(
    SSLCOMMERZ_PATHS.ipn.replace(/^\/api/, ''),
    { preValidation: limitByIpAndEmail(deps.rateStore, PAYMENT_CALLBACK_LIMIT), schema: { ...doc('payments', 'SSLCommerz’s IPN: the order is settled by asking SSLCommerz’s validation API', { reply: z.object({ received: z.boolean() }), errors: [429] }), body: sslcommerzForm } },
    async (req) => {
      await handleSslcommerzReturn(sslcommerz(req.log), 'ipn', req.body);
      return { received: true };
    },
  );
  app.post(
    '/order/:id/payment-hold/release',
    { preHandler: deps.guards.requirePermission('orders.manage'), schema: { ...doc('orders', 'Release an order whose SSLCommerz payment was held for review (risk_level 1): it may then be booked and sent', { auth: 'admin', reply: adminOrderReplySchema, errors: [403, 404, 409] }), params: z.object({ id: z.string().max(64) }) } },
    async (req) => {
      await releasePaymentHold(db, req.params.id, actorOf(req));
      return ok((await deps.adminOrders([(await orderById(db, req.params.id))!]))[0], 'Payment released for fulfilment.');
    },
  );

};
