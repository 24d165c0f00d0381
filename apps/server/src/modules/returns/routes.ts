import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone } from '@haat/shared/phone';
import {
  guestOrderSchema,
  refundRequestSchema,
  returnableReplySchema,
  returnDecisionSchema,
  returnListQuerySchema,
  returnListReplySchema,
  returnPageReplySchema,
  RETURNS_PAGE_SIZE,
  returnReceiveSchema,
  returnReplySchema,
  returnRequestSchema,
  returnWindowReplySchema,
  returnWindowSchema,
} from '@haat/shared/schemas/returns';
import type { AppDeps } from '../../deps';
import { actorOf, userOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { form, readForm } from '../../lib/multipart';
import { doc } from '../../lib/openapi';
import { guessOrder, limitByIpAndEmail, limitUploads, UPLOAD_LIMITS, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { orderByIdOrNumber, readReturnWindow, returnPage, returnViews } from './queries';
import { decideReturn, receiveReturn, refundReturn, requestReturn, returnableOf, RETURN_PHOTO_LIMITS, saveReturnWindow, type ReturnsDeps } from './service';

const idParams = z.object({ id: z.string().max(64) });
/** A guest's look-ups by order number and mobile, per address, as /track counts them (decision 0046). */
const GUEST_RETURN_LIMIT: LimitRule = { name: 'guest-return', windowMs: 10 * 60_000, perIp: 30, error: 'TOO_MANY_TRACK_LOOKUPS' };

/** The return form: `request` (JSON of returnRequestSchema), up to three `photos`, and a guest's orderId and mobile. */
const returnForm = z
  .object({ request: form.text, photos: form.files, orderId: form.sent, mobile: form.sent, lang: form.optional })
  .transform((f) => {
    let json: unknown;
    try {
      json = JSON.parse(f.request || '{}');
    } catch {
      throw appError('INVALID_INPUT');
    }
    const lang: 'bn' | 'en' | null = f.lang === 'en' || f.lang === 'bn' ? f.lang : null;
    return { request: returnRequestSchema.parse(json), photos: f.photos, lang, guest: f.orderId === undefined && f.mobile === undefined ? null : guestOrderSchema.parse({ orderId: f.orderId, mobile: f.mobile }) };
  });

export const returnRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requireUser, requirePermission } = deps.guards;
  const r: (req: FastifyRequest) => ReturnsDeps = (req) => ({ db, notify: deps.notify, jobs: deps.jobs, pictures: deps.pictures, gateway: deps.bkash?.gateway ?? null, sslcommerz: deps.sslcommerz?.gateway ?? null, log: req.log });
  const guestLimit = limitByIpAndEmail(deps.rateStore, GUEST_RETURN_LIMIT);
  const photoLimit = limitUploads(deps.rateStore, UPLOAD_LIMITS.returnPhotos);

  /** A signed-in shopper's own order; another's is "not found". */
  const ownOrder = async (userId: string, id: string) => {
    const order = await orderByIdOrNumber(db, { id });
    if (!order || order.userId !== userId) throw appError('ORDER_NOT_FOUND');
    return order;
  };
  /** A guest's order by its number and mobile, as /track finds it. */
  const guestOrder = async (q: { orderId: string; mobile: string }) => {
    const order = await orderByIdOrNumber(db, { number: q.orderId.trim().toUpperCase() });
    const mobile = normalizePhone(q.mobile);
    const known = order ? [order.mobile, (order.deliveryAddress ?? order.guestDeliveryAddress)?.mobile ?? ''].map(normalizePhone) : [];
    if (!order || !mobile || !known.includes(mobile)) throw appError('TRACK_NOT_FOUND');
    return order;
  };
  const multipart = 'multipart/form-data: request (JSON: kind, items [{ item_id, quantity, wanted_variant_id? }], reason, note), photos (up to 3 pictures), lang (bn or en: the language of the SMS about it; else Accept-Language).';

  app.get('/order/:id/returnable', { preHandler: requireUser, schema: { ...doc('returns', 'What the signed-in shopper may still return or exchange of their delivered order', { auth: 'user', reply: returnableReplySchema, errors: [404] }), params: idParams } }, async (req) =>
    ok(await returnableOf(db, await ownOrder(userOf(req).id, req.params.id))),
  );

  app.post('/order/:id/returns', { preHandler: [requireUser, photoLimit], schema: { ...doc('returns', 'Ask for a return or exchange of the signed-in shopper’s delivered order', { auth: 'user', description: multipart, reply: returnReplySchema, status: 201, errors: [404, 409, 413, 415, 429] }), params: idParams } }, async (req, reply) => {
    // The form first (a bad one is a 400 whoever sends it), then the order, which must be the caller's.
    const { request, photos, lang } = await readForm(req, returnForm, RETURN_PHOTO_LIMITS);
    const order = await ownOrder(userOf(req).id, req.params.id);
    return reply.code(201).send(ok(await requestReturn(r(req), order.id, request, photos, lang ?? requestLanguage(req.headers)), 'Return requested.'));
  });

  app.post('/track/returnable', { preValidation: guestLimit, schema: { ...doc('returns', 'What a guest may still return or exchange, by order number and mobile', { reply: returnableReplySchema, errors: [404, 429] }), body: guestOrderSchema } }, async (req, reply) =>
    ok(await returnableOf(db, await guessOrder(deps.rateStore, req.body.orderId, reply, () => guestOrder(req.body)))),
  );

  app.post('/track/returns', { preValidation: guestLimit, preHandler: photoLimit, schema: doc('returns', 'A guest asks for a return or exchange, naming the order by number and mobile', { description: `${multipart} Also orderId and mobile.`, reply: returnReplySchema, status: 201, errors: [404, 409, 413, 415, 429] }) }, async (req, reply) => {
    const { request, photos, guest, lang } = await readForm(req, returnForm, RETURN_PHOTO_LIMITS);
    const q = guest ?? guestOrderSchema.parse({});
    const order = await guessOrder(deps.rateStore, q.orderId, reply, () => guestOrder(q));
    return reply.code(201).send(ok(await requestReturn(r(req), order.id, request, photos, lang ?? requestLanguage(req.headers)), 'Return requested.'));
  });

  app.get('/returns', { preHandler: requirePermission('orders.view'), schema: { ...doc('returns', `Returns and exchanges, newest first, by state, ${RETURNS_PAGE_SIZE} a page: the next page after next_cursor`, { auth: 'admin', reply: returnPageReplySchema }), querystring: returnListQuerySchema } }, async (req) => {
    const page = await returnPage(db, req.query);
    return { ...ok(page.items), next_cursor: page.next_cursor };
  });

  app.get('/order/:id/returns', { preHandler: requirePermission('orders.view'), schema: { ...doc('returns', 'An order’s returns and exchanges with their refunds', { auth: 'admin', reply: returnListReplySchema }), params: idParams } }, async (req) => ok(await returnViews(db, { orderId: req.params.id })));

  app.post('/returns/:id/decision', { preHandler: requirePermission('orders.manage'), schema: { ...doc('returns', 'Approve a return (with how it is picked up) or reject it with a reason', { auth: 'admin', reply: returnReplySchema, errors: [404, 409] }), params: idParams, body: returnDecisionSchema } }, async (req) =>
    ok(await decideReturn(r(req), req.params.id, req.body, actorOf(req)), 'Return updated.'),
  );

  app.post('/returns/:id/receive', { preHandler: requirePermission('orders.manage'), schema: { ...doc('returns', 'Mark a return’s items received: their stock goes back, once; an exchange makes its replacement order, or with refund_instead becomes a return to refund', { auth: 'admin', reply: returnReplySchema, errors: [404, 409] }), params: idParams, body: returnReceiveSchema } }, async (req) =>
    ok(await receiveReturn(r(req), req.params.id, req.body.items, actorOf(req), req.body.refund_instead), 'Items received.'),
  );

  app.post('/returns/:id/refund', { preHandler: requirePermission('orders.refund'), schema: { ...doc('returns', 'Refund a received return: through bKash, or recorded by hand (method, transaction id)', { auth: 'admin', reply: returnReplySchema, errors: [403, 404, 409, 502] }), params: idParams, body: refundRequestSchema } }, async (req) =>
    ok(await refundReturn(r(req), req.params.id, req.body, actorOf(req)), 'Refund recorded.'),
  );

  app.get('/return-window', { schema: doc('returns', 'The shop’s return window: days after delivery a return may be asked for', { reply: returnWindowReplySchema }) }, async () => ok({ days: await readReturnWindow(db) }));
  app.put('/return-window', { preHandler: requirePermission('settings.manage'), schema: { ...doc('returns', 'Set the shop’s return window in days', { auth: 'admin', reply: returnWindowReplySchema }), body: returnWindowSchema } }, async (req) =>
    ok({ days: await saveReturnWindow(db, req.body.days, actorOf(req)) }, 'Return window saved.'),
  );
};
