import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_PAGE_SIZE } from '@haat/shared/constants';
import { manualOrderSchema, orderListQuerySchema, orderPayloadSchema, orderStatusSchema, printQuerySchema } from '@haat/shared/schemas/order';
import type { AppDeps } from '../../app';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, ORDER_LIMIT } from '../../lib/rate-limit';
import { ok, okList } from '../../lib/reply';
import { notFound } from '../../lib/errors';
import { listOrderEvents, notifyOrder } from '../notify/service';
import { listOrdersForPrint, listUserOrders } from './queries';
import { adminOrderPage, deleteOrder, parseIdempotencyKey, placeManualOrder, placeOrder, updateOrderStatus } from './service';

const idParams = z.object({ id: z.string() });

export const orderRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requireUser, requireAdmin, optionalUser } = deps.guards;

  app.post('/order', { preValidation: limitByIpAndEmail(deps.rateStore, ORDER_LIMIT), preHandler: optionalUser, schema: { ...doc('orders', 'Place an order (guest or signed in); an Idempotency-Key header makes retries safe', { auth: 'optional' }), body: orderPayloadSchema } }, async (req, reply) => {
    const key = parseIdempotencyKey(req.headers['idempotency-key']);
    const { order, created } = await placeOrder(db, req.user, req.body, key);
    if (created) notifyOrder(deps.notify, order._id, 'placed');
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  // Issue 13: an order taken by phone or Messenger, by the rules of POST /order, marked source "admin".
  app.post('/order/manual', { preHandler: requireAdmin, schema: { ...doc('orders', 'Enter an order taken by phone or Messenger (source "admin"); an Idempotency-Key header makes retries safe', { auth: 'admin' }), body: manualOrderSchema } }, async (req, reply) => {
    const { order, created } = await placeManualOrder(db, req.body, parseIdempotencyKey(req.headers['idempotency-key']));
    if (created) notifyOrder(deps.notify, order._id, 'placed');
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  app.get('/order/print', { preHandler: requireAdmin, schema: { ...doc('orders', 'Orders by id or order number, for the invoice and label pages', { auth: 'admin' }), querystring: printQuerySchema } }, async (req) => {
    const found = await listOrdersForPrint(db, req.query.ids);
    if (found.length === 0) throw notFound('No such orders.');
    return ok(found);
  });

  app.get('/order/:id/events', { preHandler: requireAdmin, schema: { ...doc('orders', 'An order’s SMS log, oldest first', { auth: 'admin' }), params: idParams } }, async (req) => ok(await listOrderEvents(db, req.params.id)));

  app.get('/order/get-order', { preHandler: requireUser, schema: doc('orders', 'The signed-in user’s orders', { auth: 'user' }) }, async (req) => ok(await listUserOrders(db, req.user!.id)));

  app.get('/order/get-all-order', { preHandler: requireAdmin, schema: { ...doc('orders', 'All orders, a page at a time, by status', { auth: 'admin' }), querystring: orderListQuerySchema } }, async (req) => {
    const { status, page } = req.query;
    const { orders, totalCount } = await adminOrderPage(db, status, page);
    const list = okList(orders, totalCount, ORDER_PAGE_SIZE);
    return { ...list, pagination: { page, pageSize: ORDER_PAGE_SIZE, totalPages: list.totalPages, totalCount } };
  });

  app.patch('/order/update-status/:id', { preHandler: requireAdmin, schema: { ...doc('orders', 'Change an order’s status', { auth: 'admin' }), params: idParams, body: orderStatusSchema } }, async (req) =>
    ok(await updateOrderStatus(db, req.params.id, req.body.status), 'Status updated successfully'),
  );

  app.delete('/order/:id', { preHandler: requireAdmin, schema: { ...doc('orders', 'Delete a Received, Cancel or Return order', { auth: 'admin' }), params: idParams } }, async (req) => {
    await deleteOrder(db, req.params.id);
    return ok(null, 'Order deleted');
  });
};
