import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { doc } from '../../lib/openapi';
import { shopInfoReplySchema, type ShopInfo } from '@haat/shared/shop';
import { businessSettingsReplySchema, businessSettingsSchema } from '@haat/shared/schemas/business';
import { policyPageInputSchema, policyPageReplySchema, policyPagesReplySchema, policySlugParams } from '@haat/shared/policies';
import { ok } from '../../lib/reply';
import { readBusiness, readPolicyPage, readPolicyPages, readShopTerms } from './queries';
import { saveBusiness, savePolicyPage } from './service';

/**
 * The shop's public facts (footer contacts, wallet number) from configuration, and what the owner sets about the
 * shop (issue 27, decision 0077): the business details and the policy pages.
 */
export const shopRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const { db } = deps.database;
  const settings = deps.guards.requirePermission('settings.manage');
  const info: Omit<ShopInfo, 'business' | 'terms'> = {
    name: config.SHOP_NAME,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    social: { facebook: config.SHOP_FACEBOOK, instagram: config.SHOP_INSTAGRAM, linkedin: config.SHOP_LINKEDIN },
    walletNumber: config.WALLET_NUMBER,
    /** bKash checkout is on (the real gateway or the demo sandbox): Bkash shows 'Pay with bKash' instead of a transaction id. */
    bkashCheckout: deps.bkash !== null,
    sslcommerzCheckout: deps.sslcommerz !== null,
    nagadCheckout: deps.nagad !== null,
  };
  app.get('/shop-info', { schema: doc('shop', 'Name, address, contacts, social links, the wallet number, whether bKash checkout is on, and the business details', { reply: shopInfoReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    const [business, terms] = await Promise.all([readBusiness(db), readShopTerms(db)]);
    return ok({ ...info, business, terms });
  });

  app.get('/shop/business', { preHandler: settings, schema: doc('shop', 'The business details the owner set: trade licence, DBID, BIN, address, VAT rate', { auth: 'admin', reply: businessSettingsReplySchema }) }, async () => ok(await readBusiness(db)));

  app.put('/shop/business', { preHandler: settings, schema: { ...doc('shop', 'Change the business details (shown in the footer and on invoices; a BIN makes the invoice a Mushak-6.3 VAT invoice)', { auth: 'admin', reply: businessSettingsReplySchema, errors: [413] }), body: businessSettingsSchema } }, async (req) => {
    return ok(await saveBusiness(db, req.body, actorOf(req)), 'Business details saved.');
  });

  app.get('/shop/pages', { schema: doc('shop', 'The policy pages (terms, returns, delivery, privacy) in English and Bangla; version 0 is the default text', { reply: policyPagesReplySchema }) }, async () => ok(await readPolicyPages(db)));

  app.get('/shop/pages/:slug', { schema: { ...doc('shop', 'One policy page in English and Bangla', { reply: policyPageReplySchema }), params: policySlugParams } }, async (req) => ok(await readPolicyPage(db, req.params.slug)));

  app.put('/shop/pages/:slug', { preHandler: settings, schema: { ...doc('shop', 'Change a policy page in both languages (its version goes up when the text changed)', { auth: 'admin', reply: policyPageReplySchema, errors: [413] }), params: policySlugParams, body: policyPageInputSchema } }, async (req) => {
    return ok(await savePolicyPage(db, req.params.slug, req.body, actorOf(req)), 'Page saved.');
  });
};
