import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mostAskedReplySchema, stockAlertInputSchema, stockAlertReplySchema, wishlistItemInputSchema, wishlistMergeSchema, wishlistReplySchema } from '@haat/shared/schemas/stock-alerts';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requestLanguage } from '../../lib/language';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { userOf } from '../../lib/auth';
import { askStockAlert, handleStockAlerts, mostAsked } from './service';
import { addToWishlist, removeFromWishlist, wishlistOf } from './wishlist';

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

  // The signed-in shopper's wishlist (issue 45): a sold-out item gets the same request, to the account's mobile.
  const { requireUser } = deps.guards;
  app.get('/wishlist', { preHandler: requireUser, schema: doc('stock-alerts', 'The signed-in shopper’s wishlist', { auth: 'user', reply: wishlistReplySchema }) }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await wishlistOf(db, userOf(req).id));
  });
  app.post('/wishlist', { preHandler: requireUser, schema: { ...doc('stock-alerts', 'Add a product or variant to the wishlist', { auth: 'user', reply: wishlistReplySchema, errors: [404, 413] }), body: wishlistItemInputSchema } }, async (req) =>
    ok(await addToWishlist(db, userOf(req).id, [req.body], requestLanguage(req.headers), true), 'Saved to your wishlist.'),
  );
  app.post('/wishlist/merge', { preHandler: requireUser, schema: { ...doc('stock-alerts', 'Join a guest’s browser wishlist to the account (at sign-in); unknown items are left out', { auth: 'user', reply: wishlistReplySchema, errors: [413] }), body: wishlistMergeSchema } }, async (req) =>
    ok(await addToWishlist(db, userOf(req).id, req.body.items, requestLanguage(req.headers), false)),
  );
  app.delete('/wishlist/:variantId', { preHandler: requireUser, schema: { ...doc('stock-alerts', 'Remove an item from the wishlist', { auth: 'user', reply: wishlistReplySchema }), params: z.object({ variantId: z.string().max(64) }) } }, async (req) =>
    ok(await removeFromWishlist(db, userOf(req).id, req.params.variantId), 'Removed from your wishlist.'),
  );
};
