import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@haat/shared/constants';
import { ORDER_TRANSITIONS, type OrderActor } from '@haat/shared/order-status';
import { courierEvents, orders } from '../src/db/schema';
import { AppError } from '../src/lib/errors';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { dhakaGuest, makeProduct, makeUser, stockOf, useTestApp } from './support';

/**
 * Decision 0054: every change of an order's status goes through one function,
 * checked against the shared table. Each actor's real path (the admin's route,
 * a courier's webhook, bKash's callback, the expiry sweep) is run twice: with
 * the table as it is (today's behaviour: the move happens), and with that
 * actor's row narrowed so the move is not in it (the path answers 409 with the
 * table's reason and changes nothing): so the path asks the table.
 */

/** Runs `fn` with the table's `actor` × `from` entry narrowed to `to`, then puts it back (files share the worker's modules). */
async function narrowed<T>(actor: OrderActor, from: OrderStatus, to: readonly OrderStatus[], fn: () => Promise<T>): Promise<T> {
  const row = ORDER_TRANSITIONS[actor];
  const kept = row[from];
  row[from] = to;
  try {
    return await fn();
  } finally {
    row[from] = kept;
  }
}

const WEBHOOK_TOKEN = 'steadfast-webhook-token-0123456789';
const dhakaTime = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('one owner of an order’s status', () => {
  let bkash: FakeBkash;
  let steadfast: SteadfastFake;
  const env: Record<string, string> = { STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN };
  beforeAll(async () => {
    bkash = await startFakeBkash();
    steadfast = await startSteadfastFake();
    Object.assign(env, bkash.env({ BKASH_TIMEOUT_MS: '5000' }), { STEADFAST_BASE_URL: steadfast.baseUrl, STEADFAST_API_KEY: steadfast.apiKey, STEADFAST_SECRET_KEY: steadfast.secretKey });
  });
  afterAll(async () => {
    await bkash?.close();
    await steadfast?.close();
  });
  const t = useTestApp(env);
  beforeEach(() => {
    bkash.reset();
    steadfast.reset();
  });

  let shopper = 0;
  const ip = () => `10.7.${Math.floor(++shopper / 250)}.${shopper % 250}`;
  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  async function place(method: 'CASH-ON-DELIVERY' | 'bkash') {
    const product = await makeProduct(t.database.db, { name: 'Nakshi kantha', price: 900, stock: 5 });
    const res = await t.api().from(ip()).post('/api/order', { method, ...(method === 'bkash' && { mobile: '01770618575' }), list_items: [{ product_id: product.id, quantity: 2 }], guest_user_delivery_address: dhakaGuest });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { _id: string; orderId: string; bkashURL?: string };
    return { ...data, productId: product.id, paymentID: data.bkashURL ? new URL(data.bkashURL).searchParams.get('paymentID')! : '' };
  }

  it('admin: PATCH /order/update-status goes through the table; a move not in it answers 409 with the reason and changes nothing', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const order = await place('CASH-ON-DELIVERY');
    const patch = (status: OrderStatus) => t.api().patch(`/api/order/update-status/${order._id}`, { status }, { headers: admin.auth });
    const refused = await narrowed('admin', 'Pending', ['Pending', 'Received'], () => patch('Cancel'));
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'The admin cannot move a Pending order to Cancel; it may move it to Pending, Received.']);
    expect(await row(order._id)).toMatchObject({ status: 'Pending', stockReserved: true });
    expect(await stockOf(t.database.db, order.productId)).toBe(3);
    // Today's table: any status, and the stock follows.
    expect((await patch('Cancel')).statusCode).toBe(200);
    expect(await row(order._id)).toMatchObject({ status: 'Cancel', stockReserved: false });
    expect(await stockOf(t.database.db, order.productId)).toBe(5);
  });

  it('courier: a delivered webhook moves the order through the table; refused, the whole update rolls back with 409', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const order = await place('CASH-ON-DELIVERY');
    const booked = await t.api().post(`/api/order/${order._id}/courier`, { provider: 'steadfast' }, { headers: admin.auth });
    expect(booked.statusCode, booked.body).toBe(200);
    const cid = Number(booked.json().data.courier.consignment_id);
    const hook = () =>
      t.api().post('/api/courier/steadfast/webhook', { notification_type: 'delivery_status', consignment_id: cid, invoice: order.orderId, status: 'delivered', tracking_message: 'Delivered to the customer', updated_at: dhakaTime(30) }, { headers: { authorization: `Bearer ${WEBHOOK_TOKEN}` } });
    const events = async () => (await t.database.db.select({ n: count() }).from(courierEvents).where(eq(courierEvents.orderId, order._id)))[0]!.n;
    const before = await events();
    const refused = await narrowed('courier', 'Pending', ['Return'], hook);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'A courier update cannot move a Pending order to Delivered; it may move it to Return.']);
    expect((await row(order._id)).status).toBe('Pending');
    expect(await events()).toBe(before);
    const done = await hook();
    expect(done.statusCode).toBe(200);
    expect((await row(order._id)).status).toBe('Delivered');
  });

  it('payment: bKash’s own Cancelled cancels the order through the table; refused, the callback answers 409 and the order waits', async () => {
    const order = await place('bkash');
    const back = await bkash.cancel(order.paymentID);
    const follow = () => t.api().get(back.pathname + back.search);
    const refused = await narrowed('payment', 'Pending', [], follow);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'A bKash payment cannot move a Pending order to Cancel; it may not move it at all.']);
    expect(await row(order._id)).toMatchObject({ status: 'Pending', paymentState: 'awaiting', stockReserved: true });
    const done = await follow();
    expect([done.statusCode, done.headers.location]).toEqual([302, '/order-cancel?reason=cancelled']);
    expect(await row(order._id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(t.database.db, order.productId)).toBe(5);
  });

  it('expiry: the sweep cancels an unpaid order past its time through the table; refused, it throws 409 and cancels nothing', async () => {
    const order = await place('bkash');
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${order._id}`);
    const deps = { db: t.database.db, gateway: bkash.client(), log: t.app.log };
    const refused = await narrowed('expiry', 'Pending', ['Pending'], () => sweepExpiredPayments(deps, 30).catch((err: unknown) => err));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, message: 'The unpaid-order expiry cannot move a Pending order to Cancel; it may move it to Pending.' });
    expect(await row(order._id)).toMatchObject({ status: 'Pending', paymentState: 'awaiting' });
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 1, paid: 0, left: 0 });
    expect(await row(order._id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
  });
});
