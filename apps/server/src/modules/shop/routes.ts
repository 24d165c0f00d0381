import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app';
import { doc } from '../../lib/openapi';
import type { ShopInfo } from '@haat/shared/shop';
import { ok } from '../../lib/reply';

/** The shop's public facts (footer contacts, wallet number), from configuration. */
export const shopRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const { config } = deps;
  const info: ShopInfo = {
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    social: { facebook: config.SHOP_FACEBOOK, instagram: config.SHOP_INSTAGRAM, linkedin: config.SHOP_LINKEDIN },
    walletNumber: config.WALLET_NUMBER,
  };
  app.get('/shop-info', { schema: doc('shop', 'Contacts, social links and the wallet number') }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(info);
  });
};
