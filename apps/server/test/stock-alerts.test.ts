import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { productVariants, stockAlerts } from '../src/db/schema';
import { queueDueAlerts } from '../src/modules/stock-alerts/service';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import type { Jobs } from '../src/lib/jobs';
import { dhakaGuest, makeProduct, makeUser, startJobs, useTestApp } from './support';

/** Issue 45, decision 0116: "tell me when it is back", the stock trigger, the queue and the SMS, against the SMS fake. */
describe('back-in-stock alerts', () => {
  let fake: FakeBulkSmsBd;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
    Object.assign(env, { SMS_BASE_URL: fake.baseUrl, SMS_API_KEY: fake.apiKey, SMS_SENDER_ID: fake.senderId, SHOP_NAME: 'Haat', PUBLIC_URL: 'https://haat.example' });
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  beforeEach(() => {
    queue = null;
  });
  let ip = 0;
  const api = () => t.api().from(`10.45.0.${++ip}`);
  const ask = (body: object, lang = 'bn') => api().post('stock-alert', body, { headers: { 'accept-language': lang } });
  // The periodic run, as the app's schedule runs it, queuing on the app's own queue (its worker sends).
  let queue: Jobs | null = null;
  const queueDue = async () => queueDueAlerts({ db: t.database.db, jobs: (queue ??= await startJobs(t.database, t.config.JOBS_QUEUE, () => {}, { worker: false })) });
  const textsTo = (mobile: string) => fake.state.messages.filter((m) => m.number === `88${mobile}`);
  const alertRows = async (variantId: string) =>
    t.database.db.select().from(stockAlerts).where(eq(stockAlerts.variantId, variantId)).orderBy(stockAlerts.createdAt, stockAlerts.id);
  const setStock = (variantId: string, stock: number) => t.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));

  it('takes a request on a sold-out product once per mobile, and refuses one in stock or unknown, storing nothing', async () => {
    const soldOut = await makeProduct(t.database.db, { name: 'Cotton Kurta', nameBn: 'সুতির কুর্তা', stock: 0 });
    const inStock = await makeProduct(t.database.db, { stock: 3 });
    const first = await ask({ product_id: soldOut.id, mobile: '01711000001' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'We will text you when it is back.', data: { product_id: soldOut.id, variant_id: soldOut.id, mobile: '017•••••001', already: false } });
    const again = await ask({ product_id: soldOut.id, mobile: '+8801711000001' });
    expect(again.json().data).toMatchObject({ _id: first.json().data._id, already: true });
    expect(await alertRows(soldOut.id)).toHaveLength(1);

    const refused = await ask({ product_id: inStock.id, mobile: '01711000001' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STOCK_ALERT_IN_STOCK', message: 'This is in stock now: you can order it.' });
    expect((await ask({ product_id: 'nope', mobile: '01711000001' })).json()).toMatchObject({ code: 'STOCK_ALERT_UNKNOWN' });
    const badMobile = await ask({ product_id: soldOut.id, mobile: '0171' });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().message).toBe('Valid mobile number required');
    expect((await ask({ product_id: soldOut.id })).json()).toMatchObject({ code: 'STOCK_ALERT_MOBILE_REQUIRED' });
    expect(await alertRows(inStock.id)).toHaveLength(0);
    expect(await alertRows(soldOut.id)).toHaveLength(1);
  });

  it('a signed-in shopper may leave the mobile out when the account has one', async () => {
    const p = await makeProduct(t.database.db, { stock: 0 });
    const user = await makeUser(t.database.db, t.config);
    await t.database.db.execute(sql`UPDATE users SET mobile = '01911000009' WHERE id = ${user.id}`);
    const res = await api().as(user).post('stock-alert', { product_id: p.id });
    expect(res.statusCode).toBe(201);
    expect((await alertRows(p.id))[0]).toMatchObject({ mobile: '01911000009', userId: user.id });
  });

  it('texts the oldest requests when stock comes back, as many as the units, once each, in the language asked', async () => {
    const p = await makeProduct(t.database.db, { name: 'Cotton Kurta', nameBn: 'সুতির কুর্তা', stock: 0 });
    await ask({ product_id: p.id, mobile: '01711000011' }, 'bn');
    await ask({ product_id: p.id, mobile: '01711000012' }, 'en');
    await ask({ product_id: p.id, mobile: '01711000013' }, 'bn');
    // The owner's edit brings 2 back (the product row; its default variant follows, migration 0047).
    await t.database.db.execute(sql`UPDATE products SET stock = 2 WHERE id = ${p.id}`);
    expect((await alertRows(p.id)).map((a) => a.status)).toEqual(['due', 'due', 'waiting']);
    expect(await queueDue()).toBe(2);
    expect(await queueDue()).toBe(0);
    await vi.waitFor(async () => expect((await alertRows(p.id)).map((a) => a.status)).toEqual(['sent', 'sent', 'waiting']), { timeout: 10_000 });
    const link = `https://haat.example/product/cotton-kurta-${p.id}`;
    expect(textsTo('01711000011').map((m) => m.message)).toEqual([`Haat: সুতির কুর্তা আবার স্টকে এসেছে। ${link}`]);
    expect(textsTo('01711000012').map((m) => m.message)).toEqual([`Haat: Cotton Kurta is back in stock. ${link}`]);
    expect(textsTo('01711000013')).toEqual([]);
    // Sold out and back again: the third request now; the two sent ones are never texted again.
    await setStock(p.id, 0);
    await setStock(p.id, 5);
    expect(await queueDue()).toBe(1);
    await vi.waitFor(async () => expect((await alertRows(p.id)).map((a) => a.status)).toEqual(['sent', 'sent', 'sent']), { timeout: 10_000 });
    expect(textsTo('01711000011')).toHaveLength(1);
    expect(textsTo('01711000013')).toHaveLength(1);
  });

  it('concurrent restocks: each request is texted exactly once, capped by the units that came back', async () => {
    const p = await makeProduct(t.database.db, { stock: 0 });
    const mobiles = Array.from({ length: 6 }, (_, i) => `0181100002${i}`);
    for (const mobile of mobiles) await ask({ product_id: p.id, mobile });
    // Two orders' stock given back at once (a cancel, a return's receipt) and a restock of 2: 4 units, 4 requests.
    await Promise.all([1, 1, 2].map((n) => t.database.db.execute(sql`UPDATE product_variants SET stock = stock + ${n} WHERE id = ${p.id}`)));
    expect((await alertRows(p.id)).map((a) => a.status)).toEqual(['due', 'due', 'due', 'due', 'waiting', 'waiting']);
    // Two periodic runs at once never queue one request twice.
    const queued = await Promise.all([queueDue(), queueDue()]);
    expect(queued[0]! + queued[1]!).toBe(4);
    await vi.waitFor(async () => expect((await alertRows(p.id)).filter((a) => a.status === 'sent')).toHaveLength(4), { timeout: 10_000 });
    expect(mobiles.map((m) => textsTo(m).length)).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('a placed order then a cancel: the units given back text the waiting request', async () => {
    const p = await makeProduct(t.database.db, { stock: 1, price: 500 });
    const placed = await api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest, consent: true });
    expect(placed.statusCode).toBe(201);
    await ask({ product_id: p.id, mobile: '01611000031' });
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await api().as(admin).patch(`order/update-status/${placed.json().data._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    expect((await alertRows(p.id))[0]!.status).toBe('due');
  });

  it('shows the owner the sold-out variants most asked for', async () => {
    const a = await makeProduct(t.database.db, { name: 'Asked twice', stock: 0 });
    const b = await makeProduct(t.database.db, { name: 'Asked once', stock: 0 });
    await ask({ product_id: a.id, mobile: '01511000041' });
    await ask({ product_id: a.id, mobile: '01511000042' });
    await ask({ product_id: b.id, mobile: '01511000043' });
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const res = await api().as(owner).get('stock-alert/most-asked');
    expect(res.json().data.map((r: { name: string; waiting: number }) => [r.name, r.waiting])).toEqual([['Asked twice', 2], ['Asked once', 1]]);
    expect((await api().get('stock-alert/most-asked')).statusCode).toBe(401);
  });

  it('a wishlist: kept per account, merged from the browser at sign-in, its sold-out items alerted to the account’s mobile', async () => {
    const user = await makeUser(t.database.db, t.config);
    await t.database.db.execute(sql`UPDATE users SET mobile = '01911000077' WHERE id = ${user.id}`);
    const inStock = await makeProduct(t.database.db, { name: 'Sari', stock: 4 });
    const soldOut = await makeProduct(t.database.db, { name: 'Kurta', stock: 0 });
    const added = await api().as(user).post('wishlist', { product_id: inStock.id });
    expect(added.json()).toMatchObject({ message: 'Saved to your wishlist.', data: [{ product_id: inStock.id, variant_id: inStock.id, name: 'Sari', stock: 4 }] });
    expect((await api().as(user).post('wishlist', { product_id: 'nosuch' })).json()).toMatchObject({ code: 'STOCK_ALERT_UNKNOWN' });
    // The guest's browser list joins at sign-in: unknown items are left out, one already there is not doubled.
    const merged = await api().as(user).post('wishlist/merge', { items: [{ product_id: soldOut.id }, { product_id: inStock.id }, { product_id: 'gone' }] }, { headers: { 'accept-language': 'en' } });
    expect(merged.json().data.map((i: { name: string }) => i.name)).toEqual(['Sari', 'Kurta']);
    expect((await alertRows(soldOut.id)).map((a) => [a.mobile, a.userId, a.lang, a.status])).toEqual([['01911000077', user.id, 'en', 'waiting']]);
    // Another shopper sees none of it; removing leaves the rest.
    const other = await makeUser(t.database.db, t.config);
    expect((await api().as(other).get('wishlist')).json().data).toEqual([]);
    expect((await api().as(other).delete(`wishlist/${soldOut.id}`)).json().data).toEqual([]);
    expect((await api().as(user).delete(`wishlist/${inStock.id}`)).json().data.map((i: { name: string }) => i.name)).toEqual(['Kurta']);
    // The owner's list counts it on the wishlist and waiting.
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await api().as(owner).get('stock-alert/most-asked')).json().data).toMatchObject([{ name: 'Kurta', waiting: 1, wishlisted: 1 }]);
    // Back in stock: the account's mobile is texted once, in English.
    await setStock(soldOut.id, 1);
    expect(await queueDue()).toBe(1);
    await vi.waitFor(() => expect(textsTo('01911000077').map((m) => m.message)).toEqual([`Haat: Kurta is back in stock. https://haat.example/product/kurta-${soldOut.id}`]), { timeout: 10_000 });
  });
});
