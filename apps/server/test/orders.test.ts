import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, products } from '../src/db/schema';
import { dhakaGuest, makeAddress, makeProduct, makeUser, stockOf, sylhetGuest, useTestApp, type TestUser } from './support';

describe('POST /api/order', () => {
  const t = useTestApp();
  const api = t.api();
  // Each call comes from its own address, as different shoppers' would: the per-IP order limit has its own test.
  const order = (payload: object, headers: Record<string, string> = {}) => t.api().post('order', payload, { headers });
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

  it('prices a guest order from the database, ignoring tampered prices, totals and userId', async () => {
    const shirt = await makeProduct(t.database.db, { name: 'Cotton T-Shirt', price: 1000, discount: 10, stock: 5 });
    const mug = await makeProduct(t.database.db, { name: 'Mug', price: 105, discount: 5, stock: 5 });
    const victim = await makeUser(t.database.db, t.config);
    const res = await order({
      method: 'CASH-ON-DELIVERY',
      userId: victim.id,
      totalAmt: 1,
      subTotalAmt: 1,
      list_items: [
        { ...shirt, _id: shirt.id, price: 1, discount: 99, name: 'Free shirt', quantity: 2 },
        { product_id: mug.id, price: 0, quantity: 3 },
      ],
      guest_user_delivery_address: dhakaGuest,
      note: 'Ring the bell',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Order placed successfully.' });
    // 2 × 900 + 3 × 99 = 2097, inside Dhaka 50
    expect(body.data).toMatchObject({
      userId: null,
      status: 'Pending',
      payment_status: 'CASH-ON-DELIVERY',
      mobile: dhakaGuest.mobile,
      subTotal_amount: 2097,
      delivery_fee: 50,
      total_amount: 2147,
      delivery_address: null,
      guest_user_delivery_address: dhakaGuest,
      note: 'Ring the bell',
    });
    expect(body.data.orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
    expect(body.data.product_details.map((i: { name: string; quantity: number; unit_price: number }) => [i.name, i.quantity, i.unit_price]).sort()).toEqual([
      ['Cotton T-Shirt', 2, 900],
      ['Mug', 3, 99],
    ]);

    const [stored] = await t.database.db.select().from(orders);
    expect(stored).toMatchObject({ userId: null, subTotalAmount: 2097, deliveryFee: 50, totalAmount: 2147, stockReserved: true });
    expect(await stockOf(t.database.db, shirt.id)).toBe(3);
    expect(await stockOf(t.database.db, mug.id)).toBe(2);
  });

  it("keeps each line's Bangla name as it was when ordered, beside the English one", async () => {
    const panjabi = await makeProduct(t.database.db, { name: 'Cotton Panjabi', nameBn: 'সুতি পাঞ্জাবি', price: 1500, stock: 5 });
    const mug = await makeProduct(t.database.db, { name: 'Mug', price: 100, stock: 5 });
    const res = await order({
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: panjabi.id, quantity: 1 }, { product_id: mug.id, quantity: 1 }],
      guest_user_delivery_address: dhakaGuest,
    });
    expect(res.statusCode).toBe(201);
    const names = (res.json().data.product_details as { name: string; name_bn: string }[]).map((i) => [i.name, i.name_bn]).sort();
    expect(names).toEqual([['Cotton Panjabi', 'সুতি পাঞ্জাবি'], ['Mug', '']]);
    // Renaming the product later does not rewrite the order.
    await t.database.db.update(products).set({ nameBn: 'নীল পাঞ্জাবি' }).where(eq(products.id, panjabi.id));
    const stored = await t.database.db.select({ nameBn: orderItems.nameBn }).from(orderItems).where(eq(orderItems.productId, panjabi.id));
    expect(stored).toEqual([{ nameBn: 'সুতি পাঞ্জাবি' }]);
  });

  it('charges the outside-Dhaka fee, or nothing with free delivery', async () => {
    const p = await makeProduct(t.database.db, { price: 300 });
    const outside = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest });
    expect(outside.json().data).toMatchObject({ subTotal_amount: 300, delivery_fee: 100, total_amount: 400 });

    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    await api.as(admin).put('delivery-settings', { insideDhaka: 70, outsideDhaka: 140, freeDelivery: false });
    const dhakaInLine = { ...sylhetGuest, address_line: 'Uttara, DHAKA', city: 'Savar' };
    const inside = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaInLine });
    expect(inside.json().data).toMatchObject({ delivery_fee: 70, total_amount: 370 });

    await api.as(admin).put('delivery-settings', { insideDhaka: 70, outsideDhaka: 140, freeDelivery: true });
    const free = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest });
    expect(free.json().data).toMatchObject({ delivery_fee: 0, total_amount: 300 });
  });

  it('charges the inside-Dhaka fee for ঢাকা and Dhaka-1207, and the outside fee for Gazipur in Dhaka Division', async () => {
    const p = await makeProduct(t.database.db, { price: 300, stock: 10 });
    const feeFor = async (address: { address_line: string; city: string }) => {
      const res = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { ...address, mobile: '01712345678' } });
      expect(res.statusCode).toBe(201);
      const [stored] = await t.database.db.select({ fee: orders.deliveryFee, total: orders.totalAmount }).from(orders).where(eq(orders.orderId, res.json().data.orderId));
      return stored;
    };
    expect(await feeFor({ address_line: 'বাড়ি ৭, রোড ২, মিরপুর', city: 'ঢাকা' })).toEqual({ fee: 50, total: 350 });
    expect(await feeFor({ address_line: 'House 7, Dhanmondi', city: 'Dhaka-1209' })).toEqual({ fee: 50, total: 350 });
    expect(await feeFor({ address_line: 'Board Bazar', city: 'Gazipur, Dhaka Division' })).toEqual({ fee: 100, total: 400 });
  });

  it("places a signed-in order from the cart at the user's own address and empties the cart", async () => {
    const user = await makeUser(t.database.db, t.config);
    const other = await makeUser(t.database.db, t.config);
    const addressId = await makeAddress(t.database.db, user.id, { address_line: 'Agrabad', city: 'Chattogram', mobile: '01999999999' });
    const a = await makeProduct(t.database.db, { name: 'Samsung Galaxy Case', price: 450 });
    const b = await makeProduct(t.database.db, { name: 'Notebook', price: 80, discount: 25 });
    for (const [p, quantity] of [[a, 1], [b, 4]] as const) {
      await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity });
    }
    const res = await order({ method: 'CASH-ON-DELIVERY', addressId, userId: other.id, totalAmt: 5 }, user.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      userId: user.id,
      subTotal_amount: 450 + 4 * 60,
      delivery_fee: 100,
      total_amount: 790,
      mobile: '01999999999',
      delivery_address: { address_line: 'Agrabad', city: 'Chattogram', mobile: '01999999999' },
      guest_user_delivery_address: null,
    });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);

    const mine = (await api.as(user).get('order/get-order')).json();
    expect(mine.data).toHaveLength(1);
    const theirs = (await api.as(other).get('order/get-order')).json();
    expect(theirs.data).toEqual([]);
  });

  it('holds only the Buy Now line when list_items names one product, paid by bKash', async () => {
    const user = await makeUser(t.database.db, t.config);
    const addressId = await makeAddress(t.database.db, user.id, { city: 'Khulna', address_line: 'KDA Avenue' });
    const inCart = await makeProduct(t.database.db, { name: 'In Cart' });
    const bought = await makeProduct(t.database.db, { name: 'Bought Now', price: 250, stock: 3 });
    await api.as(user).post('cart/add-to-cart', { product_id: inCart.id, quantity: 1 });

    const res = await order(
      { method: 'bkash', mobile: '01811112222', transaction_id: 'TX9ABC', addressId, list_items: [{ product_id: bought.id, quantity: 2 }] },
      user.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      payment_status: 'bkash',
      transaction_id: 'TX9ABC',
      mobile: '01811112222',
      subTotal_amount: 500,
      delivery_fee: 100,
      total_amount: 600,
    });
    expect(res.json().data.product_details.map((i: { name: string }) => i.name)).toEqual(['Bought Now']);
    expect(await stockOf(t.database.db, bought.id)).toBe(1);
    expect(await stockOf(t.database.db, inCart.id)).toBe(10);
    // Buying one thing now does not throw away what the shopper had in the cart.
    const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(cart.map((c) => [c.productId, c.quantity])).toEqual([[inCart.id, 1]]);

    // Buying now 1 of 3 units already in the cart takes only that 1 out of it.
    await api.as(user).post('cart/add-to-cart', { product_id: inCart.id, quantity: 2 });
    const now = await order({ method: 'CASH-ON-DELIVERY', addressId, list_items: [{ product_id: inCart.id, quantity: 1 }] }, user.auth);
    expect(now.statusCode).toBe(201);
    const after = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(after.map((c) => [c.productId, c.quantity])).toEqual([[inCart.id, 2]]);
  });

  it('asks a wallet payment for a valid mobile number and a method', async () => {
    const p = await makeProduct(t.database.db);
    const base = { list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    for (const mobile of [undefined, '', '0171234567', '0171234567a']) {
      const res = await order({ ...base, method: 'nagad', mobile });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Valid mobile number required');
    }
    const noMethod = await order({ ...base, method: 'paypal' });
    expect(noMethod.json().message).toBe('Select a method');
    const badGuest = await order({ ...base, method: 'CASH-ON-DELIVERY', guest_user_delivery_address: { ...dhakaGuest, mobile: '123' } });
    expect(badGuest.statusCode).toBe(400);
    expect(badGuest.json().message).toBe('Mobile number must be exactly 11 digits');
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t.database.db, p.id)).toBe(10);
  });

  it("refuses someone else's addressId and writes nothing", async () => {
    const user = await makeUser(t.database.db, t.config);
    const other = await makeUser(t.database.db, t.config);
    const othersAddress = await makeAddress(t.database.db, other.id);
    const p = await makeProduct(t.database.db);
    const res = await order({ method: 'CASH-ON-DELIVERY', addressId: othersAddress, list_items: [{ product_id: p.id, quantity: 1 }] }, user.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/address/);
    const missing = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }] }, user.auth);
    expect(missing.statusCode).toBe(400);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t.database.db, p.id)).toBe(10);
  });

  it('answers 409 naming the short product and writes nothing', async () => {
    const user = await makeUser(t.database.db, t.config);
    const addressId = await makeAddress(t.database.db, user.id);
    const plenty = await makeProduct(t.database.db, { name: 'Plenty', stock: 50 });
    const short = await makeProduct(t.database.db, { name: 'Short Supply', stock: 5 });
    for (const p of [plenty, short]) {
      await api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 4 });
    }
    // Someone else buys 2 of the short product meanwhile.
    await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: short.id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });

    const res = await order({ method: 'CASH-ON-DELIVERY', addressId }, user.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock for Short Supply.');
    expect(await orderCount()).toBe(1);
    expect(await t.database.db.select({ n: count() }).from(orderItems)).toEqual([{ n: 1 }]);
    expect(await stockOf(t.database.db, plenty.id)).toBe(50);
    expect(await stockOf(t.database.db, short.id)).toBe(3);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(2);
  });

  it('refuses an empty order, unknown products and quantities over the limit', async () => {
    const p = await makeProduct(t.database.db, { name: 'Limited', quantity: 2 });
    const empty = await order({ method: 'CASH-ON-DELIVERY', list_items: [], guest_user_delivery_address: dhakaGuest });
    expect(empty.json().message).toBe('Your cart is empty.');
    const unknown = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: 'nosuchthing', quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(unknown.statusCode).toBe(404);
    const over = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 3 }], guest_user_delivery_address: dhakaGuest });
    expect(over.json().message).toBe('You can order at most 2 of Limited.');
    for (const quantity of [9007199254740991, 2147483648, 1001]) {
      const huge = await order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity }], guest_user_delivery_address: dhakaGuest });
      expect({ quantity, status: huge.statusCode, message: huge.json().message }).toEqual({ quantity, status: 400, message: 'Quantity is too large.' });
    }
    // 100 lines of the same product at the line maximum merge to 100000: refused by the product's limit, not the integer column.
    const merged = await order({ method: 'CASH-ON-DELIVERY', list_items: Array.from({ length: 100 }, () => ({ product_id: p.id, quantity: 1000 })), guest_user_delivery_address: dhakaGuest });
    expect(merged.statusCode).toBe(400);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(t.database.db, p.id)).toBe(10);
  });

  it('answers the first order for a repeated Idempotency-Key, also when the repeats race', async () => {
    const p = await makeProduct(t.database.db, { stock: 10 });
    const payload = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const first = await order(payload, { 'idempotency-key': 'key-one' });
    const again = await order(payload, { 'idempotency-key': 'key-one' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderId).toBe(first.json().data.orderId);

    const racing = await Promise.all(Array.from({ length: 8 }, () => order(payload, { 'idempotency-key': 'key-two' })));
    expect(racing.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(racing.map((r) => r.json().data.orderId)).size).toBe(1);
    expect(await orderCount()).toBe(2);
    expect(await stockOf(t.database.db, p.id)).toBe(8);

    // The same key from someone else is not theirs to read.
    const user = await makeUser(t.database.db, t.config);
    const stranger = await order(payload, { 'idempotency-key': 'key-one', ...user.auth });
    expect(stranger.statusCode).toBe(409);
  });

  it("a guest reusing another guest's Idempotency-Key gets 409 and nothing of that order; the same guest's repeat gets the first order", async () => {
    const p = await makeProduct(t.database.db, { stock: 10 });
    const guestA = {
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: p.id, quantity: 2 }],
      guest_user_delivery_address: dhakaGuest,
      note: 'Leave it with the guard of House 7',
    };
    const first = await order(guestA, { 'idempotency-key': 'guest-key' });
    expect(first.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(orders);
    expect(stored!.requestHash).toMatch(/^[0-9a-f]{64}$/);

    // Guest B: same key, their own address and cart.
    const guestB = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest };
    for (const body of [guestB, { ...guestA, guest_user_delivery_address: sylhetGuest }, { ...guestA, note: '' }]) {
      const other = await order(body, { 'idempotency-key': 'guest-key' });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ success: false, data: null, message: 'This Idempotency-Key was already used for a different order.' });
      for (const secret of [dhakaGuest.mobile, dhakaGuest.address_line, guestA.note, first.json().data.orderId, first.json().data._id]) {
        expect(other.body).not.toContain(secret);
      }
    }
    expect(await orderCount()).toBe(1);
    expect(await stockOf(t.database.db, p.id)).toBe(8);
    expect((await t.database.db.select().from(orders))[0]).toMatchObject({ id: stored!.id, guestDeliveryAddress: dhakaGuest, note: guestA.note });

    // Guest A's retry of the identical request (keys in another order) is a true repeat.
    const { note, ...rest } = guestA;
    const retry = await order({ note, ...rest }, { 'idempotency-key': 'guest-key' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ _id: stored!.id, orderId: first.json().data.orderId, note: guestA.note });
    expect(await orderCount()).toBe(1);
    expect(await stockOf(t.database.db, p.id)).toBe(8);
  });

  it('limits orders per connection: the 31st in ten minutes gets 429 and writes nothing', async () => {
    const p = await makeProduct(t.database.db, { stock: 100, quantity: 100 });
    const payload = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const fromOneAddress = () => api.from('10.9.9.9').post('order', payload);
    for (let i = 0; i < 30; i++) expect((await fromOneAddress()).statusCode).toBe(201);
    const refused = await fromOneAddress();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many orders from this connection. Please wait a few minutes and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(await orderCount()).toBe(30);
    expect(await stockOf(t.database.db, p.id)).toBe(70);
    // Another shopper is not held back.
    expect((await order(payload)).statusCode).toBe(201);
  });
});

describe('managing orders', () => {
  const t = useTestApp();
  const api = t.api();
  let guest = 0;
  const guestOrder = async (productId: string, quantity: number) =>
    (
      await api.from(`10.3.0.${++guest}`).post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: productId, quantity }], guest_user_delivery_address: dhakaGuest })
    ).json().data;
  const setStatus = (who: TestUser | null, id: string, status: string) => api.as(who).patch(`order/update-status/${id}`, { status });

  it('lists all orders for an admin, newest first, filtered by status, 10 a page', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const p = await makeProduct(t.database.db, { stock: 100 });
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await guestOrder(p.id, 1));
    await setStatus(admin, placed[0]._id, 'Delivered');

    const page1 = (await api.as(admin).get('order/get-all-order?page=1')).json();
    expect(page1.data).toHaveLength(10);
    expect(page1.pagination).toMatchObject({ totalPages: 2, totalCount: 12 });
    expect(page1.data[0].orderId).toBe(placed[11].orderId);
    const page2 = (await api.as(admin).get('order/get-all-order?page=2')).json();
    expect(page2.data.map((o: { orderId: string }) => o.orderId)).toEqual([placed[1].orderId, placed[0].orderId]);

    const delivered = (await api.as(admin).get('order/get-all-order?status=Delivered')).json();
    expect(delivered.data.map((o: { orderId: string }) => o.orderId)).toEqual([placed[0].orderId]);
    expect(delivered.pagination.totalPages).toBe(1);
    const bad = await api.as(admin).get('order/get-all-order?status=Lost');
    expect(bad.statusCode).toBe(400);
  });

  it('gives stock back once on Cancel or Return and takes it again on leaving them', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const p = await makeProduct(t.database.db, { stock: 5 });
    const o = await guestOrder(p.id, 3);
    expect(await stockOf(t.database.db, p.id)).toBe(2);

    const cancelled = await setStatus(admin, o._id, 'Cancel');
    expect(cancelled.json()).toMatchObject({ success: true, message: 'Status updated successfully', data: { status: 'Cancel' } });
    expect(await stockOf(t.database.db, p.id)).toBe(5);
    await setStatus(admin, o._id, 'Return');
    await setStatus(admin, o._id, 'Cancel');
    expect(await stockOf(t.database.db, p.id)).toBe(5);

    await setStatus(admin, o._id, 'Pending');
    expect(await stockOf(t.database.db, p.id)).toBe(2);
    await setStatus(admin, o._id, 'Delivered');
    expect(await stockOf(t.database.db, p.id)).toBe(2);

    // Cancelled, then the stock is sold to someone else: reviving the order is refused.
    await setStatus(admin, o._id, 'Return');
    await guestOrder(p.id, 4);
    const revive = await setStatus(admin, o._id, 'Received');
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toMatch(/Not enough stock/);
    expect(await stockOf(t.database.db, p.id)).toBe(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row).toMatchObject({ status: 'Return', stockReserved: false });
  });

  it('deletes only Received, Cancel and Return orders', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const p = await makeProduct(t.database.db, { stock: 50 });
    const o = await guestOrder(p.id, 1);
    const del = () => api.as(admin).delete(`order/${o._id}`);
    for (const status of ['Pending', 'Delivered']) {
      await setStatus(admin, o._id, status);
      const res = await del();
      expect(res.statusCode).toBe(409);
    }
    await setStatus(admin, o._id, 'Received');
    const res = await del();
    expect(res.json()).toMatchObject({ success: true, message: 'Order deleted' });
    expect(await t.database.db.select().from(orders)).toEqual([]);
    expect(await t.database.db.select().from(orderItems)).toEqual([]);
    expect((await del()).statusCode).toBe(404);
    expect((await api.as(admin).delete('order/not-an-id')).statusCode).toBe(404);
  });

  it('keeps order management to admins', async () => {
    const user = await makeUser(t.database.db, t.config);
    const p = await makeProduct(t.database.db);
    const o = await guestOrder(p.id, 1);
    for (const who of [null, user]) {
      const expected = who ? 403 : 401;
      expect((await api.as(who).get('order/get-all-order')).statusCode).toBe(expected);
      expect((await setStatus(who, o._id, 'Cancel')).statusCode).toBe(expected);
      expect((await api.as(who).delete(`order/${o._id}`)).statusCode).toBe(expected);
    }
    expect((await api.get('order/get-order')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(orders);
    expect(row!.status).toBe('Pending');
    expect(await stockOf(t.database.db, p.id)).toBe(9);
  });

});
