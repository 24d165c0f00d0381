import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mostAskedReplySchema, stockAlertInputSchema, stockAlertReplySchema } from '@haat/shared/schemas/stock-alerts';
import type { AppDeps } from '../../deps';
import { requestLanguage } from '../../lib/language';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { askStockAlert, handleStockAlerts, mostAsked } from './service';

/** Public: a few requests a minute is plenty for a person; a script filling the table is held back per address. */
const ALERT_LIMIT: LimitRule = { name: 'stock-alert', windowMs: 10 * 60_000, perIp: 30 };

/** Back-in-stock alerts (issue 45, decision 0116): the shopper's request, the owner's most-asked list, and the SMS jobs. */
export const stockAlertRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  handleStockAlerts({ db, jobs: deps.jobs, sms: deps.notify.sms, log: app.log, shopName: config.SHOP_NAME, siteUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` });

  app.post('/stock-alert', { preValidation: limitByIpAndEmail(deps.rateStore, ALERT_LIMIT), preHandler: deps.guards.optionalUser, schema: { ...doc('stock-alerts', 'Ask for one SMS when a sold-out product or variant is back (a mobile, or the signed-in account’s)', { auth: 'optional', reply: stockAlertReplySchema, status: 201, errors: [404, 409, 413, 429] }), body: stockAlertInputSchema } }, async (req, reply) => {
    const alert = await askStockAlert(db, req.body, req.user ?? null, req.body.lang ?? requestLanguage(req.headers));
    return reply.code(201).send(ok(alert, 'We will text you when it is back.'));
  });

  app.get('/stock-alert/most-asked', { preHandler: deps.guards.requirePermission('catalogue.manage'), schema: doc('stock-alerts', 'The sold-out variants most asked for: requests waiting and wishlists', { auth: 'admin', reply: mostAskedReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await mostAsked(db));
  });
};
