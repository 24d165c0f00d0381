import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promotionActiveSchema,
  promotionInputSchema,
  promotionListQuerySchema,
  promotionListReplySchema,
  promotionOffersReplySchema,
  promotionQuoteReplySchema,
  promotionQuoteSchema,
  promotionReplySchema,
} from '@haat/shared/schemas/promotion';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { startRunningPromotions } from './running';
import { createPromotion, promotionList, quotePromotions, runningOffers, setPromotionActive, updatePromotion } from './service';

const idParams = z.object({ id: z.string() });

/** Promotions (issue 22, decision 0059): the owner's list and writes (ADMIN), the shop's offers and quote (public). */
export const promotionRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requirePermission, optionalUser } = deps.guards;
  // Promotions belong to the Catalogue role (issue 28's table).
  const manageCatalogue = requirePermission('catalogue.manage');
  // Orders and quotes read the running promotions from memory (decision 0070).
  startRunningPromotions(deps.database, base);

  app.get('/promotion', { preHandler: manageCatalogue, schema: { ...doc('promotions', 'Every promotion with its uses, and its orders, taka given away and sales over the last `days` days (1–365, default 30)', { auth: 'admin', reply: promotionListReplySchema }), querystring: promotionListQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await promotionList(db, req.query.days));
  });

  app.post('/promotion', { preHandler: manageCatalogue, schema: { ...doc('promotions', 'Create a promotion (a code, or none for an automatic one)', { auth: 'admin', reply: promotionReplySchema, status: 201, errors: [413] }), body: promotionInputSchema } }, async (req, reply) =>
    reply.code(201).send(ok(await createPromotion(db, req.body, actorOf(req)), 'Promotion created.')),
  );

  app.put('/promotion/:id', { preHandler: manageCatalogue, schema: { ...doc('promotions', 'Change a promotion (the whole of it)', { auth: 'admin', reply: promotionReplySchema, errors: [404, 413] }), params: idParams, body: promotionInputSchema } }, async (req) =>
    ok(await updatePromotion(db, req.params.id, req.body, actorOf(req)), 'Promotion saved.'),
  );

  app.put('/promotion/:id/active', { preHandler: manageCatalogue, schema: { ...doc('promotions', 'Pause (active false) or resume (active true) a promotion', { auth: 'admin', reply: promotionReplySchema, errors: [404, 413] }), params: idParams, body: promotionActiveSchema } }, async (req) =>
    ok(await setPromotionActive(db, req.params.id, req.body.active, actorOf(req)), req.body.active ? 'Promotion resumed.' : 'Promotion paused.'),
  );

  app.get('/promotion/offers', { schema: doc('promotions', 'The automatic promotions running now (for offer badges and the free-delivery threshold)', { reply: promotionOffersReplySchema }) }, async () => ok(await runningOffers(db)));

  app.post('/promotion/quote', { preHandler: optionalUser, schema: { ...doc('promotions', 'What a cart pays with the promotions that apply and an optional voucher code (the order is priced by the same engine)', { auth: 'optional', reply: promotionQuoteReplySchema, errors: [413] }), body: promotionQuoteSchema } }, async (req) =>
    ok(await quotePromotions(db, { user: req.user ?? null, cookie: req.headers.cookie, secret: deps.config.JWT_SECRET }, req.body)),
  );
};
