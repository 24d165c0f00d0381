import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSettingsReplySchema, dashboardSettingsSchema, dashboardSummaryReplySchema } from '@haat/shared/schemas/dashboard';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { dashboardSummary, saveDashboardSettings } from './service';

/** The owner's dashboard (issue 14, decision 0041): staff with dashboard.view; its settings, settings.manage (decision 0064). */
export const dashboardRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requirePermission } = deps.guards;

  app.get(
    '/dashboard/summary',
    { preHandler: requirePermission('dashboard.view'), schema: { ...doc('dashboard', "Every figure of the owner's dashboard for the last `days` days (1–365, default 30)", { auth: 'admin', reply: dashboardSummaryReplySchema }), querystring: dashboardQuerySchema } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await dashboardSummary(db, req.query.days));
    },
  );

  app.put(
    '/dashboard/settings',
    { preHandler: requirePermission('settings.manage'), schema: { ...doc('dashboard', 'Change the low-stock level of the dashboard', { auth: 'admin', reply: dashboardSettingsReplySchema, errors: [413] }), body: dashboardSettingsSchema } },
    async (req) => ok(await saveDashboardSettings(db, req.body, actorOf(req)), 'Low-stock level saved.'),
  );
};
