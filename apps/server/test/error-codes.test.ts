import { describe, expect, it } from 'vitest';
import { ERRORS } from '@haat/shared/errors/catalogue';
import { makeProduct, makeUser, useTestApp } from './support';

/** Every error answer carries a code of the shared catalogue and its parameters beside the spec's message (decision 0052). */
describe('error codes in the envelope', () => {
  const t = useTestApp();
  const api = t.api();

  it('a refusal with a number and a name: code, params and the unchanged English', async () => {
    const user = await makeUser(t.database.db, t.config);
    const lamp = await makeProduct(t.database.db, { name: 'Rare Lamp', stock: 2, quantity: 10 });
    const empty = await makeProduct(t.database.db, { name: 'Sold Out Shoe', stock: 0 });
    const over = await api.as(user).post('cart/add-to-cart', { product_id: lamp.id, quantity: 3 });
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: ERRORS.CART_QUANTITY_CAP.status,
      body: { success: false, error: true, code: 'CART_QUANTITY_CAP', params: { n: 2, name: 'Rare Lamp', name_bn: '' }, message: 'You can have at most 2 of Rare Lamp in your cart.', data: null },
    });
    const out = await api.as(user).post('cart/add-to-cart', { product_id: empty.id, quantity: 1 });
    expect(out.json()).toMatchObject({ code: 'OUT_OF_STOCK', params: { name: 'Sold Out Shoe' }, message: 'Sold Out Shoe is out of stock.' });
  });

  it('a fixed refusal has empty params; the generic answers have codes too', async () => {
    const user = await makeUser(t.database.db, t.config);
    const empty = await api.as(user).post('order/cash-on-delivery', { list_items: [], addressId: 'x', subTotalAmt: 0, totalAmt: 0 });
    expect(empty.json().success).toBe(false);
    expect(typeof empty.json().code).toBe('string');
    const route = await api.get('nope');
    expect(route.json()).toMatchObject({ code: 'NO_SUCH_ROUTE', params: {}, message: 'No such API route.' });
    const unauth = await api.get('cart/get-cart-items');
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json()).toMatchObject({ code: expect.stringMatching(/^(UNAUTHORIZED|SESSION_ENDED)$/) as unknown, params: {} });
  });

  it("a schema's refusal is VALIDATION with the schema's own text and its field", async () => {
    const res = await api.post('user/login', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.params.message).toBe(body.message);
    expect(typeof body.params.field).toBe('string');
  });
});
