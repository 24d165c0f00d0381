import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orderItems, products, productVariants } from '../src/db/schema';
import { adminToken, dhakaGuest, makeAddress, makeUser, multipart, png, seedCatalogue, useTestApp } from './support';

/** Issue 21 (decision 0069): options and variants, each with its own SKU, price, stock and pictures. */
describe('product variants', () => {
  const t = useTestApp();
  const api = t.api();
  const db = () => t.database.db;

  const kurtaOptions = [
    { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম' }, { value: 'L', value_bn: 'এল' }] },
    { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '#b22222' }, { value: 'Blue', value_bn: 'নীল', swatch: '#1e3a8a' }] },
  ];
  const kurtaVariants = () => [
    { sku: 'KU-M-RED', values: ['M', 'Red'], price: 1200, discount: 0, stock: 5 },
    { sku: 'KU-M-BLU', values: ['M', 'Blue'], price: 1200, discount: 0, stock: 0 },
    { sku: 'KU-L-RED', values: ['L', 'Red'], price: 1300, discount: 10, stock: 10, image: [1] },
    { sku: 'KU-L-BLU', values: ['L', 'Blue'], price: 1300, discount: 0, stock: 3, publish: false },
  ];

  async function addKurta(admin: string, over: Record<string, unknown> = {}) {
    const { cat, sub } = await seedCatalogue(db());
    const res = await api.as(admin).post(
      'product/add-product',
      multipart({
        name: 'Cotton Kurta',
        description: 'Hand-stitched cotton kurta',
        unit: '1 pc',
        stock: '1',
        price: '1',
        category: cat.fashion,
        subCategory: sub.shirts,
        image: [await png(), await png(8, 8)],
        options: JSON.stringify(kurtaOptions),
        variants: JSON.stringify(kurtaVariants()),
        ...over,
      }),
    );
    return res;
  }

  const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;
  const variantCount = async () => (await db().select({ n: count() }).from(productVariants))[0]!.n;

  it('adds a product with options and variants: the product shows the cheapest published price and the summed stock', async () => {
    const admin = await adminToken(db(), t.config);
    const added = await addKurta(admin);
    expect(added.statusCode).toBe(200);
    const kurta = added.json().data;
    // Cheapest published by price after discount: L/Red 1300 − 10 % = 1170 beats 1200.
    expect(kurta).toMatchObject({ price: 1300, discount: 10, stock: 18, price_varies: true });
    expect(kurta.options).toEqual(kurtaOptions.map((o) => ({ ...o, values: o.values.map((v) => ({ swatch: '', ...v })) })));
    expect(kurta.variants).toHaveLength(4);
    expect(kurta.variants[2]).toMatchObject({ sku: 'KU-L-RED', values: ['L', 'Red'], price: 1300, discount: 10, stock: 10, image: [kurta.image[1]], publish: true });

    // The shopper's read hides the unpublished variant; the owner's shows it.
    const details = (await api.get(`product/get-product-details?productId=${kurta._id}`)).json().data;
    expect(details.variants.map((v: { sku: string }) => v.sku)).toEqual(['KU-M-RED', 'KU-M-BLU', 'KU-L-RED']);
    const owner = (await api.as(admin).get(`product/admin-product?productId=${kurta._id}`)).json().data;
    expect(owner.variants).toHaveLength(4);

    // A plain product is its own single variant.
    const plain = await api.as(admin).post('product/add-product', multipart({ name: 'Mug', description: 'Mug', unit: '1 pc', stock: '4', price: '250', category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id, image: await png() }));
    const mug = (await api.get(`product/get-product-details?productId=${plain.json().data._id}`)).json().data;
    expect(mug).toMatchObject({ options: [], price_varies: false, variants: [{ _id: mug._id, sku: '', values: [], price: 250, stock: 4, image: [] }] });
  });

  it('a staff picker reads the variants of a page of products in one question; a plain product has none (issue 42)', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    const plain = await api.as(admin).post('product/add-product', multipart({ name: 'Mug', description: 'Mug', unit: '1 pc', stock: '4', price: '250', category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id, image: await png() }));
    const res = await api.as(admin).post('product/admin-variants', { productIds: [kurta._id, plain.json().data._id, 'nosuchproduct'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [only, ...rest] = res.json().data;
    expect(rest).toEqual([]);
    // Every variant, the unpublished one too: the owner picks among them all.
    expect(only).toMatchObject({ _id: kurta._id, options: [{ name: 'Size' }, { name: 'Colour' }] });
    expect(only.variants.map((v: { sku: string; price: number }) => [v.sku, v.price])).toEqual([['KU-M-RED', 1200], ['KU-M-BLU', 1200], ['KU-L-RED', 1300], ['KU-L-BLU', 1300]]);
    const many = await api.as(admin).post('product/admin-variants', { productIds: Array.from({ length: 51 }, (_, i) => `p${i}`) });
    expect(many.statusCode).toBe(400);
  });

  it('refuses bad options and variants with a 400 naming the field, and stores nothing', async () => {
    const admin = await adminToken(db(), t.config);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ options: JSON.stringify([...kurtaOptions, { name: 'size', values: [{ value: 'X' }] }]) }, 'VARIANT_OPTION_DUPLICATE', 'options.2.name: two options are named size.'],
      [{ options: JSON.stringify([{ name: 'Size', values: [{ value: 'M' }, { value: 'm' }] }]) }, 'VARIANT_VALUE_DUPLICATE', 'options.0.values.1.value: Size has the value m twice.'],
      [{ options: JSON.stringify(['A', 'B', 'C', 'D'].map((name) => ({ name, values: [{ value: '1' }] }))) }, 'VARIANT_TOO_MANY_OPTIONS', 'options: a product has at most 3 options.'],
      [{ variants: JSON.stringify([...kurtaVariants(), { values: ['XL', 'Red'], price: 10, stock: 1 }]) }, 'VARIANT_VALUES_MISMATCH', 'variants.4.values: variant 5 must have one value of each option (Size, Colour).'],
      [{ variants: JSON.stringify([...kurtaVariants(), { values: ['M', 'Red'], price: 10, stock: 1 }]) }, 'VARIANT_COMBINATION_DUPLICATE', 'variants.4.values: two variants are Size: M, Colour: Red.'],
      [{ variants: JSON.stringify(kurtaVariants().map((v) => ({ ...v, sku: 'SAME' }))) }, 'VARIANT_SKU_DUPLICATE', 'variants.1.sku: the SKU SAME is used twice.'],
      [{ variants: JSON.stringify([{ ...kurtaVariants()[0], price: -5 }]) }, 'VALIDATION', 'A variant’s price must be a whole number of taka from 1 to 100,000,000.'],
      [{ variants: JSON.stringify([{ ...kurtaVariants()[0], stock: -1 }]) }, 'VALIDATION', 'A variant’s stock must be a whole number from 0 to 1,000,000.'],
      [{ variants: JSON.stringify([{ ...kurtaVariants()[0], image: [5] }]) }, 'VARIANT_IMAGE_UNKNOWN', 'variants.0.image: a variant’s picture must be one of the product’s pictures.'],
      [{ variants: '[{' }, 'VARIANT_JSON', 'variants must be a JSON list.'],
    ];
    for (const [over, code, message] of cases) {
      const res = await addKurta(admin, over);
      expect({ code, status: res.statusCode, got: res.json().code, message: res.json().message }).toEqual({ code, status: 400, got: code, message });
    }
    const tooMany = Array.from({ length: 251 }, (_, i) => ({ values: [String(i)], price: 10, stock: 1 }));
    const res = await addKurta(admin, { options: JSON.stringify([{ name: 'No', values: tooMany.map((v) => ({ value: v.values[0] })).slice(0, 100) }]), variants: JSON.stringify(tooMany) });
    expect(res.json()).toMatchObject({ code: 'VARIANT_TOO_MANY', message: 'variants: a product has at most 250 variants.' });
    expect(await productCount()).toBe(0);
    expect(await variantCount()).toBe(0);

    // A SKU is the shop's: another product's is refused.
    const first = await addKurta(admin);
    expect(first.statusCode).toBe(200);
    const again = await addKurta(admin, { name: 'Silk Kurta', variants: JSON.stringify([{ ...kurtaVariants()[0], sku: 'ku-m-red' }]) });
    expect(again.json()).toMatchObject({ code: 'VARIANT_SKU_TAKEN', message: 'variants.0.sku: the SKU ku-m-red belongs to another product.' });
    expect(await productCount()).toBe(1);
  });

  it('edits variants: keeps ids, adds and removes (with their cart lines), follows expectedStock per variant', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    const [mRed, mBlue, lRed, lBlue] = kurta.variants as { _id: string; stock: number }[];
    const shopper = await makeUser(db(), t.config);
    expect((await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: mRed!._id, quantity: 1 })).statusCode).toBe(200);

    const edit = (variants: unknown[], over: Record<string, unknown> = {}) =>
      api.as(admin).put('product/edit-product', multipart({ productId: kurta._id, name: 'Cotton Kurta', description: 'Hand-stitched cotton kurta', unit: '1 pc', stock: String(kurta.stock), price: String(kurta.price), discount: String(kurta.discount), category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id, image: kurta.image, options: JSON.stringify(kurtaOptions), variants: JSON.stringify(variants), ...over }));
    const base = kurtaVariants();

    // Preview: dropping M/Red removes a variant with 5 units that one cart holds.
    const preview = await api.as(admin).post('product/variants-preview', { productId: kurta._id, options: kurtaOptions, variants: [{ ...base[1], _id: mBlue!._id }, { ...base[2], _id: lRed!._id }, { ...base[3], _id: lBlue!._id }] });
    expect(preview.json().data).toEqual({ removed: [{ _id: mRed!._id, label: 'Size: M, Colour: Red', stock: 5, in_carts: 1 }], added: 0, kept: 3, carts_affected: 1 });

    // An order takes 2 of L/Red while the form is open: the form's stock change is refused.
    const ordered = await api.from('10.9.0.1').post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: kurta._id, variant_id: lRed!._id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });
    expect(ordered.statusCode).toBe(201);
    const stale = await edit([{ ...base[0], _id: mRed!._id }, { ...base[1], _id: mBlue!._id }, { ...base[2], _id: lRed!._id, stock: 20, expectedStock: 10 }, { ...base[3], _id: lBlue!._id }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VARIANT_STOCK_CHANGED', message: 'The stock of Size: L, Colour: Red changed since you opened this product (now 8). Please reload and try again.' });

    // Remove M/Red, raise L/Red from the stock it holds, re-price L/Blue, add XL/Red.
    const options = [{ ...kurtaOptions[0]!, values: [...kurtaOptions[0]!.values, { value: 'XL', value_bn: 'এক্সএল' }] }, kurtaOptions[1]!];
    const saved = await edit(
      [{ ...base[1], _id: mBlue!._id }, { ...base[2], _id: lRed!._id, stock: 20, expectedStock: 8 }, { ...base[3], _id: lBlue!._id, price: 999, publish: true }, { sku: 'KU-XL-RED', values: ['XL', 'Red'], price: 1500, stock: 2 }],
      { options: JSON.stringify(options) },
    );
    expect(saved.statusCode).toBe(200);
    const after = saved.json().data;
    expect(after.variants.map((v: { _id: string }) => v._id).slice(0, 3)).toEqual([mBlue!._id, lRed!._id, lBlue!._id]);
    expect(after).toMatchObject({ stock: 0 + 20 + 3 + 2, price: 999, discount: 0, price_varies: true });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);

    // A client that predates variants may edit the name, not the price the variants decide.
    const legacy = await api.as(admin).put('product/edit-product', multipart({ productId: kurta._id, name: 'Cotton Kurta', description: 'x', unit: '1 pc', stock: '25', price: '50', category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id }));
    expect(legacy.json()).toMatchObject({ code: 'VARIANT_FIELDS_PER_VARIANT', message: 'price: this product has variants; set its price, discount and stock per variant.' });
    const renamed = await api.as(admin).put('product/edit-product', multipart({ productId: kurta._id, name: 'Cotton Kurta (new)', description: 'x', unit: '1 pc', stock: '25', price: '999', category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.variants).toHaveLength(4);
  });

  it('a cart line and an order name their variant; the order item keeps its snapshot and Cancel gives its stock back', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    const lRed = kurta.variants.find((v: { sku: string }) => v.sku === 'KU-L-RED');
    const mRed = kurta.variants.find((v: { sku: string }) => v.sku === 'KU-M-RED');
    const shopper = await makeUser(db(), t.config);

    const unchosen = await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, quantity: 1 });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json()).toMatchObject({ code: 'VARIANT_REQUIRED', message: 'Choose Size and Colour of Cotton Kurta.' });
    const foreign = await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: 'nope123', quantity: 1 });
    expect(foreign.json()).toMatchObject({ code: 'VARIANT_UNKNOWN', message: 'That choice is not one of the variants of Cotton Kurta.' });
    const soldOut = await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: kurta.variants[1]._id, quantity: 1 });
    expect(soldOut.json().message).toBe('Cotton Kurta (Size: M, Colour: Blue) is out of stock.');

    await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: lRed._id, quantity: 2 });
    const cart = (await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: mRed._id, quantity: 1 })).json().data;
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ quantity: 2, variant_id: lRed._id, sku: 'KU-L-RED', product_id: { _id: kurta._id, price: 1300, discount: 10, stock: 10, image: [kurta.image[1]] } });
    expect(cart[0].options).toEqual([
      { name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' },
      { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
    ]);
    const capped = await api.as(shopper).post('cart/add-to-cart', { product_id: kurta._id, variant_id: mRed._id, quantity: 5 });
    expect(capped.json().message).toBe('You can have at most 5 of Cotton Kurta (Size: M, Colour: Red) in your cart.');

    const address = await makeAddress(db(), shopper.id);
    const placed = await api.as(shopper).post('order', { method: 'CASH-ON-DELIVERY', addressId: address });
    expect(placed.json().message).toBe('Order placed successfully.');
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    // L/Red: 2 × 1170; M/Red: 1 × 1200.
    expect(order.subTotal_amount).toBe(2 * 1170 + 1200);
    const line = order.product_details.find((i: { sku: string }) => i.sku === 'KU-L-RED');
    expect(line).toMatchObject({ variant_id: lRed._id, price: 1300, discount: 10, unit_price: 1170, quantity: 2, image: [kurta.image[1]] });
    expect(line.options.map((o: { value: string }) => o.value)).toEqual(['L', 'Red']);
    const stockOf = async (id: string) => (await db().select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]!.s;
    const productStock = async () => (await db().select({ s: products.stock }).from(products).where(eq(products.id, kurta._id)))[0]!.s;
    expect([await stockOf(lRed._id), await stockOf(mRed._id), await productStock()]).toEqual([8, 4, 15]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);

    // Renaming the value later does not change what the order says.
    const renamed = kurtaOptions.map((o) => (o.name === 'Colour' ? { ...o, values: o.values.map((v) => (v.value === 'Red' ? { ...v, value_bn: 'টকটকে লাল' } : v)) } : o));
    await db().update(products).set({ options: renamed.map((o) => ({ ...o, values: o.values.map((v) => ({ swatch: '', ...v })) })) }).where(eq(products.id, kurta._id));
    const [item] = await db().select().from(orderItems).where(eq(orderItems.variantId, lRed._id));
    expect(item!.options[1]).toEqual({ name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' });

    const cancelled = await api.as(admin).patch(`order/update-status/${order._id}`, { status: 'Cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect([await stockOf(lRed._id), await stockOf(mRed._id), await productStock()]).toEqual([10, 5, 18]);

    // A guest orders a variant by its id; without one, the 400 says what to choose and nothing is taken.
    const guest = await api.from('10.9.0.2').post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ _id: kurta._id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(guest.json()).toMatchObject({ code: 'VARIANT_REQUIRED', message: 'Choose Size and Colour of Cotton Kurta.' });
    expect(await productStock()).toBe(18);
  });

  it('search finds a product by a variant’s SKU (exact, any case) and by option values in either language', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    await api.as(admin).post('product/add-product', multipart({ name: 'Red Mug', description: 'A mug', unit: '1 pc', stock: '4', price: '250', category: kurta.category[0]._id, subCategory: kurta.subCategory[0]._id, image: await png() }));
    const names = async (search: string) => ((await api.post('product/get-all-products', { search })).json().data as { name: string }[]).map((p) => p.name);
    expect(await names('ku-l-red')).toEqual(['Cotton Kurta']);
    expect(await names('red kurta')).toEqual(['Cotton Kurta']);
    expect(await names('লাল কুর্তা')).toEqual([]);
    expect(await names('লাল')).toEqual(['Cotton Kurta']);
    expect((await names('red')).sort()).toEqual(['Cotton Kurta', 'Red Mug']);
  });

  it('the admin list marks a repeat of the same size as a possible duplicate, another size not', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    const [mRed, , lRed] = kurta.variants as { _id: string }[];
    const buy = (variant: string, ip: string) => api.from(ip).post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: kurta._id, variant_id: variant, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    const first = (await buy(lRed!._id, '10.7.0.1')).json().data;
    const otherSize = (await buy(mRed!._id, '10.7.0.2')).json().data;
    const repeat = (await buy(lRed!._id, '10.7.0.3')).json().data;
    const list = (await api.as(admin).get('order/get-all-order')).json().data as { orderId: string; duplicate_of: string | null }[];
    const dup = (orderId: string) => list.find((o) => o.orderId === orderId)!.duplicate_of;
    expect([dup(otherSize.orderId), dup(repeat.orderId)]).toEqual([null, first.orderId]);
  });

  it('50 concurrent orders for a variant with stock 10 yield exactly 10 orders', async () => {
    const admin = await adminToken(db(), t.config);
    const kurta = (await addKurta(admin)).json().data;
    const lRed = kurta.variants.find((v: { sku: string }) => v.sku === 'KU-L-RED');
    const payload = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: kurta._id, variant_id: lRed._id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.from(`10.8.0.${i + 1}`).post('order', payload)));
    const created = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409);
    expect(created).toBe(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json().message).toBe('Not enough stock for Cotton Kurta (Size: L, Colour: Red).');
    const [v] = await db().select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, lRed._id));
    const [p] = await db().select({ s: products.stock }).from(products).where(eq(products.id, kurta._id));
    expect([v!.s, p!.s]).toEqual([0, 8]);
  });
});
