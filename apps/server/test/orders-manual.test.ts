import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { useTestApp, dhakaGuest, makeAddress, makeProduct, makeUser, stockOf } from './support';

/** Issue 13: orders taken by phone or Messenger, and the data the invoice and label pages print. */
describe('POST /api/order/manual', () => {
  const t = useTestApp();
  const customer = { name: 'Rahima Khatun', address_line: 'Zindabazar, House 4', city: 'Sylhet', mobile: '01812345678' };
  const manual = (headers: Record<string, string>, payload: object) => t.api().post('/api/order/manual', payload, { headers });
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

  it('places the order by the server’s prices, fee and stock, marked source "admin" with the buyer’s name', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const saree = await makeProduct(t.database.db, { name: 'Jamdani Saree', price: 5000, discount: 10, stock: 4 });
    const res = await manual(admin.auth, { customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: saree.id, quantity: 2, price: 1 }], totalAmt: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      userId: null,
      source: 'admin',
      customer_name: 'Rahima Khatun',
      payment_status: 'CASH-ON-DELIVERY',
      mobile: '01812345678',
      subTotal_amount: 9000,
      delivery_fee: 100,
      total_amount: 9100,
      guest_user_delivery_address: { address_line: 'Zindabazar, House 4', city: 'Sylhet', mobile: '01812345678' },
    });
    expect(await stockOf(t.database.db, saree.id)).toBe(2);

    // All Orders shows it like any other, marked as entered by the admin.
    const list = await t.api().get('/api/order/get-all-order?page=1', { headers: admin.auth });
    expect(list.json().data).toMatchObject([{ source: 'admin', customer_name: 'Rahima Khatun' }]);
  });

  it('a paid order keeps its transaction id; a repeat with the same Idempotency-Key answers the first order', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const p = await makeProduct(t.database.db, { price: 700, stock: 3 });
    const body = { customer: { ...customer, city: 'Dhaka' }, method: 'bkash', transaction_id: '6H7801QFYM', list_items: [{ product_id: p.id, quantity: 1 }] };
    const headers = { ...admin.auth, 'idempotency-key': 'phone-order-1' };
    const first = await manual(headers, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ payment_status: 'bkash', transaction_id: '6H7801QFYM', delivery_fee: 50, total_amount: 750 });
    const again = await manual(headers, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await stockOf(t.database.db, p.id)).toBe(2);
    // The same key for another buyer is a different order: refused, nothing made.
    const other = await manual(headers, { ...body, customer: { ...body.customer, name: 'Someone else' } });
    expect(other.statusCode).toBe(409);
    expect(await orderCount()).toBe(1);
  });

  it('refuses bad input and short stock with a clear message and changes nothing', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const p = await makeProduct(t.database.db, { name: 'Hilsa', price: 1200, stock: 1 });
    const cases: [object, number, string][] = [
      [{ customer: { ...customer, name: ' ' }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }] }, 400, "Enter the buyer's name"],
      [{ customer: { ...customer, mobile: '01812' }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }] }, 400, 'Mobile number must be exactly 11 digits'],
      [{ customer, method: 'CASH-ON-DELIVERY', list_items: [] }, 400, 'Add at least one product.'],
      [{ customer, method: 'cheque', list_items: [{ product_id: p.id, quantity: 1 }] }, 400, 'Select a method'],
      [{ customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 2 }] }, 409, 'Not enough stock for Hilsa.'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await manual(admin.auth, payload);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t.database.db, p.id)).toBe(1);
  });

  it('is for the admin only', async () => {
    const user = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db);
    const res = await manual(user.auth, { customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(403);
    expect(await orderCount()).toBe(0);
  });
});

describe('GET /api/order/print', () => {
  const t = useTestApp();

  it('answers the asked orders by id or order number, in that order, with the buyer’s name', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const shopper = await makeUser(t.database.db, t.config);
    await t.database.db.execute(`update users set name = 'Karim Ahmed' where id = '${shopper.id}'`);
    const addressId = await makeAddress(t.database.db, shopper.id, { city: 'Chattogram' });
    const p = await makeProduct(t.database.db, { price: 400, stock: 10 });
    const mine = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', addressId, list_items: [{ product_id: p.id, quantity: 1 }] }, { headers: shopper.auth });
    const guest = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', guest_user_delivery_address: dhakaGuest, list_items: [{ product_id: p.id, quantity: 1 }] });
    const a = mine.json().data;
    const b = guest.json().data;

    const res = await t.api().get(`/api/order/print?ids=${b.orderId},${a._id},nosuchorder`, { headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { _id: string; customer_name: string }) => [o._id, o.customer_name])).toEqual([
      [b._id, ''],
      [a._id, 'Karim Ahmed'],
    ]);
    // The name comes from the account only on this answer: the stored order is unchanged.
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, a._id));
    expect(stored!.customerName).toBe('');

    const none = await t.api().get('/api/order/print?ids=nosuchorder', { headers: admin.auth });
    expect([none.statusCode, none.json().message]).toEqual([404, 'No such orders.']);
    const empty = await t.api().get('/api/order/print?ids=,', { headers: admin.auth });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Choose at least one order.']);
  });
});
