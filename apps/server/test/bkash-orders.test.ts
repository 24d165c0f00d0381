import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItems, orders } from '../src/db/schema';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { BkashClient } from '../src/integrations/bkash/client';
import { buildApp } from '../src/app';
import { startFakeBkash, FAKE_CREDS, type FakeBkash } from './fakes/bkash';
import { testConfig, tmpDir, useTestApp, type TestContext, dhakaGuest, makeAddress, makeProduct, makeUser, stockOf } from './support';

/**
 * Issue 12, bKash tokenized checkout through the API, with the fake as bKash
 * (real HTTP): paying, forged and replayed callbacks, every error code the
 * shopper can meet, refunds and the expiry sweep.
 */
let fake: FakeBkash;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeBkash();
  Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '1500' }));
});
afterAll(() => fake?.close());

let shopper = 0;
function helpers(t: TestContext) {
  const db = () => t.database.db;
  const order = (payload: object, headers: Record<string, string> = {}) =>
    t.api().from(`10.2.${Math.floor(++shopper / 250)}.${shopper % 250}`).post('/api/order', payload, { headers });
  const buyByBkash = async (price = 1200, stock = 5, quantity = 2) => {
    const product = await makeProduct(db(), { price, stock });
    const res = await order({ method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity }], guest_user_delivery_address: dhakaGuest });
    return { res, product };
  };
  const callback = (paymentID: string, status: string) => t.api().get(`/api/payment/bkash/callback?paymentID=${encodeURIComponent(paymentID)}&status=${status}`);
  const follow = async (back: URL) => t.api().get(back.pathname + back.search);
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = (bkashURL: string) => new URL(bkashURL).searchParams.get('paymentID')!;
  return { order, buyByBkash, callback, follow, row, paymentOf };
}

describe('bKash checkout with the gateway configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('creates the order unpaid with its stock reserved and answers data.bkashURL; the shop says bKash checkout is on', async () => {
    const { res, product } = await h.buyByBkash(1200, 5, 2);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    // 2 × 1200 + 50 inside Dhaka
    expect(data).toMatchObject({ status: 'Pending', payment_status: 'bkash', total_amount: 2450, paid: false, trx_id: null, refund_trx_id: null, transaction_id: '' });
    expect(data.bkashURL).toMatch(new RegExp(`^${fake.baseUrl}/pay\\?paymentID=TR0011`));
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const payment = fake.ledger.payments.get(h.paymentOf(data.bkashURL))!;
    expect(payment).toMatchObject({ amount: '2450', merchantInvoiceNumber: data.orderId, callbackURL: 'http://shop.test/api/payment/bkash/callback', payerReference: '01770618575', state: 'Initiated' });
    expect((await h.row(data._id)).paymentState).toBe('awaiting');
    expect((await t.api().get('/api/shop-info')).json().data.bkashCheckout).toBe(true);
  });

  it('approve → callback success → execute: the order is paid with the trxID, and a replayed callback executes nothing twice', async () => {
    const { res, product } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const back = await fake.approve(h.paymentOf(bkashURL));
    const executes = fake.ledger.calls.execute ?? 0;
    const done = await h.follow(back);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/order-success?text=Payment');
    const paid = await h.row(_id);
    expect(paid).toMatchObject({ paymentState: 'paid', paidAmount: 2450, status: 'Pending', stockReserved: true });
    expect(paid.trxId).toBe(fake.ledger.payments.get(h.paymentOf(bkashURL))!.trxID);
    // Replays, one after another and at once: all land on success, none executes again.
    const replays = await Promise.all([h.follow(back), h.follow(back), h.callback(h.paymentOf(bkashURL), 'cancel')]);
    expect(replays.map((r) => r.headers.location)).toEqual(Array(3).fill('/order-success?text=Payment'));
    expect((fake.ledger.calls.execute ?? 0) - executes).toBe(1);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    // Every answer that shows the order carries paid and trx_id.
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const listed = (await t.api().get('/api/order/get-all-order', { headers: admin.auth })).json().data[0];
    expect(listed).toMatchObject({ _id, paid: true, trx_id: paid.trxId, refund_trx_id: null });
    expect(listed.bkashURL).toBeUndefined();
  });

  it('a forged status=success for a payment nobody approved changes nothing; the real approval still pays', async () => {
    const { res, product } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const before = await h.row(_id);
    const forged = await h.callback(h.paymentOf(bkashURL), 'success');
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/order-cancel?reason=not-approved');
    expect(await h.row(_id)).toEqual(before);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    // A made-up paymentID, or none at all, changes nothing either.
    for (const url of ['/api/payment/bkash/callback?paymentID=TR0011NOSUCH&status=success', '/api/payment/bkash/callback', `/api/payment/bkash/callback?paymentID=${'9'.repeat(200)}&status=success`]) {
      const r = await t.api().get(url);
      expect([r.statusCode, r.headers.location], url).toEqual([302, '/order-cancel?reason=unknown']);
    }
    expect(await h.row(_id)).toEqual(before);
    const done = await h.follow(await fake.approve(h.paymentOf(bkashURL)));
    expect(done.headers.location).toBe('/order-success?text=Payment');
    expect((await h.row(_id)).paymentState).toBe('paid');
  });

  it('cancel or failure on bKash’s page cancels the order and gives the stock back; a later success executes nothing', async () => {
    for (const [action, reason] of [['cancel', 'cancelled'], ['fail', 'failed']] as const) {
      const { res, product } = await h.buyByBkash();
      const { _id, bkashURL } = res.json().data;
      const back = await fake[action](h.paymentOf(bkashURL));
      const done = await h.follow(back);
      expect(done.headers.location).toBe(`/order-cancel?reason=${reason}`);
      expect(await h.row(_id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false, trxId: null });
      expect(await stockOf(t.database.db, product.id)).toBe(5);
      const executes = fake.ledger.calls.execute ?? 0;
      const late = await h.callback(h.paymentOf(bkashURL), 'success');
      expect(late.headers.location).toBe('/order-cancel?reason=failed');
      expect(fake.ledger.calls.execute ?? 0).toBe(executes);
      expect(await stockOf(t.database.db, product.id)).toBe(5);
    }
  });

  it("a signed-in shopper's cart stays whole when the bKash payment is cancelled, and is emptied once it is paid", async () => {
    const user = await makeUser(t.database.db, t.config);
    const addressId = await makeAddress(t.database.db, user.id);
    const rice = await makeProduct(t.database.db, { name: 'Rice', price: 500, stock: 9 });
    const oil = await makeProduct(t.database.db, { name: 'Oil', price: 200, stock: 9 });
    const api = t.api().as(user);
    await api.post('cart/add-to-cart', { product_id: rice.id, quantity: 2 });
    await api.post('cart/add-to-cart', { product_id: oil.id, quantity: 1 });
    const cart = async () => (await t.database.db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, user.id))).sort((a, b) => a.quantity - b.quantity);
    const whole = [{ productId: oil.id, quantity: 1 }, { productId: rice.id, quantity: 2 }];
    const payByBkash = async () => (await h.order({ method: 'bkash', mobile: '01770618575', addressId }, user.auth)).json().data;

    const first = await payByBkash();
    expect(await cart()).toEqual(whole);
    expect((await h.follow(await fake.cancel(h.paymentOf(first.bkashURL)))).headers.location).toBe('/order-cancel?reason=cancelled');
    expect(await cart()).toEqual(whole);

    const second = await payByBkash();
    expect(second.total_amount).toBe(1200 + 50);
    expect((await h.follow(await fake.approve(h.paymentOf(second.bkashURL)))).headers.location).toBe('/order-success?text=Payment');
    expect(await cart()).toEqual([]);
  });

  it('a forged status=cancel or failure for another shopper’s unpaid order changes nothing until bKash says so; the shopper still pays', async () => {
    const { res, product } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const paymentID = h.paymentOf(bkashURL);
    const before = await h.row(_id);
    const asked = fake.ledger.calls.status ?? 0;
    for (const status of ['cancel', 'failure', 'nonsense']) {
      const forged = await h.callback(paymentID, status);
      expect([forged.statusCode, forged.headers.location]).toEqual([302, '/order-cancel?reason=not-approved']);
    }
    // bKash's payment/status was asked each time and said Initiated.
    expect((fake.ledger.calls.status ?? 0) - asked).toBe(3);
    expect(await h.row(_id)).toEqual(before);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    // bKash down while a cancel comes in: nothing is decided blind either.
    fake.ledger.faults.maintenance = true;
    expect((await h.callback(paymentID, 'cancel')).headers.location).toBe('/order-cancel?reason=maintenance');
    fake.ledger.faults.maintenance = false;
    expect(await h.row(_id)).toEqual(before);
    const done = await h.follow(await fake.approve(paymentID));
    expect(done.headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', status: 'Pending', stockReserved: true });
  });

  it('an order the admin cancelled while the shopper was on bKash’s page is not charged', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const { res, product } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Cancel' }, { headers: admin.auth });
    const executes = fake.ledger.calls.execute ?? 0;
    const done = await h.follow(await fake.approve(h.paymentOf(bkashURL)));
    expect(done.headers.location).toBe('/order-cancel?reason=failed');
    expect(fake.ledger.calls.execute ?? 0).toBe(executes);
    expect(await h.row(_id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', trxId: null });
    expect(await stockOf(t.database.db, product.id)).toBe(5);
  });

  it('an execute that timed out while the money moved: payment/status is asked and the order is paid', async () => {
    const { res } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const back = await fake.approve(h.paymentOf(bkashURL));
    // Well past the shop's 1.5 s timeout: a loaded machine's slow answer is not mistaken for the fault.
    fake.ledger.faults.executeDelayMs = 4500;
    const status = fake.ledger.calls.status ?? 0;
    const done = await h.follow(back);
    expect(done.headers.location).toBe('/order-success?text=Payment');
    expect((fake.ledger.calls.status ?? 0) - status).toBe(1);
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', paidAmount: 2450 });
    expect((await h.row(_id)).trxId).toBeTruthy();
  });

  it('2062/2117: bKash says already completed: payment/status confirms it and the order is paid', async () => {
    const { res } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const paymentID = h.paymentOf(bkashURL);
    const back = await fake.approve(paymentID);
    // An earlier execute got through (its answer was lost): ours is the second.
    const direct = new BkashClient({ baseUrl: fake.baseUrl, ...FAKE_CREDS, timeoutMs: 2000 });
    const first = await direct.execute(paymentID);
    const done = await h.follow(back);
    expect(done.headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', trxId: first.trxID });
  });

  it('503 maintenance at the callback: the order waits (nothing changes) and a later callback pays it', async () => {
    const { res } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const back = await fake.approve(h.paymentOf(bkashURL));
    const before = await h.row(_id);
    fake.ledger.faults.maintenance = true;
    const down = await h.follow(back);
    expect(down.headers.location).toBe('/order-cancel?reason=maintenance');
    expect(await h.row(_id)).toEqual(before);
    fake.ledger.faults.maintenance = false;
    expect((await h.follow(back)).headers.location).toBe('/order-success?text=Payment');
  });

  it('503 maintenance and 2029 duplicate invoice at create: a clear message, no order, stock untouched', async () => {
    for (const [fault, status, message] of [
      ['maintenance', 503, 'bKash is under maintenance right now. Please try again later or choose another payment method.'],
      ['invoicesTaken', 409, 'bKash already has a payment for this order number. Please place the order again.'],
    ] as const) {
      fake.reset();
      fake.ledger.faults[fault] = true;
      const { res, product } = await h.buyByBkash();
      expect(res.statusCode, fault).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message, data: null });
      expect(await t.database.db.select().from(orders)).toEqual([]);
      expect(await stockOf(t.database.db, product.id)).toBe(5);
    }
  });

  it('an Idempotency-Key repeat answers the same order and bkashURL without a second payment', async () => {
    const product = await makeProduct(t.database.db, { price: 300 });
    const payload = { method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const headers = { 'idempotency-key': 'bkash-repeat-1' };
    const creates = fake.ledger.calls.create ?? 0;
    const first = await h.order(payload, headers);
    const again = await h.order(payload, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.bkashURL).toBe(first.json().data.bkashURL);
    expect((fake.ledger.calls.create ?? 0) - creates).toBe(1);
  });

  it('a bKash order with a typed transaction id keeps the manual path: no gateway call', async () => {
    const product = await makeProduct(t.database.db, { price: 300 });
    const creates = fake.ledger.calls.create ?? 0;
    const res = await h.order({ method: 'bkash', mobile: '01770618575', transaction_id: 'TX9ABC', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ transaction_id: 'TX9ABC', paid: false, trx_id: null });
    expect(res.json().data.bkashURL).toBeUndefined();
    expect(fake.ledger.calls.create ?? 0).toBe(creates);
  });

  it('refund: a paid order in Cancel is refunded in full once; twice, unpaid or not cancelled is refused', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const refund = (id: string, reason = 'Out of stock') => t.api().post(`/api/order/${id}/refund`, { reason }, { headers: admin.auth });
    const { res, product } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    await h.follow(await fake.approve(h.paymentOf(bkashURL)));

    const early = await refund(_id);
    expect([early.statusCode, early.json().message]).toEqual([409, 'Move the order to Cancel or Return before refunding it.']);
    expect((await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Cancel' }, { headers: admin.auth })).statusCode).toBe(200);
    expect(await stockOf(t.database.db, product.id)).toBe(5);
    expect((await refund(_id, '  ')).json().message).toBe('Please give a reason for the refund.');

    const done = await refund(_id);
    expect(done.statusCode).toBe(200);
    const view = done.json().data;
    expect(view).toMatchObject({ _id, paid: true, status: 'Cancel' });
    expect(view.refund_trx_id).toMatch(/^RFD/);
    const stored = await h.row(_id);
    expect(stored).toMatchObject({ paymentState: 'refunded', refundedAmount: 2450, refundReason: 'Out of stock', refundTrxId: view.refund_trx_id });
    const at = fake.ledger.payments.get(h.paymentOf(bkashURL))!;
    expect(at.refunds).toEqual([expect.objectContaining({ amount: 2450, reason: 'Out of stock' })]);

    const twice = await refund(_id);
    expect([twice.statusCode, twice.json().message]).toEqual([409, `This order was already refunded (bKash refund ${view.refund_trx_id}).`]);
    expect(at.refunds).toHaveLength(1);

    const cod = await makeProduct(t.database.db);
    const codOrder = (await h.order({ method: 'CASH-ON-DELIVERY', list_items: [{ product_id: cod.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest })).json().data;
    await t.api().patch(`/api/order/update-status/${codOrder._id}`, { status: 'Return' }, { headers: admin.auth });
    expect((await refund(codOrder._id)).json().message).toBe('Only an order paid through bKash can be refunded.');
    expect((await refund('nosuchorder')).statusCode).toBe(404);
  });

  it('a refund that timed out at bKash but went through is recorded from the refund status', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const { res } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    const paymentID = h.paymentOf(bkashURL);
    await h.follow(await fake.approve(paymentID));
    await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Return' }, { headers: admin.auth });
    // The refund already happened at bKash (our first attempt's answer was lost): bKash refuses a second (2026).
    const stored = await h.row(_id);
    const direct = new BkashClient({ baseUrl: fake.baseUrl, ...FAKE_CREDS, timeoutMs: 2000 });
    const made = await direct.refund({ paymentID, trxID: stored.trxId!, amount: 2450, sku: stored.orderId, reason: 'Returned' });
    const done = await t.api().post(`/api/order/${_id}/refund`, { reason: 'Returned' }, { headers: admin.auth });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.refund_trx_id).toBe(made.refundTrxID);
    expect(fake.ledger.payments.get(paymentID)!.refunds).toHaveLength(1);
  });

  it('503 at refund: a clear message and nothing recorded', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const { res } = await h.buyByBkash();
    const { _id, bkashURL } = res.json().data;
    await h.follow(await fake.approve(h.paymentOf(bkashURL)));
    await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Cancel' }, { headers: admin.auth });
    fake.ledger.faults.maintenance = true;
    const down = await t.api().post(`/api/order/${_id}/refund`, { reason: 'Cancelled' }, { headers: admin.auth });
    expect([down.statusCode, down.json().message]).toEqual([503, 'bKash is under maintenance right now. Please try the refund again later.']);
    expect((await h.row(_id)).refundTrxId).toBeNull();
  });

  it.runIf(process.env.TEST_DB === 'postgres')('the expiry sweep does not pass over an order while an SMS event of it is being written (its foreign key’s KEY SHARE lock)', async () => {
    const deps = { db: t.database.db, gateway: fake.client(), log: t.app.log };
    const m = await h.buyByBkash(100, 3, 1);
    const id = m.res.json().data._id as string;
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${id}`);
    // Another connection is inserting the order's event, as notifyOrder does after an SMS: it holds KEY SHARE on the order.
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`INSERT INTO order_events (id, order_id, kind, status, message) VALUES ('evt-key-share', $1, 'sms', 'sent', 'placed')`, [id]);
      expect(await sweepExpiredPayments(deps, 30)).toMatchObject({ cancelled: 1 });
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    expect(await h.row(id)).toMatchObject({ status: 'Cancel', paymentState: 'failed' });
  });

  it('the expiry sweep cancels unpaid orders past the TTL and restocks them once, keeps late-paid ones, and runs safely in parallel', async () => {
    const deps = { db: t.database.db, gateway: fake.client(), log: t.app.log };
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await h.buyByBkash(100, 3, 1));
    const [expired, approvedOnly, paidLate, fresh] = made.map((m) => ({ id: m.res.json().data._id as string, paymentID: h.paymentOf(m.res.json().data.bkashURL), product: m.product }));
    await fake.approve(approvedOnly!.paymentID);
    // Approved and executed at bKash, but the callback never reached the shop.
    await fake.approve(paidLate!.paymentID);
    await fake.client().execute(paidLate!.paymentID);
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id IN (${expired!.id}, ${approvedOnly!.id}, ${paidLate!.id})`);

    const runs = await Promise.all([sweepExpiredPayments(deps, 30), sweepExpiredPayments(deps, 30), sweepExpiredPayments(deps, 30)]);
    const total = runs.reduce((a, c) => ({ cancelled: a.cancelled + c.cancelled, paid: a.paid + c.paid, left: a.left + c.left }), { cancelled: 0, paid: 0, left: 0 });
    expect(total).toEqual({ cancelled: 2, paid: 1, left: 0 });
    for (const o of [expired!, approvedOnly!]) {
      expect(await h.row(o.id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
      expect(await stockOf(t.database.db, o.product.id)).toBe(3);
    }
    expect(await h.row(paidLate!.id)).toMatchObject({ status: 'Pending', paymentState: 'paid' });
    expect(await stockOf(t.database.db, paidLate!.product.id)).toBe(2);
    expect(await h.row(fresh!.id)).toMatchObject({ status: 'Pending', paymentState: 'awaiting' });
    // A second sweep finds nothing more to do; while bKash is down nothing is cancelled blind.
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 0, paid: 0, left: 0 });
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${fresh!.id}`);
    fake.ledger.faults.maintenance = true;
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 0, paid: 0, left: 1 });
    expect((await h.row(fresh!.id)).paymentState).toBe('awaiting');
  });
});

describe('bKash checkout with a wrong app key (2001)', () => {
  const t = useTestApp(new Proxy(env, { get: (target, key) => (key === 'BKASH_APP_KEY' ? 'wrong-app-key' : target[key as string]) }));
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('tells the shopper bKash is unavailable and places nothing', async () => {
    const { res, product } = await h.buyByBkash();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('bKash payment is not available right now. Please choose another payment method.');
    expect(await t.database.db.select().from(orders)).toEqual([]);
    expect(await stockOf(t.database.db, product.id)).toBe(5);
  });
});

describe('bKash without settings', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('keeps the manual path exactly as before: no bkashURL, nothing paid, the callback changes nothing', async () => {
    expect(t.config.bkash).toBeNull();
    expect((await t.api().get('/api/shop-info')).json().data.bkashCheckout).toBe(false);
    const { res } = await h.buyByBkash();
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ payment_status: 'bkash', transaction_id: '', paid: false, trx_id: null });
    expect(res.json().data.bkashURL).toBeUndefined();
    expect((await h.row(res.json().data._id)).paymentState).toBeNull();
    const cb = await h.callback('TR0011X', 'success');
    expect([cb.statusCode, cb.headers.location]).toEqual([302, '/order-cancel?reason=unknown']);
  });

  it('limits callbacks per connection: a script replaying it gets 429', async () => {
    const from = (ip: string) => t.api().from(ip).get('/api/payment/bkash/callback?paymentID=TR0011X&status=success');
    for (let i = 0; i < 60; i++) expect((await from('10.9.9.9')).statusCode).toBe(302);
    const over = await from('10.9.9.9');
    expect([over.statusCode, over.json().message]).toEqual([429, 'Too many payment confirmations from this connection. Please wait a few minutes and try again.']);
    expect((await from('10.9.9.10')).statusCode).toBe(302);
  });
});

describe('the expiry sweeper', () => {
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('starts when the server listens (sweeping what expired meanwhile) and stops when it closes', async () => {
    const { res, product } = await h.buyByBkash();
    const { _id } = res.json().data;
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${_id}`);
    // Without listening (inject only) nothing sweeps.
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.row(_id)).paymentState).toBe('awaiting');

    const server = await buildApp({ config: testConfig(env), database: t.database, webDist: path.join(tmpDir(), 'no-web') });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const deadline = Date.now() + 10_000;
      while ((await h.row(_id)).paymentState === 'awaiting' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await h.row(_id)).toMatchObject({ status: 'Cancel', paymentState: 'failed' });
      expect(await stockOf(t.database.db, product.id)).toBe(5);
    } finally {
      await server.close();
    }
    // Closed: a newly expired order stays as it is.
    const later = (await h.buyByBkash()).res.json().data._id as string;
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${later}`);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.row(later)).paymentState).toBe('awaiting');
  });
});
