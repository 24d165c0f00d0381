import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_PAGE_SIZE } from '@haat/shared/constants';
import { advancePreviewReplySchema, advancePreviewSchema, manualOrderSchema, orderDeletedReplySchema, orderEventsReplySchema, orderListQuerySchema, orderListReplySchema, orderPageReplySchema, orderPayloadSchema, orderReplySchema, orderStatusSchema, adminOrderReplySchema, printQuerySchema } from '@haat/shared/schemas/order';
import { codConfirmSendSchema, codConfirmSentReplySchema, incompleteOrderPlaceSchema } from '@haat/shared/schemas/cod';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { doc } from '../../lib/openapi';
import { actorOf, userOf, type Actor } from '../../lib/auth';
import { limitByIpAndEmail, ORDER_LIMIT, type LimitRule } from '../../lib/rate-limit';
import { ok, okList } from '../../lib/reply';
import { appError } from '../../lib/errors';
import { listOrderEvents } from '../notify/index';
import { deviceCookie, sendOtp, verifyOtp } from '../otp/index';
import { requestLanguage } from '../../lib/language';
import { adContextOf } from '../../lib/ad-consent';
import { listOrdersForPrint, listUserOrders, withDuplicates } from './queries';
import { adminOrderPage, deleteOrder, updateOrderStatus, type PaymentStarter } from './service';
import { previewAdvance } from './advance';
import { type CodChecks, type AdvanceAsk, parseIdempotencyKey, placeIncompleteOrder, placeManualOrder, placeOrder } from './place-order';

const idParams = z.object({ id: z.string() });

/**
 * The gateway payments one POST /order may start (the starter comes from payments through deps: orders never import
 * payments, decision 0054): bKash without a typed transaction id, or SSLCommerz, goes through its gateway when it is on; a COD order's
 * partial advance goes through the same gateway, for the buyer's mobile (decision 0114).
 */
function gatewayPayments(deps: AppDeps, req: FastifyRequest & { body: { method: string; mobile: string; transaction_id: string } }) {
  const origin = `${req.protocol}://${req.host}`;
  const pay = paymentStarterFor(deps, req.body.method, req.body.transaction_id)?.({ log: req.log, origin, payerReference: req.body.mobile, ip: req.ip });
  const advancePayment = req.body.method === 'CASH-ON-DELIVERY' ? advanceAsk(deps, req)?.pay : undefined;
  return { pay, advancePayment };
}
/**
 * The partial advance of an order placed without the checkout's COD checks (decision 0130): a phone order's, a chat
 * link's. bKash's payment for the buyer's mobile, its page on the shop's own address (the callback brings the buyer
 * back there), and the COD risk check for the rule's "risky"; none without a gateway.
 */
export function advanceAsk(deps: AppDeps, req: FastifyRequest): AdvanceAsk | undefined {
  const start = deps.startBkashPayment;
  const origin = `${req.protocol}://${req.host}`;
  return start ? { pay: (payerReference) => start({ log: req.log, origin, payerReference }), riskOf: (phone) => deps.deliveryRecords.forCodPhone(phone) } : undefined;
}
/** Asking for COD codes, per address, before the OTP core's own caps. */
const COD_CONFIRM_LIMIT: LimitRule = { name: 'cod-confirm', windowMs: 10 * 60_000, perIp: 10 };
/** The checkout asks again when the address, lines or code change; a script asking about many mobiles is stopped. */
const ADVANCE_PREVIEW_LIMIT: LimitRule = { name: 'advance-preview', windowMs: 10 * 60_000, perIp: 60 };

/** Issue 44 (decision 0130): the split the checkout (and the phone-order page) shows before anything is pressed. */
function advancePreviewRoute(app: FastifyInstance, deps: AppDeps, riskOf: CodChecks['riskOf']) {
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().post('/order/advance', { preValidation: limitByIpAndEmail(deps.rateStore, ADVANCE_PREVIEW_LIMIT), preHandler: deps.guards.optionalUser, schema: { ...doc('orders', 'What a cash-on-delivery order of these lines to this address would pay now by bKash (the owner’s advance rule) and on delivery; nothing is reserved', { auth: 'optional', reply: advancePreviewReplySchema, errors: [404, 413, 429] }), body: advancePreviewSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await previewAdvance(db, { user: req.user, cookie: req.headers.cookie, secret: deps.config.JWT_SECRET, riskOf, gateway: Boolean(deps.startBkashPayment) }, req.body));
  });
}

export const orderRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requireUser, requirePermission, optionalUser } = deps.guards;
  const viewOrders = requirePermission('orders.view');
  const manageOrders = requirePermission('orders.manage');
  // The admin's order answers carry the buyer's delivery record (issue 12, COD risk check).
  const { deliveryRecords } = deps;
  // A guest's COD order may need its mobile confirmed (issue 26): the risk check comes from delivery-record.
  // The code is the OTP core's (decision 0061), purpose 'cod', checked and consumed inside the order's transaction.
  // Told in the order's own transaction (decision 0107): notify queues the shopper's "order placed" SMS (decision 0073).
  const placed = (tx: Tx, orderId: string) => deps.events.publish(tx, 'order.placed', { orderId });
  // The owner's cancel "cannot be supplied", told in the cancel's transaction: returns tells the shopper and refunds.
  const unsupplied = (tx: Tx, orderId: string, by: Actor) => deps.events.publish(tx, 'order.unsupplied', { orderId, by });
  const verifyCod = (dbOrTx: DbOrTx, phone: string, code: string) => verifyOtp({ db: dbOrTx, config: deps.config }, { mobile: phone, purpose: 'cod', code });
  const codChecks: CodChecks = {
    caps: { perMobile: deps.config.COD_OPEN_PER_MOBILE, perAddress: deps.config.COD_OPEN_PER_ADDRESS },
    riskOf: (phone) => deliveryRecords.forCodPhone(phone),
    verify: (dbOrTx, phone, code) => verifyCod(dbOrTx, phone, code),
  };

  app.post('/order', { preValidation: limitByIpAndEmail(deps.rateStore, ORDER_LIMIT), preHandler: optionalUser, schema: { ...doc('orders', 'Place an order (guest or signed in); an Idempotency-Key header makes retries safe', { auth: 'optional', reply: orderReplySchema, status: 201, more: { 200: orderReplySchema }, errors: [403, 404, 409, 413, 429, 502] }), body: orderPayloadSchema } }, async (req, reply) => {
    const key = parseIdempotencyKey(req.headers['idempotency-key']);
    const { pay, advancePayment } = gatewayPayments(deps, req);
    // A right COD code proves this browser holds the number, as a sign-in does (decision 0091).
    let confirmed: string | null = null;
    const checks: CodChecks = { ...codChecks, ip: req.ip, verify: async (dbOrTx, phone, code) => { await verifyCod(dbOrTx, phone, code); confirmed = phone; } };
    const { order, created } = await placeOrder(db, { user: req.user, payload: req.body, idempotencyKey: key, startPayment: pay, advancePayment, cod: checks, placed, ads: adContextOf(req) });
    if (created && confirmed) reply.header('set-cookie', deviceCookie(deps.config.JWT_SECRET, confirmed, deps.config.isProduction));
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  advancePreviewRoute(app, deps, codChecks.riskOf);

  // Issue 26: the SMS code that confirms a guest's COD mobile when the owner's rule asks for it (POST /order answered
  // COD_CONFIRM_REQUIRED). The OTP core's caps hold (decision 0091): the number's own device always gets a code.
  app.post('/order/cod-confirm/send', { preValidation: limitByIpAndEmail(deps.rateStore, COD_CONFIRM_LIMIT), schema: { ...doc('orders', 'Send the SMS code that confirms a cash-on-delivery order’s mobile; place the order again with it as cod_otp', { reply: codConfirmSentReplySchema, errors: [413, 429, 503] }), body: codConfirmSendSchema } }, async (req) => {
    const sent = await sendOtp({ db, sms: deps.notify.sms, config: deps.config }, { mobile: req.body.mobile, purpose: 'cod', ip: req.ip, cookie: req.headers.cookie, lang: requestLanguage(req.headers) });
    return ok({ resend_after_seconds: sent.resendAfterSeconds }, 'Code sent.');
  });

  // Issue 13: an order taken by phone or Messenger, by the rules of POST /order, marked source "admin".
  app.post('/order/manual', { preHandler: manageOrders, schema: { ...doc('orders', 'Enter an order taken by phone or Messenger (source "admin"); an Idempotency-Key header makes retries safe', { auth: 'admin', reply: orderReplySchema, status: 201, more: { 200: orderReplySchema }, errors: [404, 409, 413] }), body: manualOrderSchema } }, async (req, reply) => {
    const { order, created } = await placeManualOrder(db, req.body, actorOf(req), parseIdempotencyKey(req.headers['idempotency-key']), placed, advanceAsk(deps, req));
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  // Issue 26: an incomplete checkout (cod-risk's list) turned into a phone order in one step, by the rules above.
  app.post('/order/incomplete/:id/place', { preHandler: manageOrders, schema: { ...doc('orders', 'Turn an incomplete checkout into a phone order: its mobile and cart, the buyer’s name and address (source "admin")', { auth: 'admin', reply: orderReplySchema, status: 201, more: { 200: orderReplySchema }, errors: [404, 409, 413] }), params: idParams, body: incompleteOrderPlaceSchema } }, async (req, reply) => {
    const { order, created } = await placeIncompleteOrder(db, req.params.id, req.body, actorOf(req), parseIdempotencyKey(req.headers['idempotency-key']), placed);
    return reply.code(created ? 201 : 200).send(ok(order, 'Order placed successfully.'));
  });

  app.get('/order/print', { preHandler: viewOrders, schema: { ...doc('orders', 'Orders by id or order number, for the invoice and label pages', { auth: 'admin', reply: orderListReplySchema, errors: [404] }), querystring: printQuerySchema } }, async (req) => {
    const found = await listOrdersForPrint(db, req.query.ids);
    if (found.length === 0) throw appError('ORDERS_NOT_FOUND');
    return ok(found);
  });

  app.get('/order/:id/events', { preHandler: viewOrders, schema: { ...doc('orders', 'An order’s SMS log, oldest first', { auth: 'admin', reply: orderEventsReplySchema }), params: idParams } }, async (req) => ok(await listOrderEvents(db, req.params.id)));

  app.get('/order/get-order', { preHandler: requireUser, schema: doc('orders', 'The signed-in user’s orders', { auth: 'user', reply: orderListReplySchema }) }, async (req) => ok(await listUserOrders(db, userOf(req).id)));

  app.get('/order/get-all-order', { preHandler: viewOrders, schema: { ...doc('orders', 'All orders, a page at a time, by status', { auth: 'admin', reply: orderPageReplySchema }), querystring: orderListQuerySchema } }, async (req) => {
    const { status, page } = req.query;
    const { orders, totalCount } = await adminOrderPage(db, status, page);
    const list = okList(await deps.adminOrders(await withDuplicates(db, orders)), totalCount, ORDER_PAGE_SIZE);
    return { ...list, pagination: { page, pageSize: ORDER_PAGE_SIZE, totalPages: list.totalPages, totalCount } };
  });

  app.patch('/order/update-status/:id', { preHandler: manageOrders, schema: { ...doc('orders', 'Change an order’s status', { auth: 'admin', reply: adminOrderReplySchema, errors: [404, 409, 413] }), params: idParams, body: orderStatusSchema } }, async (req) => {
    const order = await updateOrderStatus(db, deps.events, req.params.id, req.body.status, actorOf(req), req.body.reason === 'unsupplied' ? unsupplied : undefined);
    return ok((await deps.adminOrders([order]))[0], 'Status updated successfully');
  });

  app.delete('/order/:id', { preHandler: manageOrders, schema: { ...doc('orders', 'Delete a Received, Cancel or Return order', { auth: 'admin', reply: orderDeletedReplySchema, errors: [404, 409] }), params: idParams } }, async (req) => {
    await deleteOrder(db, req.params.id, actorOf(req));
    return ok(null, 'Order deleted');
  });
};

/**
 * Which gateway starts the payment of an order being placed: SSLCommerz for its method (refused when the owner has
 * not configured it: the order is not placed), bKash's checkout for bKash without a typed transaction id.
 */
function paymentStarterFor(deps: AppDeps, method: string, transactionId: string): PaymentStarter | undefined {
  if (method === 'sslcommerz') {
    if (!deps.startSslcommerzPayment) throw appError('GATEWAY_METHOD_OFF');
    return deps.startSslcommerzPayment;
  }
  // Nagad's gateway when the owner has a merchant account (decision 0128); a typed transaction id otherwise.
  if (method === 'nagad' && !transactionId && deps.startNagadPayment) return deps.startNagadPayment;
  return deps.startBkashPayment && method === 'bkash' && !transactionId ? deps.startBkashPayment : undefined;
}
