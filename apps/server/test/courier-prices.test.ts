import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperflyEnv, startPaperflyFake, type PaperflyFake } from './fakes/paperfly';
import { pathaoEnv, startPathaoFake, type PathaoFake } from './fakes/pathao';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { useTestApp, dhakaGuest, makeProduct, makeUser, sylhetGuest } from './support';

/**
 * Decision 0129: each courier's price on the order card says where it comes from: Pathao's price plan (its own
 * API), the owner's rate card for a courier without one (Steadfast), and none for a courier the card does not
 * cover (Paperfly); next to the shop's delivered share and the suggested courier.
 */
describe("the courier suggestion's prices", () => {
  let pathao: PathaoFake;
  let steadfast: SteadfastFake;
  let pf: PaperflyFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    [pathao, steadfast, pf] = await Promise.all([startPathaoFake(), startSteadfastFake(), startPaperflyFake()]);
    Object.assign(env, pathaoEnv(pathao), { STEADFAST_BASE_URL: steadfast.baseUrl, STEADFAST_API_KEY: steadfast.apiKey, STEADFAST_SECRET_KEY: steadfast.secretKey }, paperflyEnv(pf));
  });
  afterAll(async () => {
    await Promise.all([pathao?.close(), steadfast?.close(), pf?.close()]);
  });
  const t = useTestApp(env);
  let shopper = 0;
  const ip = () => `10.48.${Math.floor(++shopper / 250)}.${shopper % 250}`;
  async function placeOrder(address: { address_line: string; city: string; mobile: string }) {
    const product = await makeProduct(t.database.db, { name: 'Lungi', price: 850, stock: 20 });
    const res = await t.api().from(ip()).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number };
  }

  it("shows Pathao's price plan, the rate card's price for Steadfast and Paperfly (no price API), with the suggestion", async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await t.api().as(owner).put('courier/rules', { rules: [{ area: 'dhaka', provider: 'paperfly' }], fallback: 'steadfast' })).statusCode).toBe(200);
    const order = await placeOrder({ ...dhakaGuest, mobile: '01711112001' });
    const card = await t.api().as(owner).get(`order/${order._id}/courier`);
    expect(card.statusCode, card.body).toBe(200);
    const cod = Math.round(order.total_amount * 0.01);
    expect(card.json().data).toEqual({
      city_id: 1,
      zone_id: 12,
      district: 'dhaka',
      suggested: 'paperfly',
      rule: 'district',
      options: [
        { provider: 'steadfast', price: 80 + cod, price_source: 'rate_card', delivered: 0, finished: 0 },
        { provider: 'pathao', price: 60 + cod, price_source: 'courier', delivered: 0, finished: 0 },
        { provider: 'paperfly', price: 80 + cod, price_source: 'rate_card', delivered: 0, finished: 0 },
      ],
    });
    expect(pathao.calls.find((c) => c.path === '/merchant/price-plan')!.body).toEqual({ store_id: pathao.credentials.store_id, item_type: 2, delivery_type: 48, item_weight: 0.5, recipient_city: 1, recipient_zone: 12 });

    // The owner's own rate card, outside Dhaka: the card follows it.
    const rates = [{ provider: 'steadfast', zone: 'outside', deliveryCharge: 120, codFeePermille: 5, returnCharge: 60 }];
    expect((await t.api().as(owner).put('settlements/rates', { rates })).statusCode).toBe(200);
    const sylhet = await placeOrder({ ...sylhetGuest, mobile: '01811112002' });
    const far = (await t.api().as(owner).get(`order/${sylhet._id}/courier`)).json().data;
    expect(far).toMatchObject({ district: 'sylhet', suggested: 'steadfast', rule: 'fallback' });
    expect(far.options.find((o: { provider: string }) => o.provider === 'steadfast')).toEqual({ provider: 'steadfast', price: 120 + Math.round(sylhet.total_amount * 0.005), price_source: 'rate_card', delivered: 0, finished: 0 });
    // Pathao's fixture has no Sylhet: no city and zone, so no price plan; the rate card's default outside Dhaka instead.
    expect(far.options.find((o: { provider: string }) => o.provider === 'pathao')).toEqual({ provider: 'pathao', price: 130 + Math.round(sylhet.total_amount * 0.01), price_source: 'rate_card', delivered: 0, finished: 0 });
  });
});
