import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codBlockListReplySchema,
  codBlockParamsSchema,
  codBlockReplySchema,
  codBlockSchema,
  codDoneReplySchema,
  codSettingsReplySchema,
  codSettingsSchema,
  INCOMPLETE_CHECKOUT_PAGE_SIZE,
  incompleteCheckoutListQuerySchema,
  incompleteCheckoutListReplySchema,
  incompleteCheckoutSchema,
} from '@haat/shared/schemas/cod';
import { advanceRuleReplySchema, advanceRuleSchema } from '@haat/shared/advance';
import type { AppDeps } from '../../deps';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { ok, okList } from '../../lib/reply';
import { addCodBlock, deleteIncompleteCheckout, listCodBlocks, listIncompleteCheckouts, readAdvanceRule, readCodPolicy, removeCodBlock, saveAdvanceRule, saveCodPolicy, saveIncompleteCheckout, sweepIncompleteCheckouts } from './service';

const idParams = z.object({ id: z.string() });

/** The checkout sends the mobile's cart a few times while the shopper types: a script filling the table is stopped. */
const INCOMPLETE_LIMIT: LimitRule = { name: 'incomplete-checkout', windowMs: 10 * 60_000, perIp: 30, error: 'TOO_MANY_ATTEMPTS' };
/** How often the incomplete checkouts past 30 days are deleted, like the login-failure sweep. */
const INCOMPLETE_SWEEP_MS = 60 * 60_000;

/**
 * COD protection (issue 26, decision 0062): the owner's confirmation rule and
 * blocked mobiles (settings.manage), the incomplete checkouts (the checkout's
 * public report; the list for orders.manage, who turn one into a phone order).
 */
export const codRiskRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requirePermission } = deps.guards;
  const manageSettings = requirePermission('settings.manage');
  const manageOrders = requirePermission('orders.manage');

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    const run = () => void sweepIncompleteCheckouts(db).catch((err: unknown) => app.log.warn({ err }, 'incomplete-checkout sweep failed; trying again later'));
    run();
    sweep = setInterval(run, INCOMPLETE_SWEEP_MS).unref();
  });
  app.addHook('onClose', () => clearInterval(sweep));

  // Issue 44: the partial advance rule, beside the COD protection rule (decision 0114).
  app.get('/cod/advance', { preHandler: manageSettings, schema: doc('cod', 'The partial advance a cash-on-delivery buyer pays by bKash before the order is confirmed: none, the delivery charge, a percentage or a fixed amount, of everyone, first-time buyers, risky buyers or orders above a total', { auth: 'admin', reply: advanceRuleReplySchema }) }, async () => ok(await readAdvanceRule(db)));

  app.put('/cod/advance', { preHandler: manageSettings, schema: { ...doc('cod', 'Change the partial advance rule', { auth: 'admin', reply: advanceRuleReplySchema, errors: [413] }), body: advanceRuleSchema } }, async (req) =>
    ok(await saveAdvanceRule(db, req.body, actorOf(req)), 'Advance settings saved.'),
  );

  app.get('/cod/settings', { preHandler: manageSettings, schema: doc('cod', 'When a guest’s cash-on-delivery order needs its mobile confirmed by an SMS code', { auth: 'admin', reply: codSettingsReplySchema }) }, async () => ok(await readCodPolicy(db)));

  app.put('/cod/settings', { preHandler: manageSettings, schema: { ...doc('cod', 'Change when a guest’s cash-on-delivery order needs its mobile confirmed: always, never, or by rules (risk level and/or above a total)', { auth: 'admin', reply: codSettingsReplySchema, errors: [413] }), body: codSettingsSchema } }, async (req) =>
    ok(await saveCodPolicy(db, req.body, actorOf(req)), 'Cash-on-delivery settings saved.'),
  );

  app.get('/cod/blocks', { preHandler: manageSettings, schema: doc('cod', 'The mobiles blocked from cash on delivery, newest first', { auth: 'admin', reply: codBlockListReplySchema }) }, async () => ok(await listCodBlocks(db)));

  app.post('/cod/blocks', { preHandler: manageSettings, schema: { ...doc('cod', 'Block a mobile from cash on delivery, with a reason (again: the reason is replaced)', { auth: 'admin', reply: codBlockReplySchema, status: 201, errors: [413] }), body: codBlockSchema } }, async (req, reply) =>
    reply.code(201).send(ok(await addCodBlock(db, req.body, actorOf(req)), 'Mobile blocked from cash on delivery.')),
  );

  app.delete('/cod/blocks/:mobile', { preHandler: manageSettings, schema: { ...doc('cod', 'Allow a blocked mobile cash on delivery again', { auth: 'admin', reply: codDoneReplySchema, errors: [404] }), params: codBlockParamsSchema } }, async (req) => {
    await removeCodBlock(db, req.params.mobile, actorOf(req));
    return ok(null, 'Mobile allowed cash on delivery again.');
  });

  app.post('/order/incomplete', { preValidation: limitByIpAndEmail(deps.rateStore, INCOMPLETE_LIMIT), schema: { ...doc('cod', 'The checkout’s cart for the mobile just typed and this browser (browser_id), kept 30 days unless an order is placed for it (the owner’s Incomplete orders); a few browsers a mobile and entries an address', { reply: codDoneReplySchema, errors: [413, 429] }), body: incompleteCheckoutSchema } }, async (req) => {
    await saveIncompleteCheckout(db, req.body, req.body.lang ?? requestLanguage(req.headers), req.ip);
    return ok(null, 'Noted.');
  });

  app.get('/order/incomplete', { preHandler: manageOrders, schema: { ...doc('cod', `Incomplete orders: checkouts left after the mobile was typed, newest first, ${INCOMPLETE_CHECKOUT_PAGE_SIZE} a page`, { auth: 'admin', reply: incompleteCheckoutListReplySchema }), querystring: incompleteCheckoutListQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { page } = req.query;
    const { entries, totalCount } = await listIncompleteCheckouts(db, page);
    const list = okList(entries, totalCount, INCOMPLETE_CHECKOUT_PAGE_SIZE);
    return { ...list, pagination: { page, pageSize: INCOMPLETE_CHECKOUT_PAGE_SIZE, totalPages: list.totalPages, totalCount } };
  });

  app.delete('/order/incomplete/:id', { preHandler: manageOrders, schema: { ...doc('cod', 'Dismiss an incomplete order', { auth: 'admin', reply: codDoneReplySchema, errors: [404] }), params: idParams } }, async (req) => {
    await deleteIncompleteCheckout(db, req.params.id);
    return ok(null, 'Incomplete order dismissed.');
  });
};
