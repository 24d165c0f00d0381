import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@haat/shared/constants';
import type { OrderView } from '@haat/shared/schemas/order';
import type { Db } from '../src/db/client';
import { deliveryRecordCache, orders } from '../src/db/schema';
import { SteadfastClient } from '../src/integrations/steadfast';
import { newId } from '../src/lib/ids';
import { createDeliveryRecords } from '../src/modules/delivery-record/service';
import { newOrderCode } from '../src/modules/orders/service';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { useTestApp, makeUser } from './support';

/** The COD risk check: `delivery_record` on the admin's order answers (issue 12). */

const BUYER = '01712345678';
const NEWCOMER = '01912345678';

/** An order straight in the database, at a guest or a signed-in address with this phone. */
async function makeOrder(db: Db, phone: string, status: OrderStatus, opts: { method?: string; signedIn?: boolean; createdAt?: Date } = {}) {
  const address = { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: phone };
  const id = newId();
  await db.insert(orders).values({
    id,
    orderId: newOrderCode(),
    status,
    paymentStatus: opts.method ?? 'CASH-ON-DELIVERY',
    mobile: opts.method && opts.method !== 'CASH-ON-DELIVERY' ? '01600000000' : phone,
    subTotalAmount: 500,
    deliveryFee: 50,
    totalAmount: 550,
    deliveryAddress: opts.signedIn ? address : null,
    guestDeliveryAddress: opts.signedIn ? null : address,
    stockReserved: status !== 'Cancel' && status !== 'Return',
    createdAt: opts.createdAt ?? new Date(),
  });
  return id;
}

async function adminList(t: ReturnType<typeof useTestApp>, auth: Record<string, string>): Promise<OrderView[]> {
  const res = await t.api().get('/api/order/get-all-order', { headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('delivery record from the shop’s own history (no courier keys)', () => {
  const t = useTestApp();

  it('counts delivered or received against returned or cancelled orders for the buyer’s phone', async () => {
    const db = t.database.db;
    const admin = await makeUser(db, t.config, 'ADMIN');
    for (const s of ['Delivered', 'Delivered', 'Received'] as const) await makeOrder(db, BUYER, s);
    await makeOrder(db, BUYER, 'Delivered', { signedIn: true }); // the same phone at a signed-in address
    await makeOrder(db, BUYER, 'Return');
    await makeOrder(db, BUYER, 'Cancel', { signedIn: true });
    await makeOrder(db, '01812345678', 'Return'); // someone else
    const pending = await makeOrder(db, BUYER, 'Pending', { createdAt: new Date(Date.now() + 60_000) });
    const fresh = await makeOrder(db, NEWCOMER, 'Pending', { createdAt: new Date(Date.now() + 120_000) });

    const list = await adminList(t, admin.auth);
    const byId = new Map(list.map((o) => [o._id, o]));
    expect(byId.get(pending)!.delivery_record).toEqual({ delivered: 4, returned: 2, ratio: 0.67, source: 'own' });
    expect(byId.get(fresh)!.delivery_record).toEqual({ delivered: 0, returned: 0, ratio: null, source: 'own' });
    // Every order of the page has one, whatever its status or payment.
    expect(list.every((o) => o.delivery_record !== undefined)).toBe(true);
  });

  it('answers a status change with the record it now makes, and only admins see records', async () => {
    const db = t.database.db;
    const admin = await makeUser(db, t.config, 'ADMIN');
    await makeOrder(db, BUYER, 'Delivered');
    const id = await makeOrder(db, BUYER, 'Pending');
    const res = await t.api().patch(`/api/order/update-status/${id}`, { status: 'Return' }, { headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.delivery_record).toEqual({ delivered: 1, returned: 1, ratio: 0.5, source: 'own' });

    const shopper = await makeUser(db, t.config);
    const mine = await t.api().get('/api/order/get-order', { headers: shopper.auth });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).not.toContain('delivery_record');
  });
});

describe('delivery record from Steadfast’s fraud check', () => {
  let fake: SteadfastFake;
  const settings: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startSteadfastFake();
    Object.assign(settings, { STEADFAST_BASE_URL: fake.baseUrl, STEADFAST_API_KEY: fake.apiKey, STEADFAST_SECRET_KEY: fake.secretKey });
  });
  afterAll(() => fake.close());
  const t = useTestApp(settings);
  let admin: { auth: Record<string, string> };
  beforeEach(async () => {
    fake.reset();
    admin = await makeUser(t.database.db, t.config, 'ADMIN');
  });
  const fraudCalls = () => fake.calls.filter((c) => c.path.startsWith('/fraud_check/'));
  const cacheRow = async (phone: string) => (await t.database.db.select().from(deliveryRecordCache).where(eq(deliveryRecordCache.phone, phone)))[0];

  it('shows Steadfast’s delivered and cancelled counts for a COD buyer, and keeps them 24 h', async () => {
    const db = t.database.db;
    fake.fraud.set(BUYER, { total_delivered: 9, total_cancelled: 3 });
    await makeOrder(db, BUYER, 'Return'); // own history differs: Steadfast's answer wins for COD
    const cod = await makeOrder(db, BUYER, 'Pending', { createdAt: new Date(Date.now() + 60_000) });
    const paid = await makeOrder(db, BUYER, 'Pending', { method: 'bkash', signedIn: true, createdAt: new Date(Date.now() + 120_000) });

    const started = Date.now();
    let byId = new Map((await adminList(t, admin.auth)).map((o) => [o._id, o]));
    expect(byId.get(cod)!.delivery_record).toEqual({ delivered: 9, returned: 3, ratio: 0.75, source: 'steadfast' });
    // A paid order risks no cash: the courier is not asked about it.
    expect(byId.get(paid)!.delivery_record).toEqual({ delivered: 0, returned: 1, ratio: 0, source: 'own' });
    expect(fraudCalls().map((c) => c.path)).toEqual([`/fraud_check/${BUYER}`]);
    expect(fraudCalls()[0]!.headers['api-key']).toBe(fake.apiKey);

    const row = await cacheRow(BUYER);
    expect(row).toMatchObject({ source: 'steadfast', delivered: 9, returned: 3 });
    const ttlHours = (row!.expiresAt.getTime() - started) / 3_600_000;
    expect(ttlHours).toBeGreaterThan(23.9);
    expect(ttlHours).toBeLessThan(24.1);

    // Cache hit: the answer comes from the table, Steadfast is not asked again (even when its counts change).
    fake.fraud.set(BUYER, { total_delivered: 0, total_cancelled: 50 });
    byId = new Map((await adminList(t, admin.auth)).map((o) => [o._id, o]));
    expect(byId.get(cod)!.delivery_record).toEqual({ delivered: 9, returned: 3, ratio: 0.75, source: 'steadfast' });
    expect(fraudCalls()).toHaveLength(1);

    // After 24 h the courier is asked again.
    await t.database.db.update(deliveryRecordCache).set({ expiresAt: new Date(Date.now() - 1000) });
    byId = new Map((await adminList(t, admin.auth)).map((o) => [o._id, o]));
    expect(byId.get(cod)!.delivery_record).toEqual({ delivered: 0, returned: 50, ratio: 0, source: 'steadfast' });
    expect(fraudCalls()).toHaveLength(2);
  });

  it('shares the cached answer with another process on the same database', async () => {
    const db = t.database.db;
    fake.fraud.set(BUYER, { total_delivered: 4, total_cancelled: 1 });
    await makeOrder(db, BUYER, 'Pending');
    expect((await adminList(t, admin.auth))[0]!.delivery_record!.source).toBe('steadfast');
    expect(fraudCalls()).toHaveLength(1);
    // A second server process: its own client and service, the same database.
    const other = createDeliveryRecords({
      db,
      steadfast: new SteadfastClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey }),
      log: t.app.log,
    });
    const [order] = await other.attach((await adminList(t, admin.auth)).map(({ delivery_record: _, ...o }) => o));
    expect(order!.delivery_record).toEqual({ delivered: 4, returned: 1, ratio: 0.8, source: 'steadfast' });
    expect(fraudCalls()).toHaveLength(1);
  });

  it('normalises the phone before asking (Bengali digits, +880)', async () => {
    const db = t.database.db;
    fake.fraud.set(BUYER, { total_delivered: 5, total_cancelled: 0 });
    // Addresses are validated as 11 digits, but an older row or another client may hold another spelling.
    const id = newId();
    await db.insert(orders).values({
      id,
      orderId: newOrderCode(),
      paymentStatus: 'CASH-ON-DELIVERY',
      mobile: '+8801712345678',
      subTotalAmount: 100,
      deliveryFee: 50,
      totalAmount: 150,
      guestDeliveryAddress: { address_line: 'Mirpur', city: 'Dhaka', mobile: '+৮৮০ ১৭১২-৩৪৫৬৭৮' },
    });
    const [order] = await adminList(t, admin.auth);
    expect(order!.delivery_record).toEqual({ delivered: 5, returned: 0, ratio: 1, source: 'steadfast' });
    expect(fraudCalls().map((c) => c.path)).toEqual([`/fraud_check/${BUYER}`]);
  });

  it('shows unknown on 429, and does not ask again for a few minutes', async () => {
    const db = t.database.db;
    fake.inject({ path: '/fraud_check', status: 429 });
    const id = await makeOrder(db, BUYER, 'Pending');
    const [order] = await adminList(t, admin.auth);
    expect(order!._id).toBe(id);
    expect(order!.delivery_record).toEqual({ delivered: null, returned: null, ratio: null, source: 'unknown' });
    const row = await cacheRow(BUYER);
    expect(row).toMatchObject({ source: 'unknown', delivered: null, returned: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    fake.clearFaults();
    fake.fraud.set(BUYER, { total_delivered: 1, total_cancelled: 0 });
    expect((await adminList(t, admin.auth))[0]!.delivery_record!.source).toBe('unknown');
    expect(fraudCalls()).toHaveLength(1);
    // Once the short wait is over, the next page asks and gets the answer.
    await db.update(deliveryRecordCache).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await adminList(t, admin.auth))[0]!.delivery_record).toEqual({ delivered: 1, returned: 0, ratio: 1, source: 'steadfast' });
  });

  it('shows unknown on a 5xx, and the status change still goes through', async () => {
    const db = t.database.db;
    fake.inject({ path: '/fraud_check', status: 503 });
    const id = await makeOrder(db, BUYER, 'Pending');
    const res = await t.api().patch(`/api/order/update-status/${id}`, { status: 'Delivered' }, { headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Delivered', delivery_record: { source: 'unknown', ratio: null } });
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status).toBe('Delivered');
  });

  it('gives up after 3 s when Steadfast hangs, for a whole page at once', async () => {
    const db = t.database.db;
    fake.inject({ path: '/fraud_check', delayMs: 20_000 });
    // Six COD buyers, all unanswered: the page still waits one deadline, not six.
    for (let i = 0; i < 6; i++) await makeOrder(db, `0171234560${i}`, 'Pending');
    const started = Date.now();
    const list = await adminList(t, admin.auth);
    const elapsed = Date.now() - started;
    expect(list).toHaveLength(6);
    expect(list.every((o) => o.delivery_record!.source === 'unknown')).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
    fake.clearFaults();
  });
});
