import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { doc } from '../../lib/openapi';
import { shopInfoReplySchema, type ShopInfo } from '@haat/shared/shop';
import { ok } from '../../lib/reply';

/** The shop's public facts (footer contacts, wallet number), from configuration. */
export const shopRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const { config } = deps;
  const info: ShopInfo = {
    name: config.SHOP_NAME,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    social: { facebook: config.SHOP_FACEBOOK, instagram: config.SHOP_INSTAGRAM, linkedin: config.SHOP_LINKEDIN },
    walletNumber: config.WALLET_NUMBER,
    /** bKash checkout is on (the real gateway or the demo sandbox): Bkash shows 'Pay with bKash' instead of a transaction id. */
    bkashCheckout: deps.bkash !== null,
  };
  app.get('/shop-info', { schema: doc('shop', 'Name, address, contacts, social links, the wallet number and whether bKash checkout is on', { reply: shopInfoReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(info);
  });
};
