import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../src/db/schema';
import { dhakaGuest, makeProduct, makeUser, multipart, useTestApp } from './support';

/**
 * Issue 42: /track is where a cash-on-delivery shopper looks up what to hand the rider. The public
 * answer carries the order's amounts (total, paid, due on delivery, refunds) and its exchanges (from
 * which size or colour to which), and still nothing that names or locates the shopper.
 */
describe('GET /api/order/track: the amounts (issue 42)', () => {
  const t = useTestApp({ STEADFAST_WEBHOOK_TOKEN: 'track-amounts-hook-token' });
  let n = 0;
  const from = () => t.api().from(`10.42.${Math.floor(++n / 250)}.${n % 250}`);
  const track = (orderId: string, mobile = dhakaGuest.mobile) => from().get('/api/order/track', { query: { orderId, mobile } });
  const asAdmin = async () => t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
  const guestOrder = async (list_items: object[], method = 'CASH-ON-DELIVERY') => {
    const res = await from().post('/api/order', {
      method,
      ...(method !== 'CASH-ON-DELIVERY' && { mobile: '01911111111', transaction_id: 'TRX42' }),
      list_items,
      guest_user_delivery_address: dhakaGuest,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number; delivery_fee: number; product_details: { _id: string; name: string }[] };
  };

  it('a COD order: all of the total due on delivery until delivered, then paid; nothing personal', async () => {
    const product = await makeProduct(t.database.db, { name: 'Jamdani saree', price: 1500, stock: 10 });
    const order = await guestOrder([{ product_id: product.id, quantity: 2 }]);
    expect(order.total_amount).toBe(3000 + order.delivery_fee);
    const res = await track(order.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amounts).toEqual({ total: order.total_amount, paid: 0, due_on_delivery: order.total_amount, refunds: [], exchanges: [] });
    expect(res.body).not.toContain(dhakaGuest.mobile);
    expect(res.body).not.toContain(dhakaGuest.address_line);

    expect((await (await asAdmin()).patch(`order/update-status/${order._id}`, { status: 'Delivered' })).statusCode).toBe(200);
    expect((await track(order.orderId)).json().data.amounts).toMatchObject({ total: order.total_amount, paid: order.total_amount, due_on_delivery: 0 });
  });

  it('an order paid by wallet has nothing due on delivery', async () => {
    const product = await makeProduct(t.database.db, { price: 700, stock: 5 });
    const order = await guestOrder([{ product_id: product.id, quantity: 1 }], 'nagad');
    expect((await track(order.orderId)).json().data.amounts).toMatchObject({ total: order.total_amount, paid: order.total_amount, due_on_delivery: 0 });
  });

  it('shows an exchange from one size to the other, and a refund made by hand', async () => {
    const productId = 'trkurta0000000001';
    const options = [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম', swatch: '' }, { value: 'L', value_bn: 'এল', swatch: '' }] }];
    await t.database.db.insert(products).values({ id: productId, name: 'Kurta', nameBn: 'কুর্তা', price: 1000, stock: 10, options });
    await t.database.db.insert(productVariants).values([
      { id: 'trkurtaM000000001', productId, position: 0, optionValues: ['M'], price: 1000, stock: 5 },
      { id: 'trkurtaL000000001', productId, position: 1, optionValues: ['L'], price: 1000, stock: 5 },
    ]);
    const saree = await makeProduct(t.database.db, { name: 'Saree', price: 800, stock: 5 });
    const order = await guestOrder([
      { product_id: productId, variant_id: 'trkurtaM000000001', quantity: 1 },
      { product_id: saree.id, quantity: 1 },
    ]);
    const admin = await asAdmin();
    await admin.patch(`order/update-status/${order._id}`, { status: 'Delivered' });
    const kurtaItem = order.product_details.find((i) => i.name === 'Kurta');
    const sareeItem = order.product_details.find((i) => i.name === 'Saree');
    const ask = (request: object) => from().post('/api/track/returns', multipart({ orderId: order.orderId, mobile: dhakaGuest.mobile, request: JSON.stringify(request) }));
    const exchange = await ask({ kind: 'exchange', items: [{ item_id: kurtaItem!._id, quantity: 1, wanted_variant_id: 'trkurtaL000000001' }], reason: 'wrong_size' });
    expect(exchange.statusCode, exchange.body).toBe(201);
    const ret = (await ask({ kind: 'return', items: [{ item_id: sareeItem!._id, quantity: 1 }], reason: 'damaged' })).json().data;
    await admin.post(`returns/${ret._id}/decision`, { decision: 'approve', pickup: 'manual' });
    await admin.post(`returns/${ret._id}/receive`, {});
    const refunded = await admin.post(`returns/${ret._id}/refund`, { method: 'nagad', amount: 500, trx_id: '7XK2A9' });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const amounts = (await track(order.orderId)).json().data.amounts;
    expect(amounts).toMatchObject({ total: order.total_amount, paid: order.total_amount, due_on_delivery: 0, refunds: [{ amount: 500, state: 'done' }] });
    expect(amounts.exchanges).toEqual([
      {
        name: 'Kurta',
        name_bn: 'কুর্তা',
        quantity: 1,
        from: [{ name: 'Size', name_bn: 'সাইজ', value: 'M', value_bn: 'এম' }],
        to: [{ name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' }],
        state: 'requested',
      },
    ]);
  });
});
