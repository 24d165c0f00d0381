import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { advanceStaff, useAdvanceBkash } from './support/advance';
import { dhakaGuest, makeOrder, makeProduct, makeUser, stockOf, sylhetGuest, useTestApp, type TestContext } from './support';

/**
 * Issue 44 (decision 0130): the checkout's preview of the partial advance, before anything is pressed. It answers
 * exactly what the order then asks (the same steps decide both), for each part of the owner's rule, and reserves
 * and writes nothing. Bad input is refused in words.
 */
const { env } = useAdvanceBkash();

let shopper = 0;
function helpers(t: TestContext) {
  const db = () => t.database.db;
  const { setRule } = advanceStaff(t);
  const from = () => t.api().from(`10.130.${Math.floor(++shopper / 250)}.${shopper % 250}`);
  const preview = (body: object) => from().post('/api/order/advance', { guest_user_delivery_address: dhakaGuest, ...body });
  const order = (body: object) => from().post('/api/order', { method: 'CASH-ON-DELIVERY', guest_user_delivery_address: dhakaGuest, ...body });
  const orderCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
  /** The preview's split, then the order placed with the same body: its advance and total must be the preview's. */
  const previewThenOrder = async (body: object) => {
    const res = await preview(body);
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json().data;
    const placed = (await order(body)).json().data;
    expect({ total: placed.total_amount, advance: placed.advance_amount ?? 0 }).toEqual({ total: split.total, advance: split.advance });
    return split;
  };
  return { db, setRule, preview, order, orderCount, previewThenOrder };
}

describe('the advance preview with bKash configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);

  it('the delivery charge for everyone: the split shown is the order’s, and the preview reserves and writes nothing', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const before = await h.orderCount();
    const res = await h.preview({ list_items: [{ product_id: product.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ total: 2050, advance: 50, due_on_delivery: 2000 });
    expect([await stockOf(h.db(), product.id), await h.orderCount()]).toEqual([5, before]);
    // Outside Dhaka the fee, and so the advance, is the outside one.
    expect(await h.previewThenOrder({ list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest })).toEqual({ total: 1100, advance: 100, due_on_delivery: 1000 });
  });

  it('first-time, risky, above a total and a pre-order: each previews what the order asks', async () => {
    const product = await makeProduct(h.db(), { price: 995, stock: 20 });
    await h.setRule({ kind: 'percent', value: 10, who: 'first-time' });
    await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 995 }], status: 'Delivered' });
    expect(await h.previewThenOrder({ list_items: [{ product_id: product.id, quantity: 1 }] })).toEqual({ total: 1045, advance: 0, due_on_delivery: 1045 });
    expect(await h.previewThenOrder({ list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest })).toEqual({ total: 1095, advance: 110, due_on_delivery: 985 });

    await h.setRule({ kind: 'fixed', value: 300, who: 'risky' });
    for (let i = 0; i < 3; i++) await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 995 }], status: 'Return' });
    expect(await h.previewThenOrder({ list_items: [{ product_id: product.id, quantity: 1 }] })).toEqual({ total: 1045, advance: 300, due_on_delivery: 745 });

    await h.setRule({ kind: 'percent', value: 50, who: 'above', above: 1000 });
    const later = await makeProduct(h.db(), { price: 2000, stock: 9, shipsOn: '2027-01-15' });
    // 2000 + 50 = 2050: 50 % would be 1025; a pre-order takes at most ⌊205⌋.
    expect(await h.previewThenOrder({ list_items: [{ product_id: later.id, quantity: 1 }] })).toEqual({ total: 2050, advance: 205, due_on_delivery: 1845 });
  });

  it('a signed-in shopper’s own address; bad input is refused in words and changes nothing', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 500, stock: 5 });
    const before = await h.orderCount();
    const noAddress = await t.api().post('/api/order/advance', { list_items: [{ product_id: product.id, quantity: 1 }] });
    expect([noAddress.statusCode, noAddress.json().message]).toEqual([400, 'Please add a delivery address.']);
    const noLines = await h.preview({ list_items: [] });
    expect([noLines.statusCode, noLines.json().message]).toEqual([400, 'Add at least one product.']);
    const user = await makeUser(h.db(), t.config, 'USER');
    const mine = await t.api().as(user).post('order/advance', { list_items: [{ product_id: product.id, quantity: 1 }], addressId: 'not-mine' });
    expect(mine.statusCode).toBe(404);
    expect([await stockOf(h.db(), product.id), await h.orderCount()]).toEqual([5, before]);
  });
});

describe('the advance preview without bKash', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('no gateway takes an advance: all of it is due on delivery, as the order says', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    expect(await h.previewThenOrder({ list_items: [{ product_id: product.id, quantity: 1 }] })).toEqual({ total: 1050, advance: 0, due_on_delivery: 1050 });
  });
});
