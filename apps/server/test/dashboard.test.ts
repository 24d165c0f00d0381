import { describe, expect, it } from 'vitest';
import { productVariants } from '../src/db/schema';
import { makeOrder, makeProduct, makeShipment, makeUser, useTestApp } from './support';

const DAY = 86_400_000;
/** A product without options: no variant (issue 21). */
const plain = { variantId: null, sku: '', options: [] };
/** The Dhaka calendar day (UTC+6 all year) of an instant. */
const dhaka = (at: Date) => new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 10);

describe('/api/dashboard', () => {
  const t = useTestApp();
  const api = t.api();

  /** A small shop: four products, seven orders of known status, payment and age, five parcels. */
  async function seedShop() {
    const db = t.database.db;
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    const kettle = await makeProduct(db, { name: 'Kettle', price: 1000, stock: 2 });
    const saree = await makeProduct(db, { name: 'Jamdani saree', price: 2500, stock: 6 });
    const lamp = await makeProduct(db, { name: 'Hurricane lamp', price: 300, stock: 5 });
    const empty = await makeProduct(db, { name: 'Clay pot', price: 150, stock: 0 });
    const o1 = await makeOrder(db, { createdAt: ago(0), lines: [{ product: kettle, quantity: 2, unitPrice: 1000 }] });
    const o2 = await makeOrder(db, { createdAt: ago(0), status: 'Delivered', paymentStatus: 'bkash', paymentState: 'paid', lines: [{ product: saree, quantity: 1, unitPrice: 2500 }] });
    const o3 = await makeOrder(db, {
      createdAt: ago(1),
      status: 'Received',
      paymentStatus: 'nagad',
      lines: [
        { product: lamp, quantity: 3, unitPrice: 300 },
        { product: kettle, quantity: 1, unitPrice: 1000 },
      ],
    });
    const o4 = await makeOrder(db, { createdAt: ago(2), status: 'Cancel', lines: [{ product: saree, quantity: 4, unitPrice: 2500 }] });
    // Waiting for bKash: counted by status, not a sale.
    await makeOrder(db, { createdAt: ago(2), paymentStatus: 'bkash', paymentState: 'awaiting', lines: [{ product: lamp, quantity: 10, unitPrice: 300 }] });
    const o6 = await makeOrder(db, { createdAt: ago(3), status: 'Return', lines: [{ product: kettle, quantity: 5, unitPrice: 1000 }] });
    // Before the 30 days.
    const o7 = await makeOrder(db, { createdAt: ago(40), status: 'Delivered', lines: [{ product: saree, quantity: 9, unitPrice: 2500 }] });
    await makeShipment(db, o2.id, 'delivered', ago(0));
    await makeShipment(db, o3.id, 'picked', ago(1));
    await makeShipment(db, o6.id, 'returned', ago(3));
    await makeShipment(db, o4.id, 'cancelled', ago(2));
    await makeShipment(db, o7.id, 'returned', ago(40));
    return { kettle, saree, lamp, empty, o1, ago };
  }

  it('answers every figure of the last 30 days to an admin', async () => {
    const { kettle, saree, lamp, empty, ago } = await seedShop();
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const res = await api.as(admin).get('dashboard/summary?days=30');
    expect(res.statusCode).toBe(200);
    const s = res.json().data;

    expect(s).toMatchObject({ days: 30, from: dhaka(ago(29)), to: dhaka(ago(0)) });
    expect(s.salesPerDay).toHaveLength(30);
    expect(s.salesPerDay[0]).toEqual({ date: dhaka(ago(29)), orders: 0, taka: 0 });
    const nonZero = s.salesPerDay.filter((d: { orders: number }) => d.orders > 0);
    expect(nonZero).toEqual([
      { date: dhaka(ago(1)), orders: 1, taka: 1950 },
      { date: dhaka(ago(0)), orders: 2, taka: 2050 + 2550 },
    ]);
    expect(s.sales).toEqual({ orders: 3, taka: 6550 });
    expect(s.ordersByStatus).toEqual({ Pending: 2, Delivered: 1, Cancel: 1, Received: 1, Return: 1 });
    expect(s.topByUnits).toEqual([
      { productId: kettle.id, name: 'Kettle', units: 3, taka: 3000, ...plain },
      { productId: lamp.id, name: 'Hurricane lamp', units: 3, taka: 900, ...plain },
      { productId: saree.id, name: 'Jamdani saree', units: 1, taka: 2500, ...plain },
    ]);
    expect(s.topByTaka.map((p: { name: string }) => p.name)).toEqual(['Kettle', 'Jamdani saree', 'Hurricane lamp']);
    expect(s.lowStock).toEqual({
      threshold: 5,
      total: 3,
      products: [
        { productId: empty.id, name: 'Clay pot', stock: 0, ...plain },
        { productId: kettle.id, name: 'Kettle', stock: 2, ...plain },
        { productId: lamp.id, name: 'Hurricane lamp', stock: 5, ...plain },
      ],
    });
    expect(s.payments).toEqual({ cod: { orders: 1, taka: 2050 }, wallet: { orders: 2, taka: 4500 } });
    expect(s.returns).toEqual({ handed: 4, returned: 2, share: 0.5 });
  });

  it('lists low stock and top products per variant for a product with options (issue 21)', async () => {
    const db = t.database.db;
    const admin = await makeUser(db, t.config, 'ADMIN');
    const options = [{ name: 'Size', name_bn: 'সাইজ', values: ['M', 'L'].map((value) => ({ value, value_bn: '', swatch: '' })) }];
    const kurta = await makeProduct(db, { name: 'Kurta', price: 900, stock: 42, options });
    await db.insert(productVariants).values([
      { id: 'kurtam000000001', productId: kurta.id, position: 0, sku: 'KU-M', optionValues: ['M'], price: 900, stock: 40 },
      { id: 'kurtal000000001', productId: kurta.id, position: 1, sku: 'KU-L', optionValues: ['L'], price: 950, stock: 2 },
    ]);
    const size = (value: string) => [{ name: 'Size', name_bn: 'সাইজ', value, value_bn: '' }];
    await makeOrder(db, { lines: [{ product: kurta, quantity: 3, unitPrice: 950, variantId: 'kurtal000000001', sku: 'KU-L', options: size('L') }, { product: kurta, quantity: 1, unitPrice: 900, variantId: 'kurtam000000001', sku: 'KU-M', options: size('M') }] });
    const s = (await api.as(admin).get('dashboard/summary')).json().data;
    expect(s.topByUnits).toEqual([
      { productId: kurta.id, name: 'Kurta', units: 3, taka: 2850, variantId: 'kurtal000000001', sku: 'KU-L', options: size('L') },
      { productId: kurta.id, name: 'Kurta', units: 1, taka: 900, variantId: 'kurtam000000001', sku: 'KU-M', options: size('M') },
    ]);
    // Size L is low; the product's own summed stock (42) and size M (40) are not.
    expect(s.lowStock.products).toEqual([{ productId: kurta.id, name: 'Kurta', stock: 2, variantId: 'kurtal000000001', sku: 'KU-L', options: size('L') }]);
  });

  it('counts only the days asked for, and 30 days when none is given', async () => {
    await seedShop();
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const today = (await api.as(admin).get('dashboard/summary?days=1')).json().data;
    expect(today.salesPerDay).toHaveLength(1);
    expect(today.sales).toEqual({ orders: 2, taka: 4600 });
    expect(today.ordersByStatus).toEqual({ Pending: 1, Delivered: 1, Cancel: 0, Received: 0, Return: 0 });
    expect(today.topByUnits.map((p: { name: string; units: number }) => [p.name, p.units])).toEqual([['Kettle', 2], ['Jamdani saree', 1]]);
    expect(today.returns).toEqual({ handed: 1, returned: 0, share: 0 });

    const year = (await api.as(admin).get('dashboard/summary?days=365')).json().data;
    expect(year.sales).toEqual({ orders: 4, taka: 6550 + 9 * 2500 + 50 });
    expect(year.returns).toEqual({ handed: 5, returned: 3, share: 0.6 });

    const plain = (await api.as(admin).get('dashboard/summary')).json().data;
    expect(plain.days).toBe(30);
    expect(plain.salesPerDay).toHaveLength(30);
  });

  it('answers zeros for a shop with no orders', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const s = (await api.as(admin).get('dashboard/summary?days=7')).json().data;
    expect(s.salesPerDay.every((d: { orders: number; taka: number }) => d.orders === 0 && d.taka === 0)).toBe(true);
    expect(s).toMatchObject({
      sales: { orders: 0, taka: 0 },
      topByUnits: [],
      topByTaka: [],
      lowStock: { threshold: 5, total: 0, products: [] },
      payments: { cod: { orders: 0, taka: 0 }, wallet: { orders: 0, taka: 0 } },
      returns: { handed: 0, returned: 0, share: 0 },
    });
  });

  it('refuses a bad number of days with a clear 400', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    for (const days of ['0', 'abc', '366', '1.5', '-3']) {
      const res = await api.as(admin).get(`dashboard/summary?days=${days}`);
      expect({ days, status: res.statusCode, message: res.json().message }).toEqual({ days, status: 400, message: 'days must be a whole number from 1 to 365.' });
    }
  });

  it('is for admins only: a shopper gets 403 and a guest 401', async () => {
    const user = await makeUser(t.database.db, t.config);
    expect((await api.as(user).get('dashboard/summary')).statusCode).toBe(403);
    expect((await api.get('dashboard/summary')).statusCode).toBe(401);
    expect((await api.as(user).put('dashboard/settings', { lowStockThreshold: 1 })).statusCode).toBe(403);
    expect((await api.put('dashboard/settings', { lowStockThreshold: 1 })).statusCode).toBe(401);
  });

  it('lets the admin change the low-stock level, and refuses a bad one without changing it', async () => {
    const { empty } = await seedShop();
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    for (const lowStockThreshold of [-1, 1.5, 'many', 100_001, null]) {
      const res = await api.as(admin).put('dashboard/settings', { lowStockThreshold });
      expect({ lowStockThreshold, status: res.statusCode, message: res.json().message }).toEqual({
        lowStockThreshold,
        status: 400,
        message: 'The low-stock level must be a whole number from 0 to 100000.',
      });
    }
    expect((await api.as(admin).get('dashboard/summary')).json().data.lowStock.threshold).toBe(5);

    const saved = await api.as(admin).put('dashboard/settings', { lowStockThreshold: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Low-stock level saved.', data: { lowStockThreshold: 1 } });
    const low = (await api.as(admin).get('dashboard/summary')).json().data.lowStock;
    expect(low).toEqual({ threshold: 1, total: 1, products: [{ productId: empty.id, name: 'Clay pot', stock: 0, ...plain }] });
  });
});
