import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, orders } from '../src/db/schema';
import { dhakaGuest, makeProduct, makeUser, useTestApp } from './support';

/**
 * Issue 19: a delivery address names who receives the parcel, and the order
 * carries that name to the invoice, label, courier and SMS. Clients that send
 * no name keep working.
 */
const t = useTestApp();
const home = { name: 'Karim Ahmed', address_line: 'House 12, Road 5, Dhanmondi', city: 'Dhaka', mobile: '01712345678' };
const stored = async (id: string) => (await t.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;
const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]!;

describe('the recipient name in the address book', () => {
  it('is saved, listed and edited; a client that sends no name keeps the saved one', async () => {
    const c = t.api();
    const s = await c.signUp();
    const me = c.as(s.access);
    const added = await me.post('address/add-address', home);
    expect(added.statusCode).toBe(201);
    const a = added.json().data;
    expect(a).toMatchObject(home);
    expect((await stored(a._id)).name).toBe('Karim Ahmed');

    await me.post('address/edit-address', { ...home, name: 'Salma Begum', id: a._id });
    expect((await me.get('address/get-address')).json().data[0]).toMatchObject({ name: 'Salma Begum' });

    // An older client edits without a name: the address keeps it.
    const { name: _name, ...withoutName } = home;
    const old = await me.post('address/edit-address', { ...withoutName, city: 'Dhaka-1209', id: a._id });
    expect(old.statusCode).toBe(200);
    expect(await stored(a._id)).toMatchObject({ name: 'Salma Begum', city: 'Dhaka-1209' });

    // And adds without one: saved with no name.
    const plain = (await me.post('address/add-address', withoutName)).json().data;
    expect((await stored(plain._id)).name).toBe('');
  });

  it('refuses a name over 100 characters with a clear 400 and changes nothing', async () => {
    const c = t.api();
    const s = await c.signUp();
    const me = c.as(s.access);
    const a = (await me.post('address/add-address', home)).json().data;
    const long = 'ক'.repeat(101);
    const res = await me.post('address/edit-address', { ...home, name: long, id: a._id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Name is too long' });
    expect((await stored(a._id)).name).toBe('Karim Ahmed');
    const add = await me.post('address/add-address', { ...home, name: long });
    expect(add.statusCode).toBe(400);
    expect((await me.get('address/get-address')).json().data).toHaveLength(1);
  });
});

describe('the recipient name on orders', () => {
  it("a guest's order keeps the name in its address snapshot and as the order's customer name", async () => {
    const p = await makeProduct(t.database.db, { price: 500 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { ...dhakaGuest, name: '  রহিম উদ্দিন ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ customer_name: 'রহিম উদ্দিন', guest_user_delivery_address: { ...dhakaGuest, name: 'রহিম উদ্দিন' } });
    expect(await orderRow(res.json().data.orderId)).toMatchObject({ customerName: 'রহিম উদ্দিন', guestDeliveryAddress: { ...dhakaGuest, name: 'রহিম উদ্দিন' } });
  });

  it('a guest client that sends no name (or a blank one) still orders, with no name on it', async () => {
    const p = await makeProduct(t.database.db, { price: 500 });
    for (const address of [dhakaGuest, { ...dhakaGuest, name: '   ' }]) {
      const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: address });
      expect(res.statusCode).toBe(201);
      const row = await orderRow(res.json().data.orderId);
      expect(row.customerName).toBe('');
      expect(row.guestDeliveryAddress).toEqual(dhakaGuest);
    }
  });

  it("a signed-in shopper's order takes the saved address's name, and the invoice and label data print it", async () => {
    const c = t.api();
    const s = await c.signUp(undefined, undefined, 'Account Holder');
    const me = c.as(s.access);
    const a = (await me.post('address/add-address', { ...home, name: 'Nasrin Akter' })).json().data;
    const p = await makeProduct(t.database.db, { price: 500 });
    const res = await me.post('order', { method: 'CASH-ON-DELIVERY', addressId: a._id, list_items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.delivery_address).toEqual({ ...home, name: 'Nasrin Akter' });
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const printed = await t.api().as(admin).get(`order/print?ids=${res.json().data.orderId}`);
    expect(printed.json().data[0]).toMatchObject({ customer_name: 'Nasrin Akter' });

    // Renaming the address later does not rewrite the order.
    await me.post('address/edit-address', { ...home, name: 'Someone Else', id: a._id });
    expect((await orderRow(res.json().data.orderId)).customerName).toBe('Nasrin Akter');
  });

  it('an address saved without a name prints the account name, as before', async () => {
    const c = t.api();
    const s = await c.signUp(undefined, undefined, 'Account Holder');
    const me = c.as(s.access);
    const { name: _name, ...withoutName } = home;
    const a = (await me.post('address/add-address', withoutName)).json().data;
    const p = await makeProduct(t.database.db, { price: 500 });
    const res = await me.post('order', { method: 'CASH-ON-DELIVERY', addressId: a._id, list_items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.json().data.delivery_address).toEqual(withoutName);
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const printed = await t.api().as(admin).get(`order/print?ids=${res.json().data.orderId}`);
    expect(printed.json().data[0]).toMatchObject({ customer_name: 'Account Holder' });
  });
});
