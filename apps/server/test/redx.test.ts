import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courierEvents, orders, shipments } from '../src/db/schema';
import { ProviderError } from '../src/integrations/http';
import { RedxClient } from '../src/integrations/redx/client';
import { Events } from '../src/lib/events';
import type { AppEvents } from '../src/ports';
import { Jobs } from '../src/lib/jobs';
import { createCouriers } from '../src/modules/courier/registry';
import { bookOrders, pollShipments, type CourierDeps } from '../src/modules/courier/service';
import { courierOrders } from '../src/modules/orders/index';
import { REDX_MESSAGES, startRedxFake, type RedxFake } from './fakes/redx';
import { useTestApp, dhakaGuest, makeProduct, makeUser } from './support';

/** The shop's own webhook token, set in RedX's panel as `?token=` of the callback URL. */
const REDX_TOKEN = 'haat-redx-webhook-token-5f2a9c';

describe('RedX: booking, areas, webhooks, poll and tracking against its local fake', () => {
  let redx: RedxFake;
  const env: Record<string, string> = { REDX_WEBHOOK_TOKEN: REDX_TOKEN };
  beforeAll(async () => {
    redx = await startRedxFake();
    Object.assign(env, { REDX_BASE_URL: redx.baseUrl, REDX_ACCESS_TOKEN: redx.token, REDX_PICKUP_STORE_ID: String(redx.pickupStoreId), REDX_PICKUP_AREA_ID: String(redx.pickupAreaId) });
  });
  afterAll(async () => {
    await redx?.close();
  });
  const t = useTestApp(env);
  let listening: Promise<string> | null = null;
  const appUrl = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
  const hookUrl = async () => `${await appUrl()}/api/courier/redx/webhook`;
  beforeEach(() => redx.clearFaults());

  let shopper = 0;
  const ip = () => `10.46.${Math.floor(++shopper / 250)}.${shopper % 250}`;
  async function placeOrder(address: { address_line: string; city: string; mobile: string; name?: string } = dhakaGuest) {
    const product = await makeProduct(t.database.db, { name: 'Nakshi kantha', price: 1200, stock: 10 });
    const res = await t.api().from(ip()).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number };
  }
  const admin = () => makeUser(t.database.db, t.config, 'ADMIN');
  const book = async (id: string) => t.api().post(`/api/order/${id}/courier`, { provider: 'redx' }, { headers: (await admin()).auth });
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const shipmentOf = async (id: string) => (await t.database.db.select().from(shipments).where(eq(shipments.orderId, id)))[0];
  const eventsOf = async (id: string) => (await t.database.db.select({ n: count() }).from(courierEvents).where(eq(courierEvents.orderId, id)))[0]!.n;
  const directDeps = (): CourierDeps => ({
    db: t.database.db,
    orders: courierOrders(t.database.db),
    couriers: createCouriers(t.config),
    onCourierEvent: () => {},
    // The order's move tells a delivery on the app's events (decision 0126); here nobody listens.
    news: new Events<AppEvents>(),
    jobs: new Jobs(t.database, { queue: `direct-${t.config.JOBS_QUEUE}`, worker: false, retryDelaySeconds: 0, pollMs: 500, leaseSeconds: 60 }, pino({ level: 'silent' })),
  });

  async function booked(address: Parameters<typeof placeOrder>[0] = dhakaGuest) {
    const order = await placeOrder(address);
    const res = await book(order._id);
    expect(res.statusCode, res.body).toBe(200);
    return { order, courier: res.json().data.courier as { consignment_id: string; tracking_code: string; stage: string; status: string } };
  }

  it("books a COD order with RedX's exact fields, the area found in the address, the pickup store and the amount due", async () => {
    const { order, courier } = await booked({ ...dhakaGuest, name: 'Rahima Khatun' });
    expect(courier).toMatchObject({ consignment_id: expect.stringMatching(/^20A/), status: 'pickup-pending', stage: 'booked' });
    expect(courier.tracking_code).toBe(courier.consignment_id);
    const sent = redx.calls.find((c) => c.method === 'POST' && c.path === '/parcel')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      customer_name: 'Rahima Khatun',
      customer_phone: dhakaGuest.mobile,
      delivery_area: 'Mirpur',
      delivery_area_id: 1,
      customer_address: 'Road 5, Mirpur, Dhaka',
      merchant_invoice_id: order.orderId,
      cash_collection_amount: String(order.total_amount),
      parcel_weight: 500,
      pickup_store_id: redx.pickupStoreId,
    });
    expect(redx.parcels.get(courier.consignment_id)!.cash_collection_amount).toBe(String(order.total_amount));
    expect((await orderRow(order._id)).status).toBe('Pending');
  });

  it("keeps a district's areas: a second booking in Dhaka asks RedX for none; the longest area named wins", async () => {
    const client = new RedxClient({ baseUrl: redx.baseUrl, accessToken: redx.token, pickupStoreId: redx.pickupStoreId });
    const before = redx.calls.filter((c) => c.path === '/areas').length;
    expect((await client.areaFor('Dhaka', 'House 9, Mirpur DOHS'))?.name).toBe('Mirpur DOHS');
    expect((await client.areaFor('dhaka', 'Road 2, Gulshan'))?.name).toBe('Gulshan');
    expect(await client.areaFor('Dhaka', 'Somewhere unnamed')).toBeNull();
    expect(redx.calls.filter((c) => c.path === '/areas').length - before).toBe(1);
    expect(redx.calls.find((c) => c.path === '/areas')!.query).toEqual({ district_name: 'Dhaka' });
  });

  it('refuses an address naming no RedX area with a clear message, and books nothing', async () => {
    const order = await placeOrder({ address_line: 'Village road near the mosque', city: 'Dhaka', mobile: '01712345679' });
    const parcelsBefore = redx.parcels.size;
    const res = await book(order._id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("RedX needs the delivery area: none of RedX's areas in Dhaka is named in the address.");
    expect(res.json().code).toBe('COURIER_REFUSED');
    expect(redx.parcels.size).toBe(parcelsBefore);
    expect(await shipmentOf(order._id)).toBeUndefined();
  });

  it("a wrong access token is RedX's 401: refused, nothing booked", async () => {
    const client = new RedxClient({ baseUrl: redx.baseUrl, accessToken: 'not-the-token', pickupStoreId: redx.pickupStoreId });
    await expect(client.areas('Sylhet')).rejects.toMatchObject({ kind: 'refused', message: 'Unauthorized' });
  });

  it('a RedX failure (5xx) answers 502 and a timeout gives up on time; neither records a shipment', async () => {
    const order = await placeOrder({ ...dhakaGuest, mobile: '01712345680' });
    redx.inject({ path: '/v1.0.0-beta/parcel', status: 503, times: 1 });
    const res = await book(order._id);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('COURIER_UNAVAILABLE');
    expect(await shipmentOf(order._id)).toBeUndefined();

    const slow = new RedxClient({ baseUrl: redx.baseUrl, accessToken: redx.token, pickupStoreId: redx.pickupStoreId, timeoutMs: 100 });
    redx.inject({ path: '/v1.0.0-beta/parcel/info', delayMs: 400, times: 1 });
    const err = await slow.parcelInfo('20A999').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('timeout');
  });

  it('follows the webhooks to Delivered; a replay, an older event, a forged token and another order’s invoice change nothing', async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345681' });
    const url = await hookUrl();
    const id = courier.consignment_id;

    // Forged: no token, a wrong token. 401, nothing applied.
    expect((await redx.post(url, null, { tracking_number: id, status: 'delivered', timestamp: new Date().toISOString() })).status).toBe(401);
    expect((await redx.post(url, 'wrong-token-wrong-token-00', { tracking_number: id, status: 'delivered', timestamp: new Date().toISOString() })).status).toBe(401);
    expect((await shipmentOf(order._id))!.stage).toBe('booked');

    expect((await redx.event(url, REDX_TOKEN, id, 'ready-for-delivery')).status).toBe(200);
    expect((await redx.event(url, REDX_TOKEN, id, 'delivery-in-progress')).status).toBe(200);
    expect((await shipmentOf(order._id))!.stage).toBe('in_transit');

    // Another order's invoice on this parcel: 404, nothing applied.
    const other = await placeOrder({ ...dhakaGuest, mobile: '01712345682' });
    const mismatched = await redx.post(url, REDX_TOKEN, { tracking_number: id, status: 'delivered', timestamp: new Date(Date.now() + 60_000).toISOString(), invoice_number: other.orderId });
    expect(mismatched.status).toBe(404);
    expect((await shipmentOf(order._id))!.stage).toBe('in_transit');

    expect((await redx.event(url, REDX_TOKEN, id, 'delivered')).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('Delivered');
    const entries = await eventsOf(order._id);
    expect(entries).toBe(4);

    // The same webhook again (RedX retries): nothing new.
    expect((await redx.post(url, REDX_TOKEN, redx.lastWebhook(id)!)).status).toBe(200);
    // An older event, arriving late: the parcel stays delivered.
    const late = await redx.post(url, REDX_TOKEN, { tracking_number: id, status: 'agent-returning', timestamp: new Date(Date.now() - 3600_000).toISOString(), invoice_number: order.orderId });
    expect(late.status).toBe(200);
    expect(await eventsOf(order._id)).toBe(entries);
    expect((await shipmentOf(order._id))!.stage).toBe('delivered');
    expect((await orderRow(order._id)).status).toBe('Delivered');

    // An unknown parcel: 404.
    expect((await redx.post(url, REDX_TOKEN, { tracking_number: '20A000NOPE', status: 'delivered' })).status).toBe(404);

    // /track shows RedX's steps in the shopper's words.
    const track = await t.api().from(ip()).get('/api/order/track', { query: { orderId: order.orderId, mobile: '01712345681' } });
    expect(track.statusCode).toBe(200);
    const view = track.json().data as { steps: { key: string; done: boolean }[]; timeline: { status: string; message: string }[] };
    expect(view.steps.map((s) => [s.key, s.done])).toEqual([['placed', true], ['booked', true], ['picked', true], ['in_transit', true], ['delivered', true]]);
    expect(view.timeline.map((e) => e.status)).toEqual(['placed', 'pickup-pending', 'ready-for-delivery', 'delivery-in-progress', 'delivered']);
    expect(view.timeline.at(-1)!.message).toBe(`RedX: ${REDX_MESSAGES.delivered!.en}`);
  });

  it('a returned parcel puts the order in Return, its stock back once', async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345683' });
    const url = await hookUrl();
    for (const status of ['ready-for-delivery', 'delivery-in-progress', 'agent-hold', 'agent-returning']) {
      expect((await redx.event(url, REDX_TOKEN, courier.consignment_id, status)).status).toBe(200);
    }
    expect((await orderRow(order._id)).status).toBe('Pending');
    expect((await redx.event(url, REDX_TOKEN, courier.consignment_id, 'returned')).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe('Return');
    expect((await shipmentOf(order._id))!).toMatchObject({ stage: 'returned', final: true });
  });

  it('the poll finds what a missed webhook would have said, and asking again adds nothing', async () => {
    const { order, courier } = await booked({ ...dhakaGuest, mobile: '01712345684' });
    redx.setStatus(courier.consignment_id, 'delivery-in-progress');
    const deps = directDeps();
    await pollShipments(deps, { staleMs: 0 });
    expect((await shipmentOf(order._id))!.stage).toBe('in_transit');
    const after = await eventsOf(order._id);
    await pollShipments(deps, { staleMs: 0 });
    expect(await eventsOf(order._id)).toBe(after);
    redx.setStatus(courier.consignment_id, 'delivered');
    await pollShipments(deps, { staleMs: 0 });
    expect((await orderRow(order._id)).status).toBe('Delivered');
  });

  it("bulk-books with RedX one by one: one result per order, an address without an area refused alone", async () => {
    const good = await placeOrder({ ...dhakaGuest, address_line: 'Road 2, Gulshan', mobile: '01712345685' });
    const bad = await placeOrder({ address_line: 'Unnamed lane', city: 'Dhaka', mobile: '01712345686' });
    const results = await bookOrders(directDeps(), [good._id, bad._id], 'redx');
    expect(results.map((r) => [r.orderId, r.ok, r.code])).toEqual([
      [good._id, true, 'BOOKED'],
      [bad._id, false, 'COURIER_REFUSED'],
    ]);
    expect(redx.parcels.get(results[0]!.courier!.consignment_id)!.delivery_area).toBe('Gulshan');
    expect(await shipmentOf(bad._id)).toBeUndefined();
  });
});
