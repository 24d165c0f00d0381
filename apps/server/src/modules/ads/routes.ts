import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adBrowserEventReplySchema, adBrowserEventSchema, adPublicReplySchema, adSettingsReplySchema, adSettingsSchema } from '@haat/shared/schemas/ads';
import type { AppDeps } from '../../deps';
import { adContextOf } from '../../lib/ad-consent';
import { actorOf } from '../../lib/auth';
import { limitByIpAndEmail, type LimitRule } from '../../lib/rate-limit';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { queueBrowserEvent } from './browser-events';
import { readAdPublic, readAdSettings, saveAdSettings } from './service';

/** A shopper browsing sends a few a minute; more from one address is a script. */
const EVENT_LIMIT: LimitRule = { name: 'ad-events', windowMs: 60_000, perIp: 120 };

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
  // The Pixel's ViewContent, AddToCart and InitiateCheckout, copied to the Conversions API with the same id (decision 0131).
  app.post('/ads/events', { preValidation: limitByIpAndEmail(deps.rateStore, EVENT_LIMIT), preHandler: deps.guards.optionalUser, schema: { ...doc('shop', 'The server’s copy of a Pixel event, queued for the Conversions API only with the shopper’s yes and the owner’s Pixel and token', { auth: 'optional', reply: adBrowserEventReplySchema, errors: [429] }), body: adBrowserEventSchema } }, async (req) =>
    ok(await queueBrowserEvent(db, deps.jobs, req.body, adContextOf(req), req.user?.id ?? null)),
  );
};
