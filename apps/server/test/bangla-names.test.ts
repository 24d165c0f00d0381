import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../src/db/schema';
import { makeAddress, makeProduct, makeUser, useTestApp } from './support';

/**
 * Issue 42: a signed-in shopper's Bangla cart showed English names, because the server's cart line
 * carried no Bangla name (a guest's cart, kept in the browser, had it). Every answer that names a
 * product to a shopper carries the Bangla name beside the English one (the web says it on a Bangla
 * page): the cart's lines, the order's items (as placed, in the order answer, My Orders and the
 * invoice's print answer), and a refusal that names a product (its `name_bn` beside `name`).
 */
describe('the Bangla name on every answer that names a product (issue 42)', () => {
  const t = useTestApp();
  const api = t.api();
  const size = { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম', swatch: '' }, { value: 'L', value_bn: 'এল', swatch: '' }] };
  const colour = { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '#d2352f' }] };
  let n = 0;

  /** A kurta in sizes M and L (red), with a Bangla name and Bangla options. */
  async function kurta(stock = 5) {
    const id = `bnkurta${String(++n).padStart(10, '0')}`;
    await t.database.db.insert(products).values({ id, name: 'Cotton Kurta', nameBn: 'সুতি কুর্তা', price: 1200, stock: stock * 2, quantity: 10, options: [size, colour] });
    const variant = (k: number, value: string) => ({ id: `${id.slice(0, 12)}v${value}${'0'.repeat(4)}`, productId: id, position: k, optionValues: [value, 'Red'], price: 1200, stock });
    const [m, l] = [variant(0, 'M'), variant(1, 'L')];
    await t.database.db.insert(productVariants).values([m, l]);
    return { id, m: m.id, l: l.id };
  }

  it("a signed-in shopper's cart lines carry the Bangla name, a variant's line too, and '' for a product without one", async () => {
    const user = await makeUser(t.database.db, t.config);
    const gamcha = await makeProduct(t.database.db, { name: 'Cotton Gamcha', nameBn: 'সুতি গামছা', price: 250 });
    const plain = await makeProduct(t.database.db, { name: 'Steel Mug', price: 300 });
    const k = await kurta();
    const added = await api.as(user).post('cart/add-to-cart', { product_id: gamcha.id, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    await api.as(user).post('cart/add-to-cart', { product_id: plain.id, quantity: 1 });
    await api.as(user).post('cart/add-to-cart', { product_id: k.id, variant_id: k.l, quantity: 2 });

    const lines = (await api.as(user).get('cart/get-cart-items')).json().data as { product_id: { name: string; name_bn: string }; options: unknown[] }[];
    expect(lines.map((l) => [l.product_id.name, l.product_id.name_bn])).toEqual([
      ['Cotton Gamcha', 'সুতি গামছা'],
      ['Steel Mug', ''],
      ['Cotton Kurta', 'সুতি কুর্তা'],
    ]);
    expect(lines[2]!.options).toEqual([
      { name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' },
      { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
    ]);
  });

  it('the order placed from that cart keeps the Bangla names: its answer, My Orders and the invoice’s print answer', async () => {
    const user = await makeUser(t.database.db, t.config);
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const addressId = await makeAddress(t.database.db, user.id);
    const gamcha = await makeProduct(t.database.db, { name: 'Cotton Gamcha', nameBn: 'সুতি গামছা', price: 250 });
    const k = await kurta();
    await api.as(user).post('cart/add-to-cart', { product_id: gamcha.id, quantity: 2 });
    await api.as(user).post('cart/add-to-cart', { product_id: k.id, variant_id: k.m, quantity: 1 });

    const placed = await api.as(user).post('order', { method: 'CASH-ON-DELIVERY', addressId, consent: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { _id: string; product_details: { name: string; name_bn: string }[] };
    const named = (items: { name: string; name_bn: string }[]) => items.map((i) => [i.name, i.name_bn]).sort();
    const expected = [
      ['Cotton Gamcha', 'সুতি গামছা'],
      ['Cotton Kurta', 'সুতি কুর্তা'],
    ];
    expect(named(order.product_details)).toEqual(expected);

    const mine = (await api.as(user).get('order/get-order')).json().data as { product_details: { name: string; name_bn: string }[] }[];
    expect(named(mine[0]!.product_details)).toEqual(expected);
    const printed = await api.as(admin).get('order/print', { query: { ids: order._id } });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(named(printed.json().data[0].product_details)).toEqual(expected);

    // Renamed later: the order keeps the names it was placed with (docs/languages-and-search.md).
    await t.database.db.update(products).set({ nameBn: 'নতুন নাম' });
    expect(named((await api.as(user).get('order/get-order')).json().data[0].product_details)).toEqual(expected);
  });

  it('a refusal that names a product names it in Bangla too: name_bn beside name, a variant with its options', async () => {
    const user = await makeUser(t.database.db, t.config);
    const gamcha = await makeProduct(t.database.db, { name: 'Cotton Gamcha', nameBn: 'সুতি গামছা', price: 250, stock: 2, quantity: 10 });
    const soldOut = await makeProduct(t.database.db, { name: 'Steel Mug', price: 300, stock: 0 });
    const k = await kurta(1);

    const over = await api.as(user).post('cart/add-to-cart', { product_id: gamcha.id, quantity: 3 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'CART_QUANTITY_CAP', params: { n: 2, name: 'Cotton Gamcha', name_bn: 'সুতি গামছা' }, message: 'You can have at most 2 of Cotton Gamcha in your cart.' });

    // No Bangla name: '' (the web says the English).
    expect((await api.as(user).post('cart/add-to-cart', { product_id: soldOut.id, quantity: 1 })).json()).toMatchObject({ code: 'OUT_OF_STOCK', params: { name: 'Steel Mug', name_bn: '' } });

    const variantOver = await api.as(user).post('cart/add-to-cart', { product_id: k.id, variant_id: k.l, quantity: 2 });
    expect(variantOver.json()).toMatchObject({
      code: 'CART_QUANTITY_CAP',
      params: { n: 1, name: 'Cotton Kurta (Size: L, Colour: Red)', name_bn: 'সুতি কুর্তা (সাইজ: এল, রং: লাল)' },
    });

    const unchosen = await api.as(user).post('cart/add-to-cart', { product_id: k.id, quantity: 1 });
    expect(unchosen.json()).toMatchObject({ code: 'VARIANT_REQUIRED', params: { options: 'Size and Colour', options_bn: 'সাইজ ও রং', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা' } });

    // Checkout: a Buy Now of more than is left.
    const short = await api.post('order', {
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: k.id, variant_id: k.m, quantity: 2 }],
      guest_user_delivery_address: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' },
      consent: true,
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'NOT_ENOUGH_STOCK', params: { name: 'Cotton Kurta (Size: M, Colour: Red)', name_bn: 'সুতি কুর্তা (সাইজ: এম, রং: লাল)' } });
  });
});
