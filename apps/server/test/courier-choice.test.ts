import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courierRules, shipments } from '../src/db/schema';
import { startRedxFake, type RedxFake } from './fakes/redx';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { useTestApp, dhakaGuest, makeProduct, makeUser, sylhetGuest } from './support';

const REDX_TOKEN = 'haat-redx-webhook-token-5f2a9c';

/**
 * Issue 46 (decision 0122): the owner's courier per district or zone with a fallback, the order card's
 * suggestion with each courier's price and the shop's delivered share with it in the district, and a bulk
 * booking that books each order with its suggested courier.
 */
describe('the courier by district', () => {
  let redx: RedxFake;
  let steadfast: SteadfastFake;
  const env: Record<string, string> = { REDX_WEBHOOK_TOKEN: REDX_TOKEN };
  beforeAll(async () => {
    redx = await startRedxFake();
    steadfast = await startSteadfastFake();
    Object.assign(env, {
      REDX_BASE_URL: redx.baseUrl,
      REDX_ACCESS_TOKEN: redx.token,
      REDX_PICKUP_STORE_ID: String(redx.pickupStoreId),
      REDX_PICKUP_AREA_ID: String(redx.pickupAreaId),
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
    });
  });
  afterAll(async () => {
    await redx?.close();
    await steadfast?.close();
  });
  const t = useTestApp(env);
  let shopper = 0;
  const ip = () => `10.47.${Math.floor(++shopper / 250)}.${shopper % 250}`;
  async function placeOrder(address: { address_line: string; city: string; mobile: string }) {
    const product = await makeProduct(t.database.db, { name: 'Gamchha', price: 400, stock: 20 });
    const res = await t.api().from(ip()).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number };
  }
  const admin = () => makeUser(t.database.db, t.config, 'ADMIN');
  const putRules = async (body: object) => t.api().put('/api/courier/rules', body, { headers: (await admin()).auth });
  const ruleRows = async () => (await t.database.db.select({ n: count() }).from(courierRules))[0]!.n;

  it('saves the rules with an audit entry; bad input changes nothing and says why', async () => {
    const saved = await putRules({ rules: [{ area: 'dhaka', provider: 'redx' }, { area: 'outside_dhaka', provider: 'steadfast' }], fallback: 'steadfast' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Couriers by district saved.');
    expect(saved.json().data).toEqual({ rules: [{ area: 'dhaka', provider: 'redx' }, { area: 'outside_dhaka', provider: 'steadfast' }], fallback: 'steadfast' });
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'courier_rules'));
    expect(audited).toHaveLength(1);
    expect(await ruleRows()).toBe(3);

    for (const [body, message] of [
      [{ rules: [{ area: 'atlantis', provider: 'redx' }], fallback: null }, 'Choose a district or a zone.'],
      [{ rules: [{ area: 'sylhet', provider: 'redx' }, { area: 'sylhet', provider: 'steadfast' }], fallback: null }, 'Each district or zone may have one courier only.'],
      [{ rules: [{ area: 'sylhet', provider: 'dhl' }], fallback: null }, 'Choose a courier: steadfast, pathao, redx or paperfly.'],
      [{ rules: [{ area: 'sylhet', provider: 'pathao' }], fallback: null }, 'Pathao is not set up on this shop.'],
    ] as const) {
      const res = await putRules(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await ruleRows()).toBe(3);
    const read = await t.api().get('/api/courier/rules', { headers: (await admin()).auth });
    expect(read.json().data.fallback).toBe('steadfast');
    const staff = await makeUser(t.database.db, t.config, 'USER');
    expect((await t.api().put('/api/courier/rules', { rules: [], fallback: null }, { headers: staff.auth })).statusCode).toBe(403);
  });

  it("suggests the district's courier on the card with each courier's price and the shop's delivered share there", async () => {
    await putRules({ rules: [{ area: 'dhaka', provider: 'redx' }], fallback: 'steadfast' });
    // History: two RedX parcels in Dhaka delivered, one returned; one Steadfast parcel in Sylhet delivered.
    const a = await admin();
    const past: string[] = [];
    for (const mobile of ['01711111001', '01711111002', '01711111003']) {
      const o = await placeOrder({ ...dhakaGuest, mobile });
      expect((await t.api().post(`/api/order/${o._id}/courier`, { provider: 'redx' }, { headers: a.auth })).statusCode).toBe(200);
      past.push(o._id);
    }
    const url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/courier/redx/webhook`;
    const ids = (await t.database.db.select().from(shipments)).filter((s) => past.includes(s.orderId)).map((s) => s.consignmentId);
    await redx.event(url, REDX_TOKEN, ids[0]!, 'delivered');
    await redx.event(url, REDX_TOKEN, ids[1]!, 'delivered');
    await redx.event(url, REDX_TOKEN, ids[2]!, 'returned');

    const order = await placeOrder({ ...dhakaGuest, mobile: '01711111004' });
    const res = await t.api().get(`/api/order/${order._id}/courier`, { headers: a.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      city_id: null,
      zone_id: null,
      district: 'dhaka',
      suggested: 'redx',
      rule: 'district',
      options: [
        // Steadfast has no price API: the rate card's (its default inside Dhaka, 80 taka and 1 % of the COD; decision 0129).
        { provider: 'steadfast', price: 80 + Math.round(order.total_amount * 0.01), price_source: 'rate_card', delivered: 0, finished: 0 },
        { provider: 'redx', price: 60 + Math.round(order.total_amount * 0.01), price_source: 'courier', delivered: 2, finished: 3 },
      ],
    });

    const sylhet = await placeOrder({ ...sylhetGuest, mobile: '01711111005' });
    const other = (await t.api().get(`/api/order/${sylhet._id}/courier`, { headers: a.auth })).json().data;
    expect(other).toMatchObject({ district: 'sylhet', suggested: 'steadfast', rule: 'fallback' });
  });

  it('bulk-books each order with its suggested courier; an address no rule covers is refused alone', async () => {
    await putRules({ rules: [{ area: 'dhaka', provider: 'redx' }, { area: 'sylhet', provider: 'steadfast' }], fallback: null });
    const dhaka = await placeOrder({ ...dhakaGuest, mobile: '01711111006' });
    const sylhet = await placeOrder({ ...sylhetGuest, mobile: '01711111007' });
    const nowhere = await placeOrder({ address_line: 'Station road', city: 'Khulna', mobile: '01711111008' });
    const res = await t.api().post('/api/courier/book', { provider: 'suggested', orderIds: [dhaka._id, sylhet._id, nowhere._id] }, { headers: (await admin()).auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 of 3 booked.');
    const rows = res.json().data as { orderId: string; ok: boolean; code: string; courier: { provider: string } | null }[];
    expect(rows.map((r) => [r.orderId, r.ok, r.code, r.courier?.provider ?? null])).toEqual([
      [dhaka._id, true, 'BOOKED', 'redx'],
      [sylhet._id, true, 'BOOKED', 'steadfast'],
      [nowhere._id, false, 'COURIER_NO_SUGGESTION', null],
    ]);
    const stored = await t.database.db.select().from(shipments).where(eq(shipments.orderId, dhaka._id));
    expect(stored[0]!.district).toBe('dhaka');
  });
});
