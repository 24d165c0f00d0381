import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adPublicReplySchema, adSettingsReplySchema, adSettingsSchema } from '@haat/shared/schemas/ads';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { readAdPublic, readAdSettings, saveAdSettings } from './service';

/** The owner's ad and analytics settings, and the ids the browser loads the Pixel and gtag with after consent (decision 0119). */
export const adsRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const manage = deps.guards.requirePermission('settings.manage');
  // A save changes this process's CSP at once (the others within a minute).
  const saved = async (...args: Parameters<typeof saveAdSettings> extends [unknown, ...infer R] ? R : never) => {
    const view = await saveAdSettings(db, ...args);
    deps.adOrigins.set(view);
    return view;
  };
  app.get('/ads/public', { schema: doc('shop', 'The Meta Pixel and GA4 ids the browser loads after the shopper agrees; empty when off', { reply: adPublicReplySchema }) }, async () => ok(await readAdPublic(db)));
  app.get('/ads/settings', { preHandler: manage, schema: doc('shop', 'The ad and analytics settings; each token only as set or not', { auth: 'admin', reply: adSettingsReplySchema }) }, async () => ok(await readAdSettings(db)));
  app.put('/ads/settings', { preHandler: manage, schema: { ...doc('shop', 'Set the Meta Pixel and Conversions API, GA4, and when a cash-on-delivery Purchase is sent', { auth: 'admin', reply: adSettingsReplySchema }), body: adSettingsSchema } }, async (req) =>
    ok(await saved(req.body, actorOf(req)), 'Saved.'),
  );
};
