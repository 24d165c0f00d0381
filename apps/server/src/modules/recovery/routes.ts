import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recoveredCheckoutReplySchema, recoverySettingsReplySchema, recoverySettingsSchema, recoveryStopReplySchema, recoveryTokenSchema, recoveryWeeksReplySchema, smsInboundReplySchema, smsInboundSchema } from '@haat/shared/schemas/recovery';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { sameSecret } from '../../lib/same-secret';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { replyReceived } from './replies';
import { handleRecovery, openRecovery, readRecoverySettings, recoveryWeeks, saveRecoverySettings, stopRecovery } from './service';

/** A link is a secret of 24 random bytes; guessing is held back per address all the same. */
const LINK_LIMIT: LimitRule = { name: 'recovery-link', windowMs: 10 * 60_000, perIp: 30 };

/** Checkout recovery (issue 45, decision 0117): the owner's settings and weekly figures, the SMS link's two answers, the jobs. */
export const recoveryRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { config } = deps;
  const manageSettings = deps.guards.requirePermission('settings.manage');
  handleRecovery({ db, jobs: deps.jobs, sms: deps.notify.sms, log: app.log, shopName: config.SHOP_NAME, siteUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` });

  app.get('/recovery/settings', { preHandler: manageSettings, schema: doc('recovery', 'Checkout recovery: on or off, the SMS delays in hours, the last SMS’s voucher', { auth: 'admin', reply: recoverySettingsReplySchema }) }, async () => ok(await readRecoverySettings(db)));

  app.put('/recovery/settings', { preHandler: manageSettings, schema: { ...doc('recovery', 'Change checkout recovery’s settings', { auth: 'admin', reply: recoverySettingsReplySchema, errors: [413] }), body: recoverySettingsSchema } }, async (req) =>
    ok(await saveRecoverySettings(db, req.body, actorOf(req)), 'Checkout recovery saved.'),
  );

  app.get('/recovery/weeks', { preHandler: manageSettings, schema: doc('recovery', 'Checkout recovery per week: SMS sent, links opened, orders recovered and their revenue', { auth: 'admin', reply: recoveryWeeksReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await recoveryWeeks(db));
  });

  app.post('/recovery/open', { preValidation: limitByIpAndEmail(deps.rateStore, LINK_LIMIT), schema: { ...doc('recovery', 'A recovery link opened: the cart and address it reopens (404 once expired)', { reply: recoveredCheckoutReplySchema, errors: [404, 429] }), body: recoveryTokenSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await openRecovery(db, req.body.token));
  });

  app.post('/recovery/stop', { preValidation: limitByIpAndEmail(deps.rateStore, LINK_LIMIT), schema: { ...doc('recovery', 'Stop the recovery SMS to the link’s mobile', { reply: recoveryStopReplySchema, errors: [404, 429] }), body: recoveryTokenSchema } }, async (req) =>
    ok(await stopRecovery(db, req.body.token), 'Saved: no more recovery SMS to this number.'),
  );

  // The gateway's forwarded replies (decision 0131): the secret before the body, so a forger learns nothing.
  const fromGateway = async (req: { headers: Record<string, string | string[] | undefined> }) => {
    const given = req.headers['x-haat-sms-secret'];
    if (!sameSecret(typeof given === 'string' ? given : undefined, config.SMS_INBOUND_SECRET)) throw appError('SMS_INBOUND_UNAUTHORIZED');
  };
  app.post('/sms/inbound', { preValidation: fromGateway, schema: { ...doc('recovery', 'A reply the SMS gateway forwards (X-Haat-Sms-Secret: SMS_INBOUND_SECRET): STOP or বন্ধ stops recovery SMS and back-in-stock alerts to that mobile', { reply: smsInboundReplySchema, errors: [401, 413] }), body: smsInboundSchema } }, async (req) =>
    ok(await replyReceived(db, req.body.from, req.body.text)),
  );
};
