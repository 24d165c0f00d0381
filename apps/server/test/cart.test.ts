import { describe, expect, it } from 'vitest';
import { makeProduct, makeUser, useTestApp } from './support';

describe('/api/cart', () => {
  const t = useTestApp();
  const api = t.api();

  it('adds a product, raises the quantity on a second add, and lists it with the nested product', async () => {
    const user = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db, { name: 'Samsung Charger', price: 500, discount: 10, unit: '1 pc' });
    const first = await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Item added to cart.' });
    await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 1 });

    const body = (await api.as(user).get('cart/get-cart-items')).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      quantity: 3,
      product_id: { _id: p.id, name: 'Samsung Charger', image: p.images, unit: '1 pc', price: 500, discount: 10 },
    });
  });

  it('caps a line by stock and by the product quantity limit with a clear message', async () => {
    const user = await makeUser(t.database.db, t.config);
    const lowStock = await makeProduct(t.database.db, { name: 'Rare Lamp', stock: 2, quantity: 10 });
    const limited = await makeProduct(t.database.db, { name: 'Rice 5kg', stock: 100, quantity: 3 });
    const empty = await makeProduct(t.database.db, { name: 'Sold Out Shoe', stock: 0 });

    const over = await api.as(user).post('cart/add-to-cart', { product_id: lowStock.id, quantity: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('You can have at most 2 of Rare Lamp in your cart.');

    await api.as(user).post('cart/add-to-cart', { product_id: limited.id, quantity: 2 });
    const second = await api.as(user).post('cart/add-to-cart', { product_id: limited.id, quantity: 2 });
    expect(second.json().message).toBe('You can have at most 3 of Rice 5kg in your cart.');

    const out = await api.as(user).post('cart/add-to-cart', { product_id: empty.id, quantity: 1 });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('Sold Out Shoe is out of stock.');

    const lines = (await api.as(user).get('cart/get-cart-items')).json().data;
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(2); // the refused add left the line as it was

    const tooMany = await api.as(user).post('cart/update-cart-items', { id: lines[0]._id, quantity: 4 });
    expect(tooMany.statusCode).toBe(400);
    expect((await api.as(user).get('cart/get-cart-items')).json().data[0].quantity).toBe(2);
  });

  it('updates a quantity and removes the line at 0', async () => {
    const user = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db);
    await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 1 });
    const [line] = (await api.as(user).get('cart/get-cart-items')).json().data;

    const res = await api.as(user).post('cart/update-cart-items', { id: line._id, quantity: 5 });
    expect(res.json()).toMatchObject({ success: true, message: 'Cart updated.' });
    expect((await api.as(user).get('cart/get-cart-items')).json().data[0].quantity).toBe(5);

    const removed = await api.as(user).post('cart/update-cart-items', { id: line._id, quantity: 0 });
    expect(removed.json().message).toBe('Item removed from cart.');
    expect((await api.as(user).get('cart/get-cart-items')).json().data).toEqual([]);
  });

  it("refuses to touch someone else's cart line", async () => {
    const owner = await makeUser(t.database.db, t.config);
    const other = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db);
    await api.as(owner).post('cart/add-to-cart', { product_id: p.id, quantity: 2 });
    const [line] = (await api.as(owner).get('cart/get-cart-items')).json().data;

    for (const quantity of [5, 0]) {
      const res = await api.as(other).post('cart/update-cart-items', { id: line._id, quantity });
      expect(res.statusCode).toBe(404);
    }
    expect((await api.as(owner).get('cart/get-cart-items')).json().data[0].quantity).toBe(2);
    expect((await api.as(other).get('cart/get-cart-items')).json().data).toEqual([]);
  });

  it('needs a signed-in user and valid input', async () => {
    const user = await makeUser(t.database.db, t.config);
    expect((await api.get('cart/get-cart-items')).statusCode).toBe(401);
    expect((await api.post('cart/add-to-cart', { product_id: 'x', quantity: 1 })).statusCode).toBe(401);
    expect((await api.as(user).post('cart/add-to-cart', { product_id: 'nosuchproduct', quantity: 1 })).statusCode).toBe(404);
    expect((await api.as(user).post('cart/add-to-cart', { product_id: 'bad-id!', quantity: 1 })).statusCode).toBe(404);
    // Beyond the integer column: a clear 400, never a 500, and the cart stays as it was.
    const p = await makeProduct(t.database.db, { stock: 10 });
    await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 1 });
    const [line] = (await api.as(user).get('cart/get-cart-items')).json().data;
    for (const quantity of [9007199254740991, 2147483648, 1001, '5000']) {
      const huge = await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity });
      expect({ quantity, status: huge.statusCode, message: huge.json().message }).toEqual({ quantity, status: 400, message: 'Quantity is too large.' });
      const hugeUpdate = await api.as(user).post('cart/update-cart-items', { id: line._id, quantity });
      expect({ quantity, status: hugeUpdate.statusCode, message: hugeUpdate.json().message }).toEqual({ quantity, status: 400, message: 'Quantity is too large.' });
    }
    expect((await api.as(user).get('cart/get-cart-items')).json().data.map((l: { quantity: number }) => l.quantity)).toEqual([1]);
    const negative = await api.as(user).post('cart/update-cart-items', { id: 'abc', quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Quantity cannot be negative.');
  });
});
