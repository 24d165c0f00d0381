import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, refunds } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { sslcommerzStatus } from '../src/modules/payments/sslcommerz';
import { startFakeSslcommerz, type FakeSslcommerz } from './fakes/sslcommerz';
import { useTestApp, type TestContext, dhakaGuest, makeAddress, makeProduct, makeUser, multipart, stockOf } from './support';

/**
 * Issue 46, SSLCommerz hosted checkout through the API, with the fake as SSLCommerz (real HTTP): paying with
 * the IPN before or after the shopper's return, duplicate, forged, replayed and mismatched-amount callbacks,
 * the risk hold, a validation that timed out, refunds and the expiry sweep.
 */
let fake: FakeSslcommerz;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeSslcommerz();
  Object.assign(env, fake.env({ SSLCOMMERZ_TIMEOUT_MS: '2000' }));
});
afterAll(() => fake?.close());

let shopper = 0;
function helpers(t: TestContext) {
  const db = () => t.database.db;
  const order = (payload: object) => t.api().from(`10.46.${Math.floor(++shopper / 250)}.${shopper % 250}`).post('/api/order', payload);
  const buy = async (price = 1200, stock = 5, quantity = 2) => {
    const product = await makeProduct(db(), { price, stock });
    const res = await order({ method: 'sslcommerz', mobile: '01770618575', list_items: [{ product_id: product.id, quantity }], guest_user_delivery_address: dhakaGuest });
    return { res, product };
  };
  /** SSLCommerz (or a forger) posts a form to one of the shop's return URLs or its IPN. */
  const post = (path: string, fields: Record<string, string>) =>
    t.api().request({ method: 'POST', url: path, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const back = (to: URL, fields: Record<string, string>) => post(to.pathname, fields);
  const ipn = async () => {
    const sent = fake.ipns.shift()!;
    expect(sent.url).toBe('http://shop.test/api/payment/sslcommerz/ipn');
    return post(new URL(sent.url).pathname, sent.fields);
  };
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  return { order, buy, post, back, ipn, row };
}

describe('SSLCommerz checkout with a store configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('opens a session for the order total with SSLCommerz’s fields, answers the gateway page, and holds the stock', async () => {
    const { res, product } = await h.buy(1200, 5, 2);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'Pending', payment_status: 'sslcommerz', total_amount: 2450, paid: false, trx_id: null, transaction_id: '' });
    expect(data.payment_url).toMatch(new RegExp(`^${fake.baseUrl}/gwprocess/v4/gw.php\\?Q=pay&SESSIONKEY=`));
    expect(data.bkashURL).toBeUndefined();
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const attempt = fake.ledger.attempts.get(data.orderId)!;
    expect(attempt).toMatchObject({ amount: '2450.00', status: 'PENDING', urls: { success: 'http://shop.test/api/payment/sslcommerz/success', fail: 'http://shop.test/api/payment/sslcommerz/fail', cancel: 'http://shop.test/api/payment/sslcommerz/cancel', ipn: 'http://shop.test/api/payment/sslcommerz/ipn' } });
    expect(await h.row(data._id)).toMatchObject({ paymentState: 'awaiting', gatewayPaymentId: data.orderId });
    expect((await t.api().get('/api/shop-info')).json().data.sslcommerzCheckout).toBe(true);
  });

  it('pay: the IPN (first) is validated and pays the order; the return and every duplicate change nothing more', async () => {
    const { res, product } = await h.buy();
    const { _id, orderId, payment_url } = res.json().data;
    const { to, fields } = await fake.pay(payment_url);
    expect((await h.ipn()).statusCode).toBe(200);
    const attempt = fake.ledger.attempts.get(orderId)!;
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', paidAmount: 2450, trxId: attempt.bankTranId, paymentHold: null, status: 'Pending', stockReserved: true });
    const validations = fake.ledger.calls.validate ?? 0;
    const replies = await Promise.all([h.back(to, fields), h.back(to, fields), h.post('/api/payment/sslcommerz/ipn', fields), h.post('/api/payment/sslcommerz/cancel', { tran_id: orderId })]);
    expect(replies.slice(0, 2).map((r) => [r.statusCode, r.headers.location])).toEqual(Array(2).fill([303, '/order-success?text=Payment']));
    expect(fake.ledger.calls.validate ?? 0).toBe(validations);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await t.api().get('/api/order/get-all-order', { headers: admin.auth })).json().data[0]).toMatchObject({ _id, paid: true, trx_id: attempt.bankTranId });
  });

  it('pay: the shopper’s return first (the IPN late) is validated and pays; the late IPN changes nothing', async () => {
    const { res } = await h.buy();
    const { _id, payment_url } = res.json().data;
    const { to, fields } = await fake.pay(payment_url);
    const done = await h.back(to, fields);
    expect([done.statusCode, done.headers.location]).toEqual([303, '/order-success?text=Payment']);
    const paid = await h.row(_id);
    expect(paid.paymentState).toBe('paid');
    await h.ipn();
    expect(await h.row(_id)).toEqual(paid);
  });

  it('a forged success (made-up val_id, status VALID) or forged fail and cancel change nothing; the shopper still pays', async () => {
    const { res, product } = await h.buy();
    const { _id, orderId, payment_url } = res.json().data;
    const before = await h.row(_id);
    const forged = { tran_id: orderId, val_id: 'VAL0000421234', amount: '2450.00', currency: 'BDT', status: 'VALID', risk_level: '0', verify_sign: 'x', verify_key: 'amount,status,tran_id,val_id' };
    expect((await h.post('/api/payment/sslcommerz/success', forged)).headers.location).toBe('/order-cancel?reason=not-approved&via=sslcommerz');
    expect((await h.post('/api/payment/sslcommerz/ipn', forged)).statusCode).toBe(200);
    expect((await h.post('/api/payment/sslcommerz/cancel', { tran_id: orderId, status: 'CANCELLED' })).headers.location).toBe('/order-cancel?reason=cancelled&via=sslcommerz');
    expect((await h.post('/api/payment/sslcommerz/fail', { tran_id: orderId, status: 'FAILED' })).headers.location).toBe('/order-cancel?reason=failed&via=sslcommerz');
    for (const fields of [{ tran_id: 'HT-NOSUCH', val_id: 'x' }, {}, { tran_id: '9'.repeat(300) }] as Record<string, string>[]) {
      expect((await h.post('/api/payment/sslcommerz/success', fields)).headers.location).toBe('/order-cancel?reason=unknown&via=sslcommerz');
    }
    expect(await h.row(_id)).toEqual(before);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const { to, fields } = await fake.pay(payment_url);
    expect((await h.back(to, fields)).headers.location).toBe('/order-success?text=Payment');
    expect((await h.row(_id)).paymentState).toBe('paid');
  });

  it('a val_id replayed from another paid order proves nothing for this one', async () => {
    const first = (await h.buy()).res.json().data;
    const paidBack = await fake.pay(first.payment_url);
    await h.back(paidBack.to, paidBack.fields);
    const { res } = await h.buy();
    const second = res.json().data;
    const before = await h.row(second._id);
    const replay = await h.post('/api/payment/sslcommerz/success', { ...paidBack.fields, tran_id: second.orderId });
    expect(replay.headers.location).toBe('/order-cancel?reason=not-approved&via=sslcommerz');
    expect(await h.row(second._id)).toEqual(before);
  });

  it('an amount other than the order total cancels the order, gives the stock back and keeps what moved for a refund', async () => {
    const { res, product } = await h.buy();
    const { _id, payment_url } = res.json().data;
    fake.ledger.faults.payAmount = 100;
    const { to, fields } = await fake.pay(payment_url);
    expect((await h.back(to, fields)).headers.location).toBe('/order-cancel?reason=amount&via=sslcommerz');
    const row = await h.row(_id);
    expect(row).toMatchObject({ status: 'Cancel', paymentState: 'failed', paidAmount: 100, stockReserved: false });
    expect(row.trxId).toBeTruthy();
    expect(await stockOf(t.database.db, product.id)).toBe(5);
    await h.ipn();
    expect(await h.row(_id)).toEqual(row);
  });

  it('cancel or fail on SSLCommerz’s page (checked by the transaction query) cancels and restocks; a later success changes nothing', async () => {
    for (const [action, reason] of [['cancel', 'cancelled'], ['fail', 'failed']] as const) {
      const { res, product } = await h.buy();
      const { _id, orderId, payment_url } = res.json().data;
      const { to, fields } = await fake[action](payment_url);
      const queries = fake.ledger.calls.query ?? 0;
      expect((await h.back(to, fields)).headers.location).toBe(`/order-cancel?reason=${reason}&via=sslcommerz`);
      expect((fake.ledger.calls.query ?? 0) - queries).toBe(1);
      expect(await h.row(_id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false, trxId: null });
      expect(await stockOf(t.database.db, product.id)).toBe(5);
      await h.ipn();
      expect((await h.post('/api/payment/sslcommerz/success', { tran_id: orderId, val_id: 'VAL1' })).headers.location).toBe('/order-cancel?reason=failed&via=sslcommerz');
      expect(await stockOf(t.database.db, product.id)).toBe(5);
    }
  });

  it('risk_level 1: the order is paid but held for the owner’s review; the owner releases it (audited), once', async () => {
    const { res } = await h.buy();
    const { _id, payment_url } = res.json().data;
    fake.ledger.faults.risky = true;
    const { to, fields } = await fake.pay(payment_url);
    expect((await h.back(to, fields)).headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', paymentHold: 'Risky' });
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const viewed = (await t.api().get('/api/order/get-all-order', { headers: admin.auth })).json().data[0];
    expect(viewed.payment_hold).toBe('Risky');
    // Nothing ships while the payment is held.
    const book = () => t.api().post(`/api/order/${_id}/courier`, { provider: 'sandbox' }, { headers: admin.auth });
    const held = await book();
    expect([held.statusCode, held.json().code]).toEqual([409, 'COURIER_PAYMENT_HELD']);
    const release = () => t.api().post(`/api/order/${_id}/payment-hold/release`, {}, { headers: admin.auth });
    const done = await release();
    expect([done.statusCode, done.json().data.payment_hold]).toEqual([200, null]);
    const booked = await book();
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    expect((await h.row(_id)).paymentHold).toBeNull();
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'order'), eq(auditLog.targetId, _id)));
    expect(entry).toBeTruthy();
    const again = await release();
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order’s payment is not held for review.']);
  });

  it('a payment held for review is the admin’s to see: never in the shopper’s own answers (decision 0126)', async () => {
    const shopperUser = await makeUser(t.database.db, t.config);
    const product = await makeProduct(t.database.db, { price: 1200, stock: 5 });
    const addressId = await makeAddress(t.database.db, shopperUser.id, { mobile: '01770618575' });
    const payload = { method: 'sslcommerz', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], addressId };
    const place = () => t.api().as(shopperUser).post('/api/order', payload, { headers: { 'idempotency-key': 'held-order-0126' } });
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const { _id, orderId, payment_url } = placed.json().data;
    fake.ledger.faults.risky = true;
    const { to, fields } = await fake.pay(payment_url);
    expect((await h.back(to, fields)).headers.location).toBe('/order-success?text=Payment');
    expect((await h.row(_id)).paymentHold).toBe('Risky');

    // The shopper's answers: the order placed again with the same key, my orders, the public track.
    const again = await place();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).not.toHaveProperty('payment_hold');
    const mine = (await t.api().as(shopperUser).get('/api/order/get-order')).json().data;
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([_id]);
    expect(mine[0]).not.toHaveProperty('payment_hold');
    const tracked = await t.api().get(`/api/order/track?orderId=${orderId}&mobile=01770618575`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(JSON.stringify(tracked.json())).not.toContain('Risky');

    // The admin's: the list and a changed order.
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await t.api().as(admin).get('/api/order/get-all-order')).json().data[0]).toMatchObject({ _id, payment_hold: 'Risky' });
    const moved = await t.api().as(admin).patch(`/api/order/update-status/${_id}`, { status: 'Received' });
    expect(moved.json().data).toMatchObject({ _id, payment_hold: 'Risky' });

    // And the API's description says the same: only the admin's order answers carry it.
    const spec = (await t.api().get('/api/docs/json')).json();
    const props = (path: string, method: string) => {
      const schema = spec.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
      return Object.keys((schema.items ?? schema).properties);
    };
    expect(props('/api/order/get-order', 'get')).not.toContain('payment_hold');
    expect(props('/api/order/track', 'get')).not.toContain('payment_hold');
    expect(props('/api/order/get-all-order', 'get')).toContain('payment_hold');
    expect(props('/api/order/update-status/{id}', 'patch')).toContain('payment_hold');
  });

  it('a validation that timed out: the transaction query is asked, nothing is decided blind, and the sweep settles it later', async () => {
    const { res } = await h.buy();
    const { _id, payment_url } = res.json().data;
    const { to, fields } = await fake.pay(payment_url);
    fake.ledger.faults.validateDelayMs = 5000;
    expect((await h.back(to, fields)).headers.location).toBe('/order-cancel?reason=pending&via=sslcommerz');
    expect((await h.row(_id)).paymentState).toBe('awaiting');
    fake.ledger.faults.validateDelayMs = 0;
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${_id}`);
    const deps = { db: t.database.db, gateway: null, log: t.app.log, others: { sslcommerz: sslcommerzStatus({ db: t.database.db, gateway: fake.client(), log: t.app.log }) } };
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 0, paid: 1, left: 0 });
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', paidAmount: 2450 });
  });

  it('the expiry sweep cancels an unpaid SSLCommerz order past its time and restocks it; SSLCommerz down leaves it waiting', async () => {
    const deps = { db: t.database.db, gateway: null, log: t.app.log, others: { sslcommerz: sslcommerzStatus({ db: t.database.db, gateway: fake.client(), log: t.app.log }) } };
    const a = await h.buy(100, 3, 1);
    const b = await h.buy(100, 3, 1);
    const [ida, idb] = [a.res.json().data._id as string, b.res.json().data._id as string];
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${ida}`);
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 1, paid: 0, left: 0 });
    expect(await h.row(ida)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(t.database.db, a.product.id)).toBe(3);
    await t.database.db.execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${idb}`);
    fake.ledger.faults.down = true;
    expect(await sweepExpiredPayments(deps, 30)).toEqual({ cancelled: 0, paid: 0, left: 1 });
    expect((await h.row(idb)).paymentState).toBe('awaiting');
  });

  it('refund from the order card: in full through SSLCommerz’s refund API, once; recorded with its refund_ref_id', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const { res } = await h.buy();
    const { _id, orderId, payment_url } = res.json().data;
    const { to, fields } = await fake.pay(payment_url);
    await h.back(to, fields);
    const refund = () => t.api().post(`/api/order/${_id}/refund`, { reason: 'Out of stock' }, { headers: admin.auth });
    expect((await refund()).json().message).toBe('Move the order to Cancel or Return before refunding it.');
    await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Cancel' }, { headers: admin.auth });
    const done = await refund();
    expect(done.statusCode).toBe(200);
    const made = fake.ledger.attempts.get(orderId)!.refunds;
    expect(made).toEqual([{ refundRefId: expect.any(String), amount: 2450, remarks: 'Out of stock' }]);
    expect(done.json().data).toMatchObject({ refund_trx_id: made[0]!.refundRefId });
    expect(await h.row(_id)).toMatchObject({ paymentState: 'refunded', refundedAmount: 2450 });
    const [r] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, _id));
    expect(r).toMatchObject({ method: 'sslcommerz', amount: 2450, state: 'done', trxId: made[0]!.refundRefId });
    const twice = await refund();
    expect(twice.statusCode).toBe(409);
    expect(fake.ledger.attempts.get(orderId)!.refunds).toHaveLength(1);
  });

  it('refund from a return: part of the payment through SSLCommerz’s refund API; then the rest from the order card', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const api = t.api().as(admin);
    const { res } = await h.buy(1200, 5, 2);
    const order = res.json().data;
    const paid = await fake.pay(order.payment_url);
    await h.back(paid.to, paid.fields);
    await api.patch(`/api/order/update-status/${order._id}`, { status: 'Delivered' });
    const item = order.product_details[0]._id;
    const asked = await t.api().post('/api/track/returns', multipart({ orderId: order.orderId, mobile: dhakaGuest.mobile, request: JSON.stringify({ kind: 'return', items: [{ item_id: item, quantity: 1 }], reason: 'damaged' }) }));
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data;
    expect(ret.refundable).toBe(1200);
    await api.post(`/api/returns/${ret._id}/decision`, { decision: 'approve', pickup: 'manual' });
    await api.post(`/api/returns/${ret._id}/receive`, {});
    const done = await api.post(`/api/returns/${ret._id}/refund`, { method: 'sslcommerz', note: 'Damaged on arrival' });
    expect(done.statusCode, done.body).toBe(200);
    const made = fake.ledger.attempts.get(order.orderId)!.refunds;
    expect(made).toEqual([{ refundRefId: expect.any(String), amount: 1200, remarks: 'Damaged on arrival' }]);
    expect(done.json().data.refunds).toEqual([expect.objectContaining({ method: 'sslcommerz', amount: 1200, state: 'done', trx_id: made[0]!.refundRefId })]);
    expect(await h.row(order._id)).toMatchObject({ paymentState: 'paid', refundedAmount: 1200, refundTrxId: null });
    await api.patch(`/api/order/update-status/${order._id}`, { status: 'Return' });
    expect((await api.post(`/api/order/${order._id}/refund`, { reason: 'Closing the order' })).statusCode).toBe(200);
    expect(made.map((r) => r.amount)).toEqual([1200, 2450 - 1200]);
    expect(await h.row(order._id)).toMatchObject({ paymentState: 'refunded', refundedAmount: 2450 });
  });

  it('SSLCommerz refusing the store’s password or down: a clear message, and no order, no stock taken', async () => {
    const product = await makeProduct(t.database.db, { price: 500, stock: 4 });
    fake.ledger.faults.down = true;
    const down = await h.order({ method: 'sslcommerz', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect([down.statusCode, down.json().message]).toEqual([503, 'The payment gateway did not answer in time. Nothing was charged; please try again.']);
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
  });
});

describe('SSLCommerz not configured', () => {
  const t = useTestApp({});
  it('the checkout refuses the method with a clear message and places nothing', async () => {
    const product = await makeProduct(t.database.db, { price: 500, stock: 4 });
    const res = await t.api().post('/api/order', { method: 'sslcommerz', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    expect([res.statusCode, res.json().message]).toEqual([400, 'This shop does not take that payment method. Please choose another one.']);
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect((await t.api().get('/api/shop-info')).json().data.sslcommerzCheckout).toBe(false);
    expect((await t.api().post('/api/payment/sslcommerz/success', {})).statusCode).not.toBe(500);
  });
});

describe('SSLCommerz settings', () => {
  const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://shop.example.com' };
  it('in production the sandbox never starts: neither SSLCommerz’s own nor the demo’s', () => {
    expect(() => loadConfig({ ...base, SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWD: 'p' })).toThrow(/sandbox is not allowed in production/);
    expect(() => loadConfig({ ...base, SSLCOMMERZ_SANDBOX: '1' })).toThrow(/SSLCOMMERZ_SANDBOX=1 is for the demo/);
    expect(loadConfig({ ...base, SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWD: 'p', SSLCOMMERZ_LIVE: '1' }).sslcommerz).toMatchObject({ mode: 'store', baseUrl: 'https://securepay.sslcommerz.com' });
    expect(loadConfig(base).sslcommerz).toBeNull();
  });
  it('the store id and password together, with PUBLIC_URL; outside production SSLCommerz’s sandbox by default', () => {
    expect(() => loadConfig({ SSLCOMMERZ_STORE_ID: 's' })).toThrow(/must be set together/);
    expect(() => loadConfig({ SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWD: 'p' })).toThrow(/PUBLIC_URL must be set/);
    expect(loadConfig({ SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWD: 'p', PUBLIC_URL: 'http://x.test' }).sslcommerz).toMatchObject({ mode: 'store', baseUrl: 'https://sandbox.sslcommerz.com' });
    expect(loadConfig({ NODE_ENV: 'development' }).sslcommerz).toMatchObject({ mode: 'sandbox' });
  });
});
