import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deadlineSettingsReplySchema, deadlineSettingsSchema } from '@haat/shared/schemas/deadlines';
import { paths } from '@haat/shared/paths';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { handleOverdueNotice, readDeadlineSettings, saveDeadlineSettings } from './service';

/**
 * The deadlines (issue 27, decision 0076): the owner's settings (settings.manage)
 * and the daily notice of overdue orders, an hourly periodic job that tells the
 * Owner once a day from the Dhaka morning.
 */
export const deadlineRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const manageSettings = deps.guards.requirePermission('settings.manage');

  handleOverdueNotice({
    db,
    jobs: deps.jobs,
    shopName: config.SHOP_NAME,
    noticeHour: config.OVERDUE_NOTICE_HOUR,
    ordersUrl: config.PUBLIC_URL && `${config.PUBLIC_URL}${paths.dashboard.orders()}`,
    log: app.log,
  });

  app.get('/deadline-settings', { preHandler: manageSettings, schema: doc('deadlines', 'The hours to hand an order to the courier and the days to deliver it inside and outside Dhaka', { auth: 'admin', reply: deadlineSettingsReplySchema }) }, async () => ok(await readDeadlineSettings(db)));

  app.put('/deadline-settings', { preHandler: manageSettings, schema: { ...doc('deadlines', 'Change the hours to hand an order to the courier and the days to deliver it', { auth: 'admin', reply: deadlineSettingsReplySchema, errors: [413] }), body: deadlineSettingsSchema } }, async (req) =>
    ok(await saveDeadlineSettings(db, req.body, actorOf(req)), 'Deadlines saved.'),
  );
};
