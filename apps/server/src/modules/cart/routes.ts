import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToCartSchema, cartReplySchema, updateCartSchema } from '@haat/shared/schemas/cart';
import type { AppDeps } from '../../deps';
import { doc } from '../../lib/openapi';
import { userOf } from '../../lib/auth';
import { ok } from '../../lib/reply';
import { listCartLines } from './queries';
import { addToCart, updateCartLine } from './service';

export const cartRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const requireUser = deps.guards.requireUser;

  app.get('/cart/get-cart-items', { preHandler: requireUser, schema: doc('cart', 'The cart lines', { auth: 'user', reply: cartReplySchema }) }, async (req) => ok(await listCartLines(db, userOf(req).id)));

  app.post('/cart/add-to-cart', { preHandler: requireUser, schema: { ...doc('cart', 'Add a product', { auth: 'user', reply: cartReplySchema, errors: [404, 409, 413] }), body: addToCartSchema } }, async (req) => {
    const { id } = userOf(req);
    await addToCart(db, id, req.body);
    return ok(await listCartLines(db, id), 'Item added to cart.');
  });

  app.post('/cart/update-cart-items', { preHandler: requireUser, schema: { ...doc('cart', 'Change a line’s quantity; 0 removes it', { auth: 'user', reply: cartReplySchema, errors: [404, 409, 413] }), body: updateCartSchema } }, async (req) => {
    const { id } = userOf(req);
    const result = await updateCartLine(db, id, req.body);
    return ok(await listCartLines(db, id), result === 'removed' ? 'Item removed from cart.' : 'Cart updated.');
  });
};
