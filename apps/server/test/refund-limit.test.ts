import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, refunds } from '../src/db/schema';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';
import { dhakaGuest, makeAddress, makeProduct, makeUser, multipart, useTestApp, type TestContext, type TestUser } from './support';

/**
 * Issue 28 (decision 0066): the Orders role refunds up to a limit the Owner
 * sets; over it the refund is refused before bKash is asked, and nothing
 * changes. The Owner and Managers are not limited. Against the bKash fake.
 */

let fake: FakeBkash;
const env: Record<string, string> = { RATE_LIMITS: 'off' };
beforeAll(async () => {
  fake = await startFakeBkash();
  Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '5000' }));
});
afterAll(() => fake?.close());

/** A bKash-paid order of `price` × 1, cancelled (so it may be refunded): its id and bKash payment. */
async function cancelledPaidOrder(t: TestContext, price: number) {
  const owner = await makeUser(t.database.db, t.config, 'ADMIN');
  const product = await makeProduct(t.database.db, { price, stock: 5 });
  const placed = await t.api().post('/api/order', { method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
  expect(placed.statusCode, placed.body).toBe(201);
  const { _id, bkashURL, total_amount } = placed.json().data as { _id: string; bkashURL: string; total_amount: number };
  const paymentID = new URL(bkashURL).searchParams.get('paymentID')!;
  const back = await fake.approve(paymentID);
  await t.api().get(back.pathname + back.search);
  expect((await t.api().as(owner).patch(`order/update-status/${_id}`, { status: 'Cancel' })).statusCode).toBe(200);
  return { id: _id, paymentID, total: total_amount, owner };
}

describe('the Orders role refunds up to the owner’s limit', () => {
  const t = useTestApp(env);
  beforeEach(() => fake.reset());

  it('is 0 until the Owner sets it: an Orders refund is refused, bKash is not asked, nothing changes', async () => {
    const order = await cancelledPaidOrder(t, 1000);
    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    expect((await t.api().as(clerk).get('refund-limit')).json().data).toEqual({ limit: 0 });
    const refused = await t.api().as(clerk).post(`order/${order.id}/refund`, { reason: 'Out of stock' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REFUND_OVER_LIMIT', message: `Orders staff may refund up to ৳0; this refund is ৳${order.total}. Ask the owner or a manager.` });
    expect(fake.ledger.payments.get(order.paymentID)!.refunds).toHaveLength(0);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentState: 'paid', refundTrxId: null });
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'refund'))).length).toBe(0);
  });

  it('the Owner sets it (recorded); an Orders refund within it goes through, one above it does not; a Manager is not limited', async () => {
    const small = await cancelledPaidOrder(t, 500);
    const large = await cancelledPaidOrder(t, 3000);
    const boss = small.owner;
    const set = await t.api().as(boss).put('refund-limit', { limit: 1000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ limit: 1000 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings')).orderBy(asc(auditLog.at));
    expect(entry).toMatchObject({ actorId: boss.id, before: { ordersRefundLimit: 0 }, after: { ordersRefundLimit: 1000 } });

    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    const ok = await t.api().as(clerk).post(`order/${small.id}/refund`, { reason: 'Out of stock' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(fake.ledger.payments.get(small.paymentID)!.refunds).toHaveLength(1);
    const over = await t.api().as(clerk).post(`order/${large.id}/refund`, { reason: 'Out of stock' });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('REFUND_OVER_LIMIT');
    expect(fake.ledger.payments.get(large.paymentID)!.refunds).toHaveLength(0);

    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    const done = await t.api().as(manager).post(`order/${large.id}/refund`, { reason: 'Out of stock' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, large.id));
    expect(row).toMatchObject({ paymentState: 'refunded', refundedAmount: large.total });
  });

  it('refuses a bad limit with a 400 naming the field, and anyone but the Owner setting it', async () => {
    const boss = await makeUser(t.database.db, t.config, 'ADMIN');
    for (const limit of [-1, 1.5, 'lots', 10_000_001]) {
      const res = await t.api().as(boss).put('refund-limit', { limit });
      expect(res.statusCode).toBe(400);
      expect(res.json().params).toMatchObject({ field: 'limit' });
    }
    const manager = await makeUser(t.database.db, t.config, 'MANAGER');
    expect((await t.api().as(manager).put('refund-limit', { limit: 5000 })).statusCode).toBe(403);
    expect((await t.api().as(boss).get('refund-limit')).json().data).toEqual({ limit: 0 });
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });
});

/**
 * Issue 41: the limit held per refund only, so three ৳300 refunds of one
 * order passed a ৳300 limit. It now holds over all the order's refunds, and
 * over each Orders staff member's refunds of the last 24 hours.
 */
describe('the Orders limit holds over split refunds (issue 41)', () => {
  const t = useTestApp(env);
  let boss: TestUser;
  const asBoss = () => t.api().as(boss);
  /** A delivered COD order of `quantity` × ৳`price`, its units all returned and received: refundable by hand. */
  async function receivedReturn(price: number, quantity: number) {
    const shopper = await makeUser(t.database.db, t.config);
    const address = await makeAddress(t.database.db, shopper.id);
    const product = await makeProduct(t.database.db, { price, stock: 10 });
    const placed = await t.api().as(shopper).post('order', { method: 'CASH-ON-DELIVERY', addressId: address, list_items: [{ product_id: product.id, quantity }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { _id: string; product_details: { _id: string }[] };
    expect((await asBoss().patch(`order/update-status/${order._id}`, { status: 'Delivered' })).statusCode).toBe(200);
    const asked = await t.api().as(shopper).post(`order/${order._id}/returns`, multipart({ request: JSON.stringify({ kind: 'return', items: [{ item_id: order.product_details[0]!._id, quantity }], reason: 'wrong_item' }) }));
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data as { _id: string };
    expect((await asBoss().post(`returns/${ret._id}/decision`, { decision: 'approve', pickup: 'manual' })).statusCode).toBe(200);
    expect((await asBoss().post(`returns/${ret._id}/receive`, {})).statusCode).toBe(200);
    return { orderId: order._id, returnId: ret._id };
  }
  const refundedOn = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.refundedAmount ?? 0;

  it('three ৳300 refunds of one order do not pass a ৳300 limit: the second is refused and changes nothing', async () => {
    boss = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await asBoss().put('refund-limit', { limit: 300 })).statusCode).toBe(200);
    const { orderId, returnId } = await receivedReturn(300, 3);
    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await t.api().as(clerk).post(`returns/${returnId}/refund`, { method: 'cash', amount: 300 }));
    expect(tries.map((r) => r.statusCode)).toEqual([200, 403, 403]);
    expect(tries[1]!.json()).toMatchObject({
      code: 'REFUND_ORDER_OVER_LIMIT',
      message: 'Orders staff may refund up to ৳300 on an order; ৳300 was refunded on it already and this refund is ৳300. Ask the owner or a manager.',
    });
    expect(await refundedOn(orderId)).toBe(300);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    // Another clerk cannot take the rest either; the owner can.
    const other = await makeUser(t.database.db, t.config, 'ORDERS');
    expect((await t.api().as(other).post(`returns/${returnId}/refund`, { method: 'cash', amount: 1 })).json().code).toBe('REFUND_ORDER_OVER_LIMIT');
    expect((await asBoss().post(`returns/${returnId}/refund`, { method: 'cash', amount: 600 })).statusCode).toBe(200);
    expect(await refundedOn(orderId)).toBe(900);
  });

  it('one clerk refunds at most the limit a day over all orders; another clerk has their own day; 24 hours later it is free again', async () => {
    boss = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await asBoss().put('refund-limit', { limit: 300 })).statusCode).toBe(200);
    const orders3 = [await receivedReturn(200, 1), await receivedReturn(200, 1), await receivedReturn(200, 1)];
    const clerk = await makeUser(t.database.db, t.config, 'ORDERS');
    const first = await t.api().as(clerk).post(`returns/${orders3[0]!.returnId}/refund`, { method: 'cash', amount: 200 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.api().as(clerk).post(`returns/${orders3[1]!.returnId}/refund`, { method: 'cash', amount: 200 });
    expect([second.statusCode, second.json().code, second.json().message]).toEqual([
      403,
      'REFUND_DAILY_OVER_LIMIT',
      'Orders staff may refund up to ৳300 a day; you refunded ৳200 in the last 24 hours and this refund is ৳200. Ask the owner or a manager.',
    ]);
    expect(await refundedOn(orders3[1]!.orderId)).toBe(0);
    // What is left of the day still goes.
    expect((await t.api().as(clerk).post(`returns/${orders3[1]!.returnId}/refund`, { method: 'cash', amount: 100 })).statusCode).toBe(200);
    // Another clerk's day is their own.
    const other = await makeUser(t.database.db, t.config, 'ORDERS');
    expect((await t.api().as(other).post(`returns/${orders3[2]!.returnId}/refund`, { method: 'cash', amount: 200 })).statusCode).toBe(200);
    // A day later the first clerk may refund again (the refunds moved back in time; no waiting on the clock).
    await t.database.db.execute(sql`update refunds set done_at = done_at - interval '24 hours 1 minute' where by_id = ${clerk.id}`);
    expect((await t.api().as(clerk).post(`returns/${orders3[1]!.returnId}/refund`, { method: 'cash', amount: 100 })).statusCode).toBe(200);
  });
});
