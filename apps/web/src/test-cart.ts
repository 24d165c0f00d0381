import type { CartLineView } from '@haat/shared/schemas/cart';
import { envelope } from './test-api';

/**
 * A signed-in shopper's server cart, as GET cart/get-cart-items answers it: typed by the shared
 * CartLineView, so a fixture carries every field the server sends (name_bn too, issue 42).
 */
export const serverCartLine = (id: string, product: Partial<CartLineView['product_id']> & Pick<CartLineView['product_id'], '_id' | 'name' | 'name_bn'>, extra: Partial<Omit<CartLineView, 'product_id'>> = {}): CartLineView => ({
  _id: id,
  quantity: 1,
  userId: 'u1',
  product_id: { image: [], unit: '1 pc', price: 1000, discount: 0, stock: 5, quantity: 10, publish: true, ...product },
  variant_id: '',
  options: [],
  sku: '',
  ...extra,
});

/** The fake API's routes of a signed-in shopper (Karim, u1) whose server cart holds `lines`; the caller sets localStorage's access_token. */
export const signedInCart = (lines: CartLineView[]) => ({
  'GET user/get-user': { body: envelope({ _id: 'u1', name: 'Karim', email: 'k@haat.test', role: 'USER' }) },
  'GET cart/get-cart-items': { body: envelope(lines) },
});
