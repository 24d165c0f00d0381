import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_PAGE_SIZE } from '@haat/shared/constants';
import { orderListQuerySchema, orderPayloadSchema, orderStatusSchema } from '@haat/shared/schemas/order';
import type { AppDeps } from '../../app';
import { steadfastFromConfig } from '../../integrations/steadfast';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, ORDER_LIMIT } from '../../lib/rate-limit';
import { ok, okList } from '../../lib/reply';
import { createDeliveryRecords } from '../delivery-record/service';
import { listUserOrders } from './queries';
import { adminOrderPage, deleteOrder, parseIdempotencyKey, placeOrder, updateOrderStatus } from './service';

const idParams = z.object({ id: z.string() });

export const orderRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requireUser, requireAdmin, optionalUser } = deps.guards;
  // The admin's order answers carry the buyer's delivery record (issue 12, COD risk check).
  const deliveryRecords = createDeliveryRecords({ db, steadfast: steadfastFromConfig(deps.config), log: base.log });

  app.post('/order', { preValidation: limitByIpAndEmail(deps.rateStore, ORDER_LIMIT), preHandler: optionalUser, schema: { ...doc('orders', 'Place an order (guest or signed in); an Idempotency-Key header makes retries safe', { auth: 'optional' }), body: orderPayloadSchema } }, async (req, reply) => {
    const key = parseIdempotencyKey(req.headers['idempotency-key']);
    const { order, created } = await placeOrder(db, req.user, req.body, key);
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  app.get('/order/get-order', { preHandler: requireUser, schema: doc('orders', 'The signed-in user’s orders', { auth: 'user' }) }, async (req) => ok(await listUserOrders(db, req.user!.id)));

  app.get('/order/get-all-order', { preHandler: requireAdmin, schema: { ...doc('orders', 'All orders, a page at a time, by status', { auth: 'admin' }), querystring: orderListQuerySchema } }, async (req) => {
    const { status, page } = req.query;
    const { orders, totalCount } = await adminOrderPage(db, status, page);
    const list = okList(await deliveryRecords.attach(orders), totalCount, ORDER_PAGE_SIZE);
    return { ...list, pagination: { page, pageSize: ORDER_PAGE_SIZE, totalPages: list.totalPages, totalCount } };
  });

  app.patch('/order/update-status/:id', { preHandler: requireAdmin, schema: { ...doc('orders', 'Change an order’s status', { auth: 'admin' }), params: idParams, body: orderStatusSchema } }, async (req) => {
    const order = await updateOrderStatus(db, req.params.id, req.body.status);
    return ok((await deliveryRecords.attach([order]))[0], 'Status updated successfully');
  });

  app.delete('/order/:id', { preHandler: requireAdmin, schema: { ...doc('orders', 'Delete a Received, Cancel or Return order', { auth: 'admin' }), params: idParams } }, async (req) => {
    await deleteOrder(db, req.params.id);
    return ok(null, 'Order deleted');
  });
};
