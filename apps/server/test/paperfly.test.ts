import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../src/integrations/http';
import { PaperflyClient, paperflyPlace } from '../src/integrations/paperfly/client';
import { bookOrders, pollShipments } from '../src/modules/courier/service';
import { paperflyEnv, startPaperflyFake, type PaperflyFake } from './fakes/paperfly';
import { courierJourney } from './support/courier-journey';
import { useTestApp, dhakaGuest } from './support';

/** The shop's shared secret, set in Paperfly's panel for its webhook. */
const SECRET = 'haat-paperfly-webhook-secret-7c1d';

describe('Paperfly: booking, thanas, webhooks, poll and tracking against its local fake', () => {
  let pf: PaperflyFake;
  const env: Record<string, string> = { PAPERFLY_WEBHOOK_SECRET: SECRET };
  beforeAll(async () => {
    pf = await startPaperflyFake();
    Object.assign(env, paperflyEnv(pf));
  });
  afterAll(async () => {
    await pf?.close();
  });
  const t = useTestApp(env);
  let listening: Promise<string> | null = null;
  const hookUrl = async () => `${await (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }))}/api/courier/paperfly/webhook`;
  beforeEach(() => pf.clearFaults());

  const { ip, placeOrder, admin, book, booked, orderRow, shipmentOf, eventsOf, directDeps } = courierJourney(t, 'paperfly', { name: 'Jamdani saree', price: 1500 }, 49);

  it("books a COD order with Paperfly's exact fields, headers, the pickup store, the thana found in the address and the amount due", async () => {
    const { order, courier } = await booked({ ...dhakaGuest, name: 'Rahima Khatun' });
    expect(courier).toMatchObject({ consignment_id: order.orderId, tracking_code: expect.stringMatching(/^PF\d+$/), status: 'order-placed', stage: 'booked' });
    const call = pf.calls.find((c) => c.path === '/OrderPlacement')!;
    expect(call.headers.paperflykey).toBe(pf.key);
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${pf.username}:${pf.password}`).toString('base64')}`);
    expect(call.body).toEqual({
      merOrderRef: order.orderId,
      pickMerchantName: 'Haat Dhanmondi',
      pickMerchantAddress: 'House 12, Road 4, Dhanmondi',
      pickMerchantThana: 'Dhanmondi',
      pickMerchantDistrict: 'Dhaka',
      pickupMerchantPhone: '01700000000',
      productSizeWeight: 'standard',
      productBrief: '1 × Jamdani saree',
      packagePrice: String(order.total_amount),
      deliveryOption: 'regular',
      custname: 'Rahima Khatun',
      custaddress: 'Road 5, Mirpur, Dhaka',
      customerThana: 'Mirpur',
      customerDistrict: 'Dhaka',
      custPhone: dhakaGuest.mobile,
      max_weight: '0.5',
    });
    expect((await orderRow(order._id)).status).toBe('Pending');
  });

  it('collects only what is due on delivery: a paid partial advance is taken off the amount', async () => {
    const order = await placeOrder({ ...dhakaGuest, address_line: 'Road 2, Gulshan', mobile: '01712345690' });
    await t.database.db.execute(sql`UPDATE orders SET advance_amount = 200, payment_state = 'paid', paid_amount = 200, paid_at = now() WHERE id = ${order._id}`);
    expect((await book(order._id)).statusCode).toBe(200);
    expect(pf.orders.get(order.orderId)!.body.packagePrice).toBe(String(order.total_amount - 200));
  });

  it("an address naming none of Paperfly's thanas, or outside the districts it knows, is refused with a clear message; nothing is booked", async () => {
    const before = pf.orders.size;
    const unnamed = await placeOrder({ address_line: 'Village road near the mosque', city: 'Dhaka', mobile: '01712345691' });
    const res = await book(unnamed._id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'COURIER_REFUSED' });
    expect(res.json().message).toContain("Paperfly needs the thana: none of Paperfly's thanas in Dhaka is named in the address.");
    const sylhet = await placeOrder({ address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345691' });
    const far = await book(sylhet._id);
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toContain("Haat knows Paperfly's thanas only in Dhaka, Chattogram, Gazipur, Narayanganj");
    expect(pf.orders.size).toBe(before);
    expect(await shipmentOf(unnamed._id)).toBeUndefined();
    expect(await shipmentOf(sylhet._id)).toBeUndefined();
    // The longest thana named wins.
    expect(paperflyPlace('Dhaka', 'Plot 3, Tejgaon Industrial Area')).toEqual({ district: 'Dhaka', thana: 'Tejgaon Industrial Area' });
  });

  it("Paperfly's own refusals come back in its words; wrong credentials are its 401; a 5xx is 502 and a timeout gives up on time", async () => {
    // A thana Haat knows but Paperfly's list has not: Paperfly's error message, nothing stored.
    const order = await placeOrder({ address_line: 'House 1, Banani', city: 'Dhaka', mobile: '01712345692' });
    const res = await book(order._id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('customerThana is invalid');
    expect(await shipmentOf(order._id)).toBeUndefined();

    const wrong = new PaperflyClient({ baseUrl: pf.baseUrl, username: pf.username, password: 'nope', key: pf.key, pickup: pf.pickup });
    await expect(wrong.track('HT-NONE')).rejects.toMatchObject({ kind: 'refused', message: 'Unauthorized' });

    const other = await placeOrder({ ...dhakaGuest, mobile: '01712345693' });
    pf.inject({ path: '/OrderPlacement', status: 503, times: 1 });
    const failed = await book(other._id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('COURIER_UNAVAILABLE');
    expect(await shipmentOf(other._id)).toBeUndefined();

    const slow = new PaperflyClient({ baseUrl: pf.baseUrl, username: pf.username, password: pf.password, key: pf.key, pickup: pf.pickup, timeoutMs: 100 });
    pf.inject({ path: '/API-Order-Tracking', delayMs: 400, times: 1 });
    const err = await slow.track('HT-NONE').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('timeout');
  });

  it('follows the webhooks booked → in transit → delivered; forged, replayed and older events change nothing', async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345694' });
    const url = await hookUrl();
    const ref = courier.consignment_id;

    // Forged: no secret, a wrong one. 401, nothing applied.
    expect((await pf.post(url, null, { merOrderRef: ref, event: 'delivered' })).status).toBe(401);
    expect((await pf.post(url, 'wrong-secret-wrong-secret', { merOrderRef: ref, event: 'delivered' })).status).toBe(401);
    expect((await shipmentOf(order._id))!.stage).toBe('booked');

    for (const event of ['picked', 'in-transit', 'received-at-point', 'picked-for-delivery']) expect((await pf.event(url, SECRET, ref, event)).status).toBe(200);
    expect((await shipmentOf(order._id))!.stage).toBe('in_transit');
    expect((await pf.event(url, SECRET, ref, 'delivered')).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('Delivered');
    const entries = await eventsOf(order._id);
    expect(entries).toBe(6);

    // The same webhook again: nothing new. An older event arriving late: the parcel stays delivered.
    expect((await pf.post(url, SECRET, pf.lastWebhook(ref)!)).status).toBe(200);
    const late = await pf.post(url, SECRET, { merOrderRef: ref, event: 'return-in-transit', timestamp: '2020-01-01 10:00:00' });
    expect(late.status).toBe(200);
    expect(await eventsOf(order._id)).toBe(entries);
    expect((await shipmentOf(order._id))!).toMatchObject({ stage: 'delivered', final: true });
    expect((await orderRow(order._id)).status).toBe('Delivered');

    // An unknown parcel: 404. A body without an event: 400.
    expect((await pf.post(url, SECRET, { merOrderRef: 'HT-NOPE', event: 'delivered' })).status).toBe(404);
    expect((await pf.post(url, SECRET, { merOrderRef: ref })).status).toBe(400);

    // /track shows every step, with Paperfly's words.
    const track = await t.api().from(ip()).get('/api/order/track', { query: { orderId: order.orderId, mobile: '01712345694' } });
    expect(track.statusCode).toBe(200);
    const view = track.json().data as { steps: { key: string; done: boolean }[]; timeline: { status: string; message: string }[] };
    expect(view.steps.map((s) => [s.key, s.done])).toEqual([['placed', true], ['booked', true], ['picked', true], ['in_transit', true], ['delivered', true]]);
    expect(view.timeline.map((e) => e.status)).toEqual(['placed', 'order-placed', 'picked', 'in-transit', 'received-at-point', 'picked-for-delivery', 'delivered']);
    expect(view.timeline.at(-1)!.message).toBe('Paperfly: delivered');
  });

  it('a returned parcel puts the order in Return; a note on the way back does not', async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345695' });
    const url = await hookUrl();
    for (const event of ['picked', 'in-transit', 'customer-unreachable', 'return-in-transit']) expect((await pf.event(url, SECRET, courier.consignment_id, event)).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('Pending');
    expect((await pf.event(url, SECRET, courier.consignment_id, 'returned')).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('Return');
    expect((await shipmentOf(order._id))!).toMatchObject({ stage: 'returned', final: true });
  });

  it("the poll reads Paperfly's tracking for a missed webhook, and asking again adds nothing", async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345696' });
    const deps = directDeps();
    pf.setEvent(courier.consignment_id, 'picked');
    pf.setEvent(courier.consignment_id, 'in-transit');
    await pollShipments(deps, { staleMs: 0 });
    expect((await shipmentOf(order._id))!).toMatchObject({ stage: 'in_transit', status: 'in-transit' });
    expect(pf.calls.at(-1)).toMatchObject({ path: '/API-Order-Tracking', body: { ReferenceNumber: order.orderId } });
    const after = await eventsOf(order._id);
    await pollShipments(deps, { staleMs: 0 });
    expect(await eventsOf(order._id)).toBe(after);
    pf.setEvent(courier.consignment_id, 'delivered');
    await pollShipments(deps, { staleMs: 0 });
    expect((await orderRow(order._id)).status).toBe('Delivered');
  });

  it('bulk-books with Paperfly one by one; by suggestion each order goes to its district’s courier', async () => {
    const good = await placeOrder({ ...dhakaGuest, address_line: 'Road 7, Dhanmondi', mobile: '01712345697' });
    const bad = await placeOrder({ address_line: 'Unnamed lane', city: 'Dhaka', mobile: '01712345698' });
    const results = await bookOrders(directDeps(), [good._id, bad._id], 'paperfly');
    expect(results.map((r) => [r.orderId, r.ok, r.code])).toEqual([
      [good._id, true, 'BOOKED'],
      [bad._id, false, 'COURIER_REFUSED'],
    ]);
    expect(pf.orders.get(good.orderId)!.body.customerThana).toBe('Dhanmondi');
    expect(await shipmentOf(bad._id)).toBeUndefined();

    const a = await admin();
    const rules = await t.api().put('/api/courier/rules', { rules: [{ area: 'dhaka', provider: 'paperfly' }], fallback: null }, { headers: a.auth });
    expect(rules.statusCode, rules.body).toBe(200);
    const suggested = await placeOrder({ ...dhakaGuest, address_line: 'Sector 4, Uttara', mobile: '01712345699' });
    const card = await t.api().get(`/api/order/${suggested._id}/courier`, { headers: a.auth });
    expect(card.json().data).toMatchObject({ district: 'dhaka', suggested: 'paperfly', rule: 'district' });
    const bulk = await t.api().post('/api/courier/book', { provider: 'suggested', orderIds: [suggested._id] }, { headers: a.auth });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data[0]).toMatchObject({ ok: true, courier: { provider: 'paperfly', consignment_id: suggested.orderId } });
    expect(pf.orders.get(suggested.orderId)!.body.customerThana).toBe('Uttara');
  });
});
