import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { complaintActedSchema, complaintFiledReplySchema, complaintInputSchema, complaintListQuerySchema, complaintPageReplySchema, complaintReplySchema } from '@haat/shared/schemas/complaint';
import { paths } from '@haat/shared/paths';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { ok, okList } from '../../lib/reply';
import { COMPLAINT_PAGE_SIZE, fileComplaint, listComplaints, markActed } from './service';

/** Public like the order form, so limited per address: a few complaints an hour is plenty for a person. */
const COMPLAINT_LIMIT: LimitRule = { name: 'complaint', windowMs: 60 * 60_000, perIp: 10 };
const idParams = z.object({ id: z.string().max(64) });

/** The complaints form (the Owners told by SMS and mail, decision 0081) and the owner's list of complaints with their due times (issue 27, decision 0077). */
export const complaintRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post('/complaint', { preValidation: limitByIpAndEmail(deps.rateStore, COMPLAINT_LIMIT), schema: { ...doc('complaints', 'File a complaint (anyone): name, mobile, the order number if any, and what happened; the shop acts on it within 72 hours', { reply: complaintFiledReplySchema, status: 201, errors: [413, 429] }), body: complaintInputSchema } }, async (req, reply) => {
    const filed = await fileComplaint({ db, jobs: deps.jobs, log: req.log, shopName: deps.config.SHOP_NAME, complaintsUrl: deps.config.PUBLIC_URL && `${deps.config.PUBLIC_URL}${paths.dashboard.complaints()}` }, req.body);
    return reply.code(201).send(ok(filed, 'Complaint received. We will act on it within 72 hours.'));
  });

  app.get('/complaint', { preHandler: deps.guards.requirePermission('orders.view'), schema: { ...doc('complaints', 'Complaints, open ones most overdue first (show=open) or all newest first, with their due times', { auth: 'admin', reply: complaintPageReplySchema }), querystring: complaintListQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const page = await listComplaints(db, req.query);
    return { ...okList(page.items, page.totalCount, COMPLAINT_PAGE_SIZE), openCount: page.openCount, overdueCount: page.overdueCount };
  });

  app.patch('/complaint/:id/acted', { preHandler: deps.guards.requirePermission('orders.manage'), schema: { ...doc('complaints', 'Mark a complaint acted on, with an optional note of what was done', { auth: 'admin', reply: complaintReplySchema, errors: [404] }), params: idParams, body: complaintActedSchema } }, async (req) => {
    return ok(await markActed(db, req.params.id, req.body.note, actorOf(req)), 'Marked as acted on.');
  });
};
