import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatLinkConfirmSchema, chatLinkCreateSchema, chatLinkPublicReplySchema, chatLinkReplySchema, chatLinkSettingsReplySchema, chatLinkSettingsSchema } from '@haat/shared/schemas/chat-link';
import { orderReplySchema } from '@haat/shared/schemas/order';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { adContextOf } from '../../lib/ad-consent';
import { doc } from '../../lib/openapi';
import { publicBase } from '../../lib/public-url';
import { limitByIpAndEmail, ORDER_LIMIT } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { advanceAsk } from './routes';
import { buyerChatLink, chatLinkSettings, chatLinkSmsJob, confirmChatLink, createChatLink, refreshChatLink, staffChatLink, textChatLink } from './chat-links';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(64) });

/** Checkout links for chat orders (issue 45, decision 0118): staff make, refresh and text them; the buyer opens and confirms one. */
export const chatLinkRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const api = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const manageOrders = deps.guards.requirePermission('orders.manage');
  const placed = (tx: Tx, orderId: string) => deps.events.publish(tx, 'order.placed', { orderId });
  deps.jobs.handle(chatLinkSmsJob, async ({ to, text }) => void (await deps.notify.sms.send({ to, text, kind: 'order' })));

  api.get('/chat-links/settings', { preHandler: manageOrders, schema: doc('orders', 'How many hours a chat order’s link lasts', { auth: 'admin', reply: chatLinkSettingsReplySchema }) }, async () => ok(await chatLinkSettings.read(db)));
  api.put('/chat-links/settings', { preHandler: deps.guards.requirePermission('settings.manage'), schema: { ...doc('orders', 'Set how many hours a chat order’s link lasts', { auth: 'admin', reply: chatLinkSettingsReplySchema }), body: chatLinkSettingsSchema } }, async (req) =>
    ok(await chatLinkSettings.save(db, req.body, actorOf(req)), 'Saved.'),
  );

  api.post('/chat-links', { preHandler: manageOrders, schema: { ...doc('orders', 'Make a checkout link (and QR) of a cart built for a buyer in a chat', { auth: 'admin', reply: chatLinkReplySchema, status: 201, errors: [400, 404, 409] }), body: chatLinkCreateSchema } }, async (req, reply) =>
    reply.code(201).send(ok(await createChatLink(db, req.body, actorOf(req), publicBase(deps.config, req)), 'Link made.')),
  );
  api.get('/chat-links/:id', { preHandler: manageOrders, schema: { ...doc('orders', 'A chat order’s link as staff see it: its state and order', { auth: 'admin', reply: chatLinkReplySchema, errors: [404] }), params: idParams } }, async (req) =>
    ok(await staffChatLink(db, req.params.id, publicBase(deps.config, req))),
  );
  api.post('/chat-links/:id/refresh', { preHandler: manageOrders, schema: { ...doc('orders', 'Refresh a chat order’s link: today’s prices and stock become its own, and its time starts again', { auth: 'admin', reply: chatLinkReplySchema, errors: [404, 409] }), params: idParams } }, async (req) =>
    ok(await refreshChatLink(db, req.params.id, actorOf(req), publicBase(deps.config, req)), 'Link refreshed.'),
  );
  api.post('/chat-links/:id/sms', { preHandler: manageOrders, schema: { ...doc('orders', 'Text a chat order’s link to the buyer’s mobile', { auth: 'admin', reply: chatLinkReplySchema, errors: [400, 404, 409] }), params: idParams } }, async (req) =>
    ok(await textChatLink(db, deps.jobs, req.params.id, actorOf(req), deps.config.SHOP_NAME, publicBase(deps.config, req)), 'Link sent by SMS.'),
  );

  api.get('/chat-links/by-token/:token', { schema: { ...doc('orders', 'A chat order’s link, for the buyer: the cart, its prices now and whether it can still be ordered', { reply: chatLinkPublicReplySchema, errors: [404] }), params: tokenParams } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await buyerChatLink(db, req.params.token, publicBase(deps.config, req)));
  });
  api.post('/chat-links/by-token/:token/order', { preValidation: limitByIpAndEmail(deps.rateStore, ORDER_LIMIT), schema: { ...doc('orders', 'Place the chat order’s cart as the buyer’s own cash-on-delivery order, once; with bkashURL when the owner’s rule asks an advance', { reply: orderReplySchema, status: 201, errors: [400, 403, 404, 409, 413, 429, 502] }), params: tokenParams, body: chatLinkConfirmSchema } }, async (req, reply) => {
    const { order } = await confirmChatLink(db, req.params.token, req.body.address, placed, adContextOf(req), advanceAsk(deps, req));
    return reply.code(201).send(ok(order, 'Order placed successfully.'));
  });
};
