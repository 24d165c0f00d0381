import { count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { courierEvents, orderEvents, orders, productVariants, shipments } from '../src/db/schema';
import { SteadfastClient } from '../src/integrations/steadfast';
import { steadfastCourier } from '../src/modules/courier/steadfast';
import { withCourierBookings } from '../src/modules/courier/queries';
import { orderById } from '../src/modules/orders/index';
import { loadConfig } from '../src/config';
import { PathaoClient } from '../src/integrations/pathao/client';
import { createCouriers } from '../src/modules/courier/registry';
import { ProviderError } from '../src/integrations/http';
import { Events } from '../src/lib/events';
import type { AppEvents } from '../src/ports';
import { Jobs } from '../src/lib/jobs';
import { courierViews } from '../src/modules/courier/index';
import { applyCourierUpdate, bookOrder, handleBookingJobs, pollShipments, type CourierDeps, type CourierNotice } from '../src/modules/courier/service';
import { courierOrders } from '../src/modules/orders/index';
import { PATHAO_HANDSHAKE_VALUE, startPathaoFake, type PathaoFake } from './fakes/pathao';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { useTestApp, dhakaGuest, jobRows, makeProduct, makeUser, queryRows, startJobs, stockOf } from './support';

/** A courier's 'YYYY-MM-DD HH:MM:SS' in Dhaka time, `minutes` from now (after the booking when positive). */
const dhakaTime = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const WEBHOOK_TOKEN = 'steadfast-webhook-token-0123456789';
// The shop's own secret, set in Pathao's portal: not Pathao's fixed handshake value.
const PATHAO_SECRET = 'haat-pathao-webhook-secret-7c1e2d';

describe('courier booking, status and tracking', () => {
  let steadfast: SteadfastFake;
  let pathao: PathaoFake;
  const env: Record<string, string> = { STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN, PATHAO_WEBHOOK_SECRET: PATHAO_SECRET };
  beforeAll(async () => {
    steadfast = await startSteadfastFake();
    pathao = await startPathaoFake();
    // The app is built lazily before the first test, so the fakes' ports are known by then.
    Object.assign(env, {
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: steadfast.apiKey,
      STEADFAST_SECRET_KEY: steadfast.secretKey,
      PATHAO_BASE_URL: pathao.baseUrl,
      PATHAO_CLIENT_ID: pathao.credentials.client_id,
      PATHAO_CLIENT_SECRET: pathao.credentials.client_secret,
      PATHAO_USERNAME: pathao.credentials.username,
      PATHAO_PASSWORD: pathao.credentials.password,
      PATHAO_STORE_ID: String(pathao.credentials.store_id),
    });
  });
  afterAll(async () => {
    await steadfast?.close();
    await pathao?.close();
  });
  const t = useTestApp(env);
  /** The app on a real port, for the fakes' own webhook senders; listens once for the file. */
  let listening: Promise<string> | null = null;
  const appUrl = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
  beforeEach(() => {
    steadfast.reset();
    pathao.clearFaults();
  });

  let shopper = 0;
  const ip = () => `10.9.${Math.floor(++shopper / 250)}.${shopper % 250}`;

  /** A guest's order through the real route; COD unless a wallet is named. */
  async function placeOrder(opts: { method?: string; address?: typeof dhakaGuest & { name?: string }; quantity?: number; stock?: number } = {}) {
    const product = await makeProduct(t.database.db, { name: 'Jamdani saree', price: 1500, stock: opts.stock ?? 10 });
    const method = opts.method ?? 'CASH-ON-DELIVERY';
    const res = await t.api().from(ip()).post('/api/order', {
      method,
      ...(method !== 'CASH-ON-DELIVERY' && { mobile: '01911111111', transaction_id: 'TRX123' }),
      list_items: [{ product_id: product.id, quantity: opts.quantity ?? 2 }],
      guest_user_delivery_address: opts.address ?? dhakaGuest,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { _id: string; orderId: string; total_amount: number };
    return { ...order, productId: product.id };
  }

  const admin = () => makeUser(t.database.db, t.config, 'ADMIN');
  /** The courier module's deps as the app builds them, for calling its service directly; its job queue is not started (nothing here queues). */
  const directDeps = (onCourierEvent: CourierDeps['onCourierEvent'] = () => {}): CourierDeps => ({
    db: t.database.db,
    orders: courierOrders(t.database.db),
    couriers: createCouriers(t.config),
    onCourierEvent,
    // The order's move tells a delivery on the app's events (decision 0126); here nobody listens.
    news: new Events<AppEvents>(),
    jobs: new Jobs(t.database, { queue: `direct-${t.config.JOBS_QUEUE}`, worker: false, retryDelaySeconds: 0, pollMs: 500, leaseSeconds: 60 }, pino({ level: 'silent' })),
  });
  const book = async (id: string, payload: object, headers: Record<string, string>) => t.api().post(`/api/order/${id}/courier`, payload, { headers });
  const shipmentCount = async () => (await t.database.db.select({ n: count() }).from(shipments))[0]!.n;
  const bookingJobs = async () => (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.name === 'courier.book');
  const eventCount = async () => (await t.database.db.select({ n: count() }).from(courierEvents))[0]!.n;
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const steadfastHook = (body: object, token: string | null = WEBHOOK_TOKEN) =>
    t.api().post('/api/courier/steadfast/webhook', body, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  const pathaoHook = (body: object, secret: string | null = PATHAO_SECRET) =>
    t.api().post('/api/courier/pathao/webhook', body, { headers: secret === null ? {} : { 'x-pathao-signature': secret } });
  const track = (orderId: string, mobile: string) => t.api().from(ip()).get('/api/order/track', { query: { orderId, mobile } });

  async function bookSteadfast(order: { _id: string }) {
    const a = await admin();
    const res = await book(order._id, { provider: 'steadfast' }, a.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.courier as { consignment_id: string; tracking_code: string };
  }

  describe('booking', () => {
    it("books under the recipient's name from the delivery address; an order placed without one is 'Haat customer'", async () => {
      const named = await placeOrder({ address: { ...dhakaGuest, name: 'Rahim Uddin' } });
      await bookSteadfast(named);
      const sentFor = (invoice: string) => steadfast.calls.find((c) => c.path === '/create_order' && (c.body as { invoice?: string }).invoice === invoice)!.body;
      expect(sentFor(named.orderId)).toMatchObject({ recipient_name: 'Rahim Uddin', recipient_phone: dhakaGuest.mobile });
      const unnamed = await placeOrder();
      await bookSteadfast(unnamed);
      expect(sentFor(unnamed.orderId)).toMatchObject({ recipient_name: 'Haat customer' });
    });

    it('books a COD order with Steadfast for its total, shows it on the admin answer, and refuses a second booking', async () => {
      const order = await placeOrder();
      const a = await admin();
      const res = await book(order._id, { provider: 'steadfast' }, a.auth);
      expect(res.statusCode, res.body).toBe(200);
      const courier = res.json().data.courier;
      expect(courier).toMatchObject({ provider: 'steadfast', consignment_id: '1424107', tracking_code: expect.stringMatching(/^[0-9A-F]{8}$/), status: 'in_review', stage: 'booked' });
      expect(courier.timeline).toEqual([{ status: 'in_review', stage: 'booked', message: `Booked with Steadfast: tracking code ${courier.tracking_code}.`, at: expect.any(String) }]);

      // What Steadfast received: the order number as invoice, the address as text, the total to collect.
      const sent = steadfast.calls.find((c) => c.path === '/create_order')!.body as Record<string, unknown>;
      expect(sent).toMatchObject({ invoice: order.orderId, recipient_phone: dhakaGuest.mobile, recipient_address: 'Road 5, Mirpur, Dhaka', cod_amount: order.total_amount });
      expect(order.total_amount).toBe(3050);

      const list = await t.api().get('/api/order/get-all-order', { headers: a.auth });
      expect(list.json().data[0].courier).toMatchObject({ provider: 'steadfast', consignment_id: '1424107', tracking_code: courier.tracking_code });

      const again = await book(order._id, { provider: 'pathao', city_id: 1, zone_id: 10 }, a.auth);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is already booked with Steadfast (consignment 1424107).');
      expect(await shipmentCount()).toBe(1);
      expect(pathao.orders.size).toBe(0);
    });

    it('names a variant’s chosen values in the parcel’s item description (issue 21)', async () => {
      const db = t.database.db;
      const options = [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'L', value_bn: 'এল', swatch: '' }] }, { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '' }] }];
      const kurta = await makeProduct(db, { name: 'Cotton Kurta', price: 1200, stock: 4, options });
      await db.insert(productVariants).values({ id: 'kurtalred000001', productId: kurta.id, position: 0, sku: 'KU-L-RED', optionValues: ['L', 'Red'], price: 1200, stock: 4 });
      const res = await t.api().from(ip()).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: kurta.id, variant_id: 'kurtalred000001', quantity: 2 }], guest_user_delivery_address: dhakaGuest });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data as { _id: string; orderId: string };
      await bookSteadfast(order);
      const sent = steadfast.calls.find((c) => c.path === '/create_order' && (c.body as { invoice?: string }).invoice === order.orderId)!.body;
      expect(sent).toMatchObject({ item_description: '2 × Cotton Kurta (Size: L, Colour: Red)' });
    });

    it('collects nothing for an order paid by wallet', async () => {
      const order = await placeOrder({ method: 'bkash' });
      await bookSteadfast(order);
      expect(steadfast.consignments.get(1424107)!.cod_amount).toBe(0);
    });

    it("shows the courier's refusal and changes nothing", async () => {
      const order = await placeOrder();
      // The invoice is already taken at Steadfast (booked there by hand): Steadfast says so.
      await fetch(`${steadfast.baseUrl}/create_order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': steadfast.apiKey, 'secret-key': steadfast.secretKey },
        body: JSON.stringify({ invoice: order.orderId, recipient_name: 'By hand', recipient_phone: '01712345678', recipient_address: 'Somewhere in Dhaka', cod_amount: 0 }),
      });
      const a = await admin();
      const res = await book(order._id, { provider: 'steadfast' }, a.auth);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Steadfast refused the booking: The invoice has already been taken.');
      expect(await shipmentCount()).toBe(0);
      expect(await eventCount()).toBe(0);
      expect((await orderRow(order._id)).status).toBe('Pending');
    });

    it('answers 502 and books nothing when Pathao fails in a way that may have booked it (a 5xx): nothing is queued', async () => {
      const order = await placeOrder();
      const a = await admin();
      pathao.inject({ path: '/orders', status: 500, times: 1 });
      const res = await book(order._id, { provider: 'pathao', city_id: 1, zone_id: 10 }, a.auth);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/500.*Nothing was booked\.$/);
      expect(await shipmentCount()).toBe(0);
      expect(await bookingJobs()).toEqual([]);
    });

    it('refuses bad input with 400: an unknown courier, Pathao without a zone, an unknown order', async () => {
      const order = await placeOrder();
      const a = await admin();
      expect((await book(order._id, { provider: 'dhl' }, a.auth)).json()).toMatchObject({ message: 'Choose a courier: steadfast, pathao or redx.' });
      const noZone = await book(order._id, { provider: 'pathao', city_id: 1 }, a.auth);
      expect(noZone.statusCode).toBe(400);
      expect(noZone.json().message).toBe('Pathao needs a city and a zone.');
      expect((await book('nosuchorder', { provider: 'steadfast' }, a.auth)).statusCode).toBe(404);
      expect(await shipmentCount()).toBe(0);
    });

    it('books with Pathao at the chosen city and zone, suggests them from the address, and caches the place lists', async () => {
      const order = await placeOrder({ address: { address_line: 'House 3, Road 27, Dhanmondi', city: 'Dhaka', mobile: '01712345678' } });
      const a = await admin();
      const suggested = await t.api().get(`/api/order/${order._id}/courier`, { headers: a.auth });
      // Issue 46 (decision 0122): with the place come the district, the courier the owner's rules suggest (none set here) and each courier's option.
      expect(suggested.json().data).toEqual({
        city_id: 1,
        zone_id: 10,
        district: 'dhaka',
        suggested: null,
        rule: null,
        options: [
          { provider: 'steadfast', price: null, delivered: 0, finished: 0 },
          { provider: 'pathao', price: null, delivered: 0, finished: 0 },
        ],
      });
      const cities = await t.api().get('/api/courier/pathao/places', { headers: a.auth });
      expect(cities.json().data).toEqual([
        { id: 1, name: 'Dhaka' },
        { id: 2, name: 'Chattogram' },
      ]);
      const zones = await t.api().get('/api/courier/pathao/places?city_id=1', { headers: a.auth });
      expect(zones.json().data.map((z: { name: string }) => z.name)).toEqual(['Dhanmondi', 'Gulshan', 'Mirpur']);
      expect(pathao.calls.filter((c) => c.path === '/city-list')).toHaveLength(1);

      const res = await book(order._id, { provider: 'pathao', city_id: 1, zone_id: 10, area_id: 100 }, a.auth);
      expect(res.statusCode, res.body).toBe(200);
      const courier = res.json().data.courier;
      expect(courier).toMatchObject({ provider: 'pathao', status: 'Pending', stage: 'booked' });
      const sent = pathao.orders.get(courier.consignment_id)!;
      expect(sent).toMatchObject({ merchant_order_id: order.orderId, recipient_city: 1, recipient_zone: 10, recipient_area: 100, amount_to_collect: order.total_amount });
    });

    it("shows Pathao's field error, and renews its token with the refresh grant, then the password grant", async () => {
      const a = await admin();
      const first = await placeOrder();
      const bad = await book(first._id, { provider: 'pathao', city_id: 1, zone_id: 20 }, a.auth);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe('Pathao refused the booking: Please fix the given errors: The selected recipient zone is invalid.');
      expect(await shipmentCount()).toBe(0);
      const grants = { ...pathao.grants };

      pathao.expireTokens();
      expect((await book(first._id, { provider: 'pathao', city_id: 1, zone_id: 10 }, a.auth)).statusCode).toBe(200);
      expect(pathao.grants).toEqual({ password: grants.password, refresh_token: grants.refresh_token + 1 });

      pathao.expireTokens();
      pathao.revokeRefreshTokens();
      const second = await placeOrder();
      expect((await book(second._id, { provider: 'pathao', city_id: 1, zone_id: 11 }, a.auth)).statusCode).toBe(200);
      expect(pathao.grants).toEqual({ password: grants.password + 1, refresh_token: grants.refresh_token + 1 });
    });

    it('books several orders in one Steadfast bulk call, with one result per order', async () => {
      const a = await admin();
      const one = await placeOrder();
      const two = await placeOrder();
      const booked = await placeOrder();
      const delivered = await placeOrder();
      await bookSteadfast(booked);
      await t.api().patch(`/api/order/update-status/${delivered._id}`, { status: 'Delivered' }, { headers: a.auth });
      const before = steadfast.calls.length;

      const res = await t.api().post('/api/courier/book', { provider: 'steadfast', orderIds: [one._id, booked._id, two._id, delivered._id, 'nosuchorder'] }, { headers: a.auth });
      expect(res.statusCode, res.body).toBe(200);
      const results = res.json().data as { orderId: string; ok: boolean; message: string }[];
      expect(results.map((r) => [r.orderId, r.ok, r.message])).toEqual([
        [one._id, true, expect.stringMatching(/^Booked: tracking code [0-9A-F]{8}\.$/)],
        [booked._id, false, expect.stringMatching(/^This order is already booked with Steadfast/)],
        [two._id, true, expect.stringMatching(/^Booked: tracking code/)],
        [delivered._id, false, 'Only Pending or Received orders can be booked; this one is Delivered.'],
        ['nosuchorder', false, 'That order does not exist.'],
      ]);
      expect(res.json().message).toBe('2 of 5 booked.');
      expect(steadfast.calls.slice(before).map((c) => c.path)).toEqual(['/create_order/bulk-order']);
      expect(await shipmentCount()).toBe(3);
    });

    it('tells the SMS hook about a booking and a delivery', async () => {
      const notices: CourierNotice[] = [];
      const deps = directDeps((n) => notices.push(n));
      const order = await placeOrder();
      expect(await bookOrder(deps, order._id, { provider: 'steadfast' })).toBe('booked');
      const courier = (await courierViews(t.database.db, [order._id])).get(order._id)!;
      steadfast.setStatus(Number(courier.consignment_id), 'delivered_approval_pending');
      await pollShipments(deps);
      // Steadfast approves the delivery (its webhook): the same stage, no second message.
      await applyCourierUpdate(deps, { provider: 'steadfast', consignmentId: courier.consignment_id, status: 'delivered', message: 'Approved', at: new Date() });
      expect(notices.map((n) => [n.orderCode, n.stage, n.trackingCode, n.mobile])).toEqual([
        [order.orderId, 'booked', courier.tracking_code, dhakaGuest.mobile],
        [order.orderId, 'delivered', courier.tracking_code, dhakaGuest.mobile],
      ]);
    });
  });

  describe('booking retries (decision 0080)', () => {
    /** Waits (up to 20 s) until check answers true: the app's own job worker runs the queued booking. */
    async function eventually(check: () => Promise<boolean>) {
      for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await check()).toBe(true);
    }
    const adminCard = async (auth: Record<string, string>, id: string) =>
      ((await t.api().get('/api/order/get-all-order', { headers: auth })).json().data as { _id: string; courier: unknown; courier_booking: unknown }[]).find((o) => o._id === id)!;
    const creates = () => steadfast.calls.filter((c) => c.path === '/create_order').length;
    const bookedSms = async (id: string) => (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).filter((e) => e.message.includes('tracking') || e.message.includes('ট্র্যাকিং')).length;

    it('a booking Steadfast throttles (429) is answered 202 and booked by the queue, with one SMS', async () => {
      const order = await placeOrder();
      const a = await admin();
      steadfast.inject({ path: '/create_order', status: 429, times: 1 });
      const res = await book(order._id, { provider: 'steadfast' }, a.auth);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().message).toBe('Steadfast could not take the booking yet: it is queued and tried again by itself.');
      // The app's worker tries again a second on (JOBS_RETRY_DELAY_SECONDS is 0 here): the answer shows it queued.
      expect(res.json().data.courier ?? res.json().data.courier_booking).toMatchObject({ provider: 'steadfast' });
      await eventually(async () => (await shipmentCount()) === 1);
      const card = await adminCard(a.auth, order._id);
      expect(card.courier).toMatchObject({ provider: 'steadfast', stage: 'booked' });
      expect(card.courier_booking).toBeNull();
      expect(creates()).toBe(2);
      await eventually(async () => (await bookedSms(order._id)) === 1);
    });

    it('a Steadfast that keeps failing (503) fails the job after its last try: the card and the failed jobs say why; booking by hand then works, and a retry of the failed job books nothing twice', async () => {
      const order = await placeOrder();
      const a = await admin();
      steadfast.inject({ path: '/create_order', status: 503, times: 9 });
      expect((await book(order._id, { provider: 'steadfast' }, a.auth)).statusCode).toBe(202);
      await eventually(async () => ((await adminCard(a.auth, order._id)).courier_booking as { state?: string } | null)?.state === 'failed');
      const card = await adminCard(a.auth, order._id);
      expect(card.courier_booking).toMatchObject({ state: 'failed', attempts: 8, max_attempts: 8, next_try_at: null, error: 'Steadfast had an error (503). Please try again later.' });
      const failed = (await t.api().get('/api/jobs/failed', { headers: a.auth })).json().data as { id: string; name: string }[];
      expect(failed.map((j) => j.name)).toEqual(['courier.book']);
      expect(creates()).toBe(9);
      expect(await shipmentCount()).toBe(0);

      const byHand = await book(order._id, { provider: 'steadfast' }, a.auth);
      expect(byHand.statusCode, byHand.body).toBe(200);
      expect(byHand.json().data.courier_booking).toBeNull();
      expect((await t.api().post(`/api/jobs/${failed[0]!.id}/retry`, {}, { headers: a.auth })).statusCode).toBe(200);
      await eventually(async () => ((await t.api().get('/api/jobs/failed', { headers: a.auth })).json().data as unknown[]).length === 0 && (await bookingJobs()).every((j) => j.state === 'completed'));
      expect(creates()).toBe(10);
      expect(await shipmentCount()).toBe(1);
    });

    it('a bulk booking Steadfast throttles queues each order on its own, and the queue books them', async () => {
      const one = await placeOrder();
      const two = await placeOrder();
      const a = await admin();
      steadfast.inject({ path: '/create_order/bulk-order', status: 429, times: 1 });
      const res = await t.api().post('/api/courier/book', { orderIds: [one._id, two._id], provider: 'steadfast' }, { headers: a.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { ok: boolean; code: string }) => [r.ok, r.code])).toEqual([
        [false, 'COURIER_BOOKING_QUEUED'],
        [false, 'COURIER_BOOKING_QUEUED'],
      ]);
      expect(res.json().message).toBe('0 of 2 booked.');
      await eventually(async () => (await shipmentCount()) === 2);
    });

    describe('driven by hand', () => {
      /** A port nothing listens on: the connection is refused, so the request never left. */
      async function closedPort(): Promise<number> {
        const server = createServer();
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        const { port } = server.address() as AddressInfo;
        await new Promise((r) => server.close(r));
        return port;
      }
      /**
       * The courier service on a Steadfast client of its own, with a queue whose worker waits an hour between tries:
       * a booking is tried only when `run` brings its next try forward, and `run` waits for that try to end.
       */
      async function withSteadfast(baseUrl: string, timeoutMs = 15_000) {
        const notices: CourierNotice[] = [];
        const queue = `hand-${t.config.JOBS_QUEUE}`;
        const base = { ...directDeps((n) => notices.push(n)), couriers: { steadfast: steadfastCourier(new SteadfastClient({ baseUrl, apiKey: steadfast.apiKey, secretKey: steadfast.secretKey, timeoutMs })) } };
        let deps!: CourierDeps;
        await startJobs(t.database, queue, (jobs) => handleBookingJobs((deps = { ...base, jobs })), { retryDelaySeconds: 3600 });
        const name = `${queue}/courier.book`;
        const due = async () =>
          (await queryRows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`))[0]!.n;
        const run = async () => {
          await t.database.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${name} AND state IN ('created', 'retry')`);
          await vi.waitFor(async () => expect(await due()).toBe(0), { timeout: 10_000, interval: 50 });
        };
        const card = async (id: string) => (await withCourierBookings(t.database.db, deps.jobs, [(await orderById(t.database.db, id))!]))[0]!.courier_booking;
        return { deps, notices, run, card };
      }

      it('Steadfast unreachable: queued with the reason, tried again while down, booked once it is back', async () => {
        const port = await closedPort();
        const { deps, notices, run, card } = await withSteadfast(`http://127.0.0.1:${port}/api/v1`);
        const order = await placeOrder();
        expect(await bookOrder(deps, order._id, { provider: 'steadfast' })).toBe('queued');
        expect(await card(order._id)).toMatchObject({ provider: 'steadfast', state: 'queued', attempts: 0, max_attempts: 8, error: 'Steadfast could not be reached.' });
        // While it waits, booking it again (with any courier) is refused and asks nobody.
        await expect(bookOrder(deps, order._id, { provider: 'steadfast' })).rejects.toMatchObject({
          code: 'COURIER_BOOKING_QUEUED',
          message: 'A booking of this order with Steadfast is queued: it is tried again by itself and shows here once booked.',
        });
        await run();
        expect(await card(order._id)).toMatchObject({ state: 'queued', attempts: 1, error: 'Steadfast could not be reached.' });
        expect(notices).toEqual([]);

        const back = await startSteadfastFake({ port, apiKey: steadfast.apiKey, secretKey: steadfast.secretKey });
        try {
          await run();
          expect(await card(order._id)).toBeNull();
          expect([...back.consignments.values()].map((c) => c.invoice)).toEqual([order.orderId]);
          expect(notices.map((n) => [n.orderCode, n.stage])).toEqual([[order.orderId, 'booked']]);
          expect((await courierViews(t.database.db, [order._id])).get(order._id)).toMatchObject({ provider: 'steadfast', stage: 'booked' });
        } finally {
          await back.close();
        }
      });

      it('a timeout after Steadfast booked it: the retry is refused as a repeated invoice, the job fails saying to check the panel, and there is one parcel', async () => {
        // The first answer comes 2 s after the client's 5 s timeout whatever the machine's speed; the retry's answer,
        // which comes at once, has the same 5 s (a 1 s timeout cut it off too on a loaded CI machine).
        const { deps, run, card } = await withSteadfast(steadfast.baseUrl, 5000);
        const order = await placeOrder();
        steadfast.inject({ path: '/create_order', lateMs: 7000, times: 1 });
        expect(await bookOrder(deps, order._id, { provider: 'steadfast' })).toBe('queued');
        const parcels = () => [...steadfast.consignments.values()].filter((c) => c.invoice === order.orderId);
        expect(parcels()).toHaveLength(1);
        await run();
        expect(await card(order._id)).toMatchObject({
          state: 'failed',
          error: "Steadfast refused the booking: The invoice has already been taken. An earlier try that got no answer may have booked it: check Steadfast's panel.",
        });
        expect(parcels()).toHaveLength(1);
        expect(await shipmentCount()).toBe(0);
      });

      it('an order cancelled while its booking waits is not booked', async () => {
        const { deps, run, card } = await withSteadfast(`http://127.0.0.1:${await closedPort()}/api/v1`);
        const order = await placeOrder();
        expect(await bookOrder(deps, order._id, { provider: 'steadfast' })).toBe('queued');
        const a = await admin();
        expect((await t.api().patch(`/api/order/update-status/${order._id}`, { status: 'Cancel' }, { headers: a.auth })).statusCode).toBe(200);
        await run();
        expect(await card(order._id)).toBeNull();
        expect(await shipmentCount()).toBe(0);
      });
    });
  });

  describe('webhooks', () => {
    it('Steadfast: a right bearer token records the update; delivered marks the order Delivered', async () => {
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      const cid = Number(c.consignment_id);
      const tracking = await steadfastHook({ notification_type: 'tracking_update', consignment_id: cid, invoice: order.orderId, tracking_message: 'Parcel reached the Mirpur hub', updated_at: dhakaTime(1) });
      expect(tracking.statusCode).toBe(200);
      expect(tracking.json()).toEqual({ status: 'success', message: 'Webhook received successfully.' });
      const deliveredAt = dhakaTime(90);
      const res = await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, invoice: order.orderId, cod_amount: 3050, status: 'delivered', delivery_charge: 80, tracking_message: 'Delivered to the customer', updated_at: deliveredAt });
      expect(res.statusCode).toBe(200);
      expect((await orderRow(order._id)).status).toBe('Delivered');
      const [shipment] = await t.database.db.select().from(shipments);
      expect(shipment).toMatchObject({ status: 'delivered', stage: 'delivered', final: true });
      const events = await t.database.db.select().from(courierEvents).where(eq(courierEvents.orderId, order._id)).orderBy(courierEvents.at);
      expect(events.map((e) => [e.status, e.stage, e.message])).toEqual([
        ['in_review', 'booked', `Booked with Steadfast: tracking code ${c.tracking_code}.`],
        ['tracking_update', 'note', 'Parcel reached the Mirpur hub'],
        ['delivered', 'delivered', 'Delivered to the customer'],
      ]);
      // Steadfast's times are Dhaka time (UTC+6).
      expect(Math.abs(events[2]!.at.getTime() - (Date.now() + 90 * 60_000))).toBeLessThan(60_000);

      // The same webhook again (Steadfast retries) adds nothing.
      await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, invoice: order.orderId, status: 'delivered', tracking_message: 'Delivered to the customer', updated_at: deliveredAt });
      expect(await eventCount()).toBe(3);

      // Another word for the same stage is a timeline entry, but does not undo the admin's later change.
      const a = await admin();
      await t.api().patch(`/api/order/update-status/${order._id}`, { status: 'Received' }, { headers: a.auth });
      await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, status: 'delivered_approval_pending', tracking_message: 'Approved', updated_at: dhakaTime(95) });
      expect(await eventCount()).toBe(4);
      expect((await orderRow(order._id)).status).toBe('Received');
    });

    it("Steadfast's own fake sends a webhook that Haat accepts", async () => {
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      steadfast.configureWebhook(`${await appUrl()}/api/courier/steadfast/webhook`, WEBHOOK_TOKEN);
      expect((await steadfast.deliver(Number(c.consignment_id), 'pending', 'Picked up by rider')).status).toBe(200);
      expect((await t.database.db.select().from(shipments))[0]).toMatchObject({ status: 'pending', stage: 'in_transit' });
    });

    it('refuses a webhook without the right secret with 401 and changes nothing', async () => {
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      const body = { notification_type: 'delivery_status', consignment_id: Number(c.consignment_id), status: 'delivered', tracking_message: 'x', updated_at: '2026-11-22 19:30:00' };
      const before = await eventCount();
      for (const token of [null, 'wrong-token-wrong-token-00000', `${WEBHOOK_TOKEN}x`]) {
        const res = await steadfastHook(body, token);
        expect(res.statusCode).toBe(401);
      }
      // A bad secret with a bad body is still 401: nothing about the body is told.
      expect((await steadfastHook({}, 'nope')).statusCode).toBe(401);
      for (const secret of [null, 'not-the-secret', PATHAO_SECRET.toUpperCase()]) {
        const res = await pathaoHook({ event: 'webhook_integration' }, secret);
        expect(res.statusCode).toBe(401);
        expect(res.headers['x-pathao-merchant-webhook-integration-secret']).toBeUndefined();
      }
      expect(await eventCount()).toBe(before);
      expect((await orderRow(order._id)).status).toBe('Pending');
    });

    it("Pathao: the integration handshake is answered 202 with Pathao's documented header value, never our secret; events still need X-PATHAO-Signature", async () => {
      const url = `${await appUrl()}/api/courier/pathao/webhook`;
      expect(await pathao.integrate(url, PATHAO_SECRET)).toEqual({ integrated: true, status: 202 });
      const res = await pathao.handshake(url, PATHAO_SECRET);
      expect(res.headers.get('x-pathao-merchant-webhook-integration-secret')).toBe(PATHAO_HANDSHAKE_VALUE);
      expect(await res.text()).not.toContain(PATHAO_SECRET);
      // A caller with Pathao's public value as its "signature" is refused: only our secret signs events.
      expect(await pathao.integrate(url, PATHAO_HANDSHAKE_VALUE)).toEqual({ integrated: false, status: 401 });
      const order = await placeOrder();
      const a = await admin();
      const cid = (await book(order._id, { provider: 'pathao', city_id: 1, zone_id: 12 }, a.auth)).json().data.courier.consignment_id;
      expect((await pathao.event(url, PATHAO_HANDSHAKE_VALUE, cid, 'order.delivered')).status).toBe(401);
      expect((await orderRow(order._id)).status).toBe('Pending');
      expect((await pathao.event(url, PATHAO_SECRET, cid, 'order.delivered')).status).toBe(202);
      expect((await orderRow(order._id)).status).toBe('Delivered');
    });

    it('maps each Pathao event: picked, in transit, delivered; returned gives the stock back; partial keeps the status with a note', async () => {
      const a = await admin();
      const deliveredOrder = await placeOrder();
      const returnedOrder = await placeOrder({ stock: 5, quantity: 2 });
      const partialOrder = await placeOrder();
      const cid: Record<string, string> = {};
      for (const o of [deliveredOrder, returnedOrder, partialOrder]) {
        const res = await book(o._id, { provider: 'pathao', city_id: 1, zone_id: 12 }, a.auth);
        cid[o._id] = res.json().data.courier.consignment_id;
      }
      let minute = 0;
      const send = async (orderId: string, event: string, extra: object = {}) => {
        const res = await pathaoHook({ consignment_id: cid[orderId], merchant_order_id: 'x', updated_at: dhakaTime(++minute), timestamp: new Date().toISOString(), store_id: 4242, event, ...extra });
        expect(res.statusCode, res.body).toBe(202);
      };
      await send(deliveredOrder._id, 'order.picked');
      await send(deliveredOrder._id, 'order.in-transit');
      expect((await orderRow(deliveredOrder._id)).status).toBe('Pending');
      await send(deliveredOrder._id, 'order.delivered');
      expect((await orderRow(deliveredOrder._id)).status).toBe('Delivered');

      expect(await stockOf(t.database.db, returnedOrder.productId)).toBe(3);
      await send(returnedOrder._id, 'order.returned', { reason: 'Customer refused' });
      expect(await orderRow(returnedOrder._id)).toMatchObject({ status: 'Return', stockReserved: false });
      expect(await stockOf(t.database.db, returnedOrder.productId)).toBe(5);

      await send(partialOrder._id, 'order.partial-delivery', { collected_amount: 1500 });
      expect((await orderRow(partialOrder._id)).status).toBe('Pending');

      const list = (await t.api().get('/api/order/get-all-order', { headers: a.auth })).json().data as { _id: string; courier: { stage: string; timeline: { stage: string; message: string }[] } }[];
      const view = (id: string) => list.find((o) => o._id === id)!.courier;
      expect(view(deliveredOrder._id).timeline.map((e) => e.stage)).toEqual(['booked', 'picked', 'in_transit', 'delivered']);
      expect(view(returnedOrder._id).timeline.at(-1)).toMatchObject({ stage: 'returned', message: 'Pathao: Returned — Customer refused' });
      expect(view(partialOrder._id)).toMatchObject({ stage: 'partial' });
      expect(view(partialOrder._id).timeline.at(-1)!.message).toBe('Pathao: Partial delivery Partly delivered: the order keeps its status; a return is open for the items that come back.');
    });

    it('Steadfast: each event once, and an event older than the last one applied changes nothing', async () => {
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      const cid = Number(c.consignment_id);
      const pendingAt = dhakaTime(5);
      const deliveredAt = dhakaTime(90);
      const timeline = async () => (await t.database.db.select().from(courierEvents).where(eq(courierEvents.orderId, order._id)).orderBy(courierEvents.at)).map((e) => e.status);
      expect((await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, status: 'delivered', tracking_message: 'Delivered to the customer', updated_at: deliveredAt })).statusCode).toBe(200);
      // The pickup's webhook, delayed, arrives after the delivery: the parcel stays delivered.
      expect((await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, status: 'pending', tracking_message: 'Picked up by rider', updated_at: pendingAt })).statusCode).toBe(200);
      // A retry of the delivery with another text is still the one delivery.
      expect((await steadfastHook({ notification_type: 'delivery_status', consignment_id: cid, status: 'delivered', updated_at: deliveredAt })).statusCode).toBe(200);
      // So is an older tracking note.
      expect((await steadfastHook({ notification_type: 'tracking_update', consignment_id: cid, tracking_message: 'At the Mirpur hub', updated_at: pendingAt })).statusCode).toBe(200);
      expect(await timeline()).toEqual(['in_review', 'delivered']);
      expect((await t.database.db.select().from(shipments).where(eq(shipments.orderId, order._id)))[0]).toMatchObject({ status: 'delivered', stage: 'delivered', final: true });
      expect((await orderRow(order._id)).status).toBe('Delivered');
      const seen = await track(order.orderId, dhakaGuest.mobile);
      expect(seen.json().data.timeline.map((e: { stage: string }) => e.stage)).toEqual(['placed', 'booked', 'delivered']);
    });

    it('Pathao: a late older event does not move the parcel back, and the poll reading what a webhook told adds nothing', async () => {
      const a = await admin();
      const order = await placeOrder();
      const cid = (await book(order._id, { provider: 'pathao', city_id: 1, zone_id: 12 }, a.auth)).json().data.courier.consignment_id as string;
      const url = `${await appUrl()}/api/courier/pathao/webhook`;
      expect((await pathao.event(url, PATHAO_SECRET, cid, 'order.picked')).status).toBe(202);
      // The poll asks Pathao's order info ('Picked', the same updated_at): the same event, no second row.
      const deps = directDeps();
      await pollShipments(deps, { staleMs: -1 });
      // In the order they were recorded: Pathao's times are to the second, so its first event may carry a time before the booking's.
      const stages = async () => (await t.database.db.select().from(courierEvents).where(eq(courierEvents.orderId, order._id)).orderBy(courierEvents.createdAt)).map((e) => e.stage);
      expect(await stages()).toEqual(['booked', 'picked']);
      // Pathao's in-transit event at 10 minutes is delayed past the delivery at 20.
      // Each time is read once: a replay carries the same updated_at (read twice, a busy machine could cross a second between them).
      const [inTransitAt, deliveredAt] = [dhakaTime(10), dhakaTime(20)];
      const hook = (event: string, updated_at: string) =>
        pathaoHook({ consignment_id: cid, merchant_order_id: order.orderId, updated_at, timestamp: new Date().toISOString(), store_id: 4242, event });
      expect((await hook('order.delivered', deliveredAt)).statusCode).toBe(202);
      expect((await hook('order.in-transit', inTransitAt)).statusCode).toBe(202);
      expect((await hook('order.delivered', deliveredAt)).statusCode).toBe(202);
      expect(await stages()).toEqual(['booked', 'picked', 'delivered']);
      expect((await t.database.db.select().from(shipments).where(eq(shipments.orderId, order._id)))[0]).toMatchObject({ stage: 'delivered', final: true });
      expect((await orderRow(order._id)).status).toBe('Delivered');
    });

    it('Steadfast cancelled → Return with the stock back; an unknown consignment answers 404', async () => {
      const order = await placeOrder({ stock: 4, quantity: 1 });
      const c = await bookSteadfast(order);
      const res = await steadfastHook({ notification_type: 'delivery_status', consignment_id: Number(c.consignment_id), status: 'cancelled', tracking_message: 'Customer cancelled', updated_at: '2026-11-22 12:00:00' });
      expect(res.statusCode).toBe(200);
      expect((await orderRow(order._id)).status).toBe('Return');
      expect(await stockOf(t.database.db, order.productId)).toBe(4);
      expect((await steadfastHook({ notification_type: 'delivery_status', consignment_id: 99, status: 'delivered', updated_at: '2026-11-22 12:00:00' })).statusCode).toBe(404);
    });
  });

  describe('poll', () => {
    it('catches a missed webhook, adds nothing when nothing changed, and two pollers at once ask about each parcel once', async () => {
      const deps = directDeps();
      const a = await placeOrder();
      const b = await placeOrder();
      const ca = await bookSteadfast(a);
      const cb = await bookSteadfast(b);
      steadfast.setStatus(Number(ca.consignment_id), 'delivered');
      steadfast.setStatus(Number(cb.consignment_id), 'pending');
      const asked = () => steadfast.calls.filter((c) => c.path.startsWith('/status_by_cid/')).length;

      const rounds = await Promise.all([pollShipments(deps), pollShipments(deps)]);
      expect(rounds.map((r) => r.asked).sort()).toEqual([0, 2]);
      expect(asked()).toBe(2);
      expect((await orderRow(a._id)).status).toBe('Delivered');
      const events = await eventCount();
      expect(events).toBe(4);

      // Asked again later (staleMs 0): b is still pending, a is delivered and not asked again.
      await pollShipments(deps, { staleMs: -1 });
      expect(asked()).toBe(3);
      expect(await eventCount()).toBe(events);
    });

    it('a courier that is down is logged and tried again next round', async () => {
      const deps = directDeps();
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      steadfast.setStatus(Number(c.consignment_id), 'delivered');
      steadfast.inject({ path: '/status_by_cid', status: 503, times: 1 });
      const warned: string[] = [];
      expect(await pollShipments(deps, { log: { warn: (_o, msg) => void warned.push(msg) } })).toEqual({ asked: 1, failed: 1 });
      expect(warned).toEqual(['courier status poll failed']);
      expect((await orderRow(order._id)).status).toBe('Pending');
      await pollShipments(deps, { staleMs: -1 });
      expect((await orderRow(order._id)).status).toBe('Delivered');
    });
  });

  describe('GET /api/order/track', () => {
    it('answers the steps and timeline for the right mobile, in any of its forms, and nothing about the shopper', async () => {
      const order = await placeOrder();
      const c = await bookSteadfast(order);
      await steadfastHook({ notification_type: 'delivery_status', consignment_id: Number(c.consignment_id), status: 'pending', tracking_message: 'On the way', updated_at: dhakaTime(5) });
      for (const mobile of [dhakaGuest.mobile, '+880 1712-345678', '০১৭১২৩৪৫৬৭৮']) {
        const res = await track(order.orderId.toLowerCase(), mobile);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data;
        // exchange_for: the shopper's own earlier order number, for an exchange's replacement only (issue 42).
        expect(Object.keys(data).sort()).toEqual(['amounts', 'exchange_for', 'orderId', 'status', 'steps', 'timeline']);
        expect(data.orderId).toBe(order.orderId);
        expect(data.exchange_for).toBeNull();
        expect(data.status).toBe('Pending');
        expect(data.steps.map((s: { key: string; done: boolean }) => [s.key, s.done])).toEqual([
          ['placed', true],
          ['booked', true],
          ['picked', true],
          ['in_transit', true],
          ['delivered', false],
        ]);
        expect(data.timeline.map((e: { stage: string }) => e.stage)).toEqual(['placed', 'booked', 'in_transit']);
        expect(res.body).not.toContain('Mirpur');
        expect(res.body).not.toContain(dhakaGuest.mobile);
      }
    });

    it('shows an order delivered by hand as delivered, with its time, also once it came back (Return)', async () => {
      const order = await placeOrder();
      const a = await admin();
      expect((await t.api().patch(`/api/order/update-status/${order._id}`, { status: 'Delivered' }, { headers: a.auth })).statusCode).toBe(200);
      const [row] = await t.database.db.select({ deliveredAt: orders.deliveredAt }).from(orders).where(eq(orders.id, order._id));
      const delivered = async () => (await track(order.orderId, dhakaGuest.mobile)).json().data.steps.find((s: { key: string }) => s.key === 'delivered');
      expect(await delivered()).toEqual({ key: 'delivered', label: 'Delivered', done: true, at: row!.deliveredAt!.toISOString() });
      // Every item came back (a return or an exchange received): the order moves to Return and keeps its delivery.
      await t.database.db.update(orders).set({ status: 'Return' }).where(eq(orders.id, order._id));
      const res = await track(order.orderId, dhakaGuest.mobile);
      expect(res.json().data.status).toBe('Return');
      expect(await delivered()).toEqual({ key: 'delivered', label: 'Delivered', done: true, at: row!.deliveredAt!.toISOString() });
    });

    it('answers 404 for a wrong mobile or an unknown order, the same words for both', async () => {
      const order = await placeOrder();
      const wrong = await track(order.orderId, '01899999999');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('No order matches that order id and mobile number.');
      const unknown = await track('HT-20260101-AAAAAA', dhakaGuest.mobile);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(wrong.json().message);
      expect((await track('', dhakaGuest.mobile)).statusCode).toBe(400);
    });

    it('counts wrong guesses per order number: past 20 they answer 429, but the owner’s right order id and mobile are still answered', async () => {
      const order = await placeOrder();
      // The owner looks it up often: right answers count against nobody's order limit.
      for (let i = 0; i < 25; i++) expect((await track(order.orderId, dhakaGuest.mobile)).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await track(order.orderId, `0189999${String(i).padStart(4, '0')}`)).statusCode);
      expect(codes.slice(0, 20)).toEqual(Array(20).fill(404));
      expect(codes[20]).toBe(429);
      const locked = await track(order.orderId.toLowerCase(), '01899990000');
      expect([locked.statusCode, locked.json().message]).toEqual([429, 'Too many look-ups. Please wait a few minutes and try again.']);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, from any address, still sees the order.
      const owner = await track(order.orderId, '+880 1712-345678');
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().data.orderId).toBe(order.orderId);
    });

    it('still limits every look-up per address, right ones included', async () => {
      const order = await placeOrder();
      const from = '10.77.0.1';
      const codes: number[] = [];
      for (let i = 0; i < 61; i++) codes.push((await t.api().from(from).get('/api/order/track', { query: { orderId: order.orderId, mobile: dhakaGuest.mobile } })).statusCode);
      expect(codes.slice(0, 60)).toEqual(Array(60).fill(200));
      expect(codes[60]).toBe(429);
    });
  });

  describe('settings', () => {
    it('needs every PATHAO_* setting or none, and never starts the sandbox courier in production', () => {
      expect(() => loadConfig({ PATHAO_BASE_URL: 'https://courier-api-sandbox.pathao.com', PATHAO_CLIENT_ID: 'x' })).toThrow(
        'Invalid configuration: PATHAO_CLIENT_SECRET must be set with the other PATHAO_* settings',
      );
      expect(Object.keys(createCouriers(loadConfig({})))).toEqual(['sandbox']);
      const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars', PUBLIC_URL: 'https://shop.example.com' });
      expect(Object.keys(createCouriers(production))).toEqual([]);
      expect(Object.keys(createCouriers(t.config)).sort()).toEqual(['pathao', 'steadfast']);
    });

    it('a Pathao that hangs past the timeout is "unavailable", not a refusal', async () => {
      const client = new PathaoClient({ ...pathao.credentials, baseUrl: pathao.baseUrl, clientId: pathao.credentials.client_id, clientSecret: pathao.credentials.client_secret, storeId: 4242, timeoutMs: 1_500 });
      expect(await client.cities()).toHaveLength(2); // signs in first, so only the zone list is slow below
      pathao.inject({ path: '/cities/2/zone-list', delayMs: 4_000, times: 1 });
      const slow = await client.zones(2).then(() => null, (e: unknown) => e);
      expect(slow).toBeInstanceOf(ProviderError);
      expect(slow).toMatchObject({ kind: 'timeout', message: 'Pathao did not answer in time.' });
      // A failure is not cached: the next call asks again and gets the list.
      expect((await client.zones(2)).map((c) => c.name)).toEqual(['Agrabad', 'Halishahar']);
    });
  });
});

describe('the poll timer, with the sandbox courier of a shop without courier settings', () => {
  const t = useTestApp({ COURIER_POLL_SECONDS: '60' });

  it('runs while the server listens, moves sandbox parcels along, and stops on close', async () => {
    const product = await makeProduct(t.database.db, { stock: 5 });
    const placed = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    const order = placed.json().data as { _id: string };
    const a = await makeUser(t.database.db, t.config, 'ADMIN');
    const providers = await t.api().get('/api/courier/providers', { headers: a.auth });
    expect(providers.json().data).toEqual([{ provider: 'sandbox', label: 'Sandbox courier (demo: no parcel is sent)', places: false }]);
    const booked = await t.api().post(`/api/order/${order._id}/courier`, { provider: 'sandbox' }, { headers: a.auth });
    expect(booked.json().data.courier).toMatchObject({ provider: 'sandbox', status: 'in_review' });

    // Not listening yet (inject only): no schedule, and no poll has run.
    const schedule = () => queryRows(t.database, sql`SELECT cron FROM pgboss.schedule WHERE name = ${`${t.config.JOBS_QUEUE}/courier.poll`}`);
    expect(await schedule()).toEqual([]);
    expect((await t.database.db.select().from(shipments))[0]!.status).toBe('in_review');

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Written by the listening server (its onListen hook runs beside listen's answer).
    await expect.poll(schedule, { timeout: 10_000, interval: 100 }).toEqual([{ cron: '* * * * *' }]);
    // pg-boss sends a run on each minute; two runs are sent here as it would, for the app's worker to run.
    const cron = await startJobs(t.database, t.config.JOBS_QUEUE, () => {}, { worker: false });
    const status = async () => (await t.database.db.select().from(orders).where(eq(orders.id, order._id)))[0]!.status;
    await cron.enqueue(t.database.db, 'courier.poll', {}, { maxAttempts: 1 });
    await expect.poll(async () => (await t.database.db.select().from(shipments))[0]!.stage, { timeout: 15_000, interval: 100 }).toBe('in_transit');
    // The next run, a minute on.
    await t.database.db.update(shipments).set({ polledAt: new Date(Date.now() - 60_000) });
    await cron.enqueue(t.database.db, 'courier.poll', {}, { maxAttempts: 1 });
    await expect.poll(status, { timeout: 15_000, interval: 100 }).toBe('Delivered');
    const stages = (await t.database.db.select().from(courierEvents).orderBy(courierEvents.at)).map((e) => e.stage);
    expect(stages).toEqual(['booked', 'in_transit', 'delivered']);
    await t.app.close();
    expect(t.app.server.listening).toBe(false);
  });
});
