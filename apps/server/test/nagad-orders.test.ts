import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, promotionUses, refunds } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { ProviderError } from '../src/integrations/http';
import { dhakaDateTime, pemOf } from '../src/integrations/nagad/client';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { nagadStatus } from '../src/modules/payments/nagad';
import { startFakeNagad, type FakeNagad } from './fakes/nagad';
import { dhakaGuest, makeProduct, makeUser, stockOf, useTestApp, type TestContext } from './support';

/**
 * Issue 46, Nagad's payment gateway through the API, with the fake as Nagad (real HTTP, real RSA): paid, cancelled,
 * aborted and failed on Nagad's page; forged, replayed and duplicate callbacks; a different amount moved; a verify
 * that timed out settled later by the sweep; an unpaid order expiring with its stock and promotion use given back;
 * the refund owed by hand (Nagad documents no refund API).
 */
let fake: FakeNagad;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeNagad();
  Object.assign(env, fake.env({ NAGAD_TIMEOUT_MS: '2000' }));
});
afterAll(() => fake?.close());

let shopper = 0;
function helpers(t: TestContext) {
  const db = () => t.database.db;
  const order = (payload: object) => t.api().from(`10.47.${Math.floor(++shopper / 250)}.${shopper % 250}`).post('/api/order', payload);
  const buy = async (price = 1200, stock = 5, quantity = 2, extra: object = {}) => {
    const product = await makeProduct(db(), { price, stock });
    const res = await order({ method: 'nagad', mobile: '01770618575', list_items: [{ product_id: product.id, quantity }], guest_user_delivery_address: dhakaGuest, ...extra });
    return { res, product };
  };
  /** Nagad (or a forger) sends the shopper to the shop's callback with a query. */
  const back = (to: URL) => t.api().get(`${to.pathname}${to.search}`);
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const sweepDeps = () => ({ db: db(), gateway: null, log: t.app.log, others: { nagad: nagadStatus({ db: db(), gateway: fake.client(), log: t.app.log }) } });
  return { db, order, buy, back, row, sweepDeps };
}

describe('Nagad’s gateway with a merchant account configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('initializes and completes for the order total with signed, encrypted data, answers Nagad’s page, and holds the stock', async () => {
    const { res, product } = await h.buy(1200, 5, 2);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'Pending', payment_status: 'nagad', total_amount: 2450, paid: false, transaction_id: '' });
    expect(data.payment_url).toMatch(new RegExp(`^${fake.origin}/__fake/nagad/pay/`));
    expect(data.bkashURL).toBeUndefined();
    const [payment] = [...fake.payments.values()];
    expect(payment).toMatchObject({ orderId: data.orderId, amount: '2450.00', callbackUrl: 'http://shop.test/api/payment/nagad/callback', status: 'Ready' });
    expect(payment!.headers[0]).toMatchObject({ 'x-km-api-version': 'v-0.2.0', 'x-km-client-type': 'PC_WEB', 'x-km-ip-v4': expect.stringMatching(/^10\.47\./) });
    expect(await h.row(data._id)).toMatchObject({ paymentState: 'awaiting', gateway: 'nagad', gatewayPaymentId: payment!.paymentRefId });
    expect(await stockOf(h.db(), product.id)).toBe(3);
    expect((await t.api().get('/api/shop-info')).json().data.nagadCheckout).toBe(true);
  });

  it('paid: the callback is verified and pays the order; duplicate and replayed callbacks change nothing and ask Nagad no more', async () => {
    const { res, product } = await h.buy();
    const { _id, payment_url } = res.json().data;
    const to = await fake.pay(payment_url);
    expect(to.searchParams.get('status')).toBe('Success');
    const done = await h.back(to);
    expect([done.statusCode, done.headers.location]).toEqual([302, '/order-success?text=Payment']);
    const paid = await h.row(_id);
    const payment = fake.payments.get(paid.gatewayPaymentId!)!;
    expect(paid).toMatchObject({ paymentState: 'paid', paidAmount: 2450, trxId: payment.issuerPaymentRefNo, status: 'Pending', stockReserved: true });
    const verifies = fake.calls.verify;
    const again = await Promise.all([h.back(to), h.back(to), h.back(fake.callbackOf(payment.paymentRefId))]);
    expect(again.map((r) => r.headers.location)).toEqual(Array(3).fill('/order-success?text=Payment'));
    expect(fake.calls.verify).toBe(verifies);
    expect(await h.row(_id)).toEqual(paid);
    expect(await stockOf(h.db(), product.id)).toBe(3);
    const admin = await makeUser(h.db(), t.config, 'ADMIN');
    expect((await t.api().get('/api/order/get-all-order', { headers: admin.auth })).json().data[0]).toMatchObject({ _id, paid: true, trx_id: payment.issuerPaymentRefNo });
  });

  it('cancelled, aborted or failed on Nagad’s page (as verify says) cancels and restocks; a later success callback changes nothing', async () => {
    for (const [action, reason] of [['cancel', 'cancelled'], ['abort', 'cancelled'], ['fail', 'failed']] as const) {
      const { res, product } = await h.buy();
      const { _id, payment_url } = res.json().data;
      const to = await fake[action](payment_url);
      expect((await h.back(to)).headers.location).toBe(`/order-cancel?reason=${reason}&via=nagad`);
      const ended = await h.row(_id);
      expect(ended).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false, trxId: null });
      expect(await stockOf(h.db(), product.id)).toBe(5);
      to.searchParams.set('status', 'Success');
      to.searchParams.set('status_code', '000');
      expect((await h.back(to)).headers.location).toBe('/order-cancel?reason=failed&via=nagad');
      expect(await h.row(_id)).toEqual(ended);
    }
  });

  it('a forged callback (status=Success typed by anyone, a made-up or another shop’s ref) changes nothing; the shopper still pays', async () => {
    const { res, product } = await h.buy();
    const { _id, orderId, payment_url } = res.json().data;
    const before = await h.row(_id);
    const forged = new URL(`http://shop.test/api/payment/nagad/callback?${new URLSearchParams({ merchant: '683002007104225', order_id: orderId, payment_ref_id: before.gatewayPaymentId!, status: 'Success', status_code: '000', message: 'Successful Transaction' })}`);
    expect((await h.back(forged)).headers.location).toBe('/order-cancel?reason=not-approved&via=nagad');
    for (const q of ['payment_ref_id=MDE-NOSUCH&status=Success', '', `payment_ref_id=${'9'.repeat(300)}`]) {
      expect((await t.api().get(`/api/payment/nagad/callback?${q}`)).headers.location).toBe('/order-cancel?reason=unknown&via=nagad');
    }
    expect(await h.row(_id)).toEqual(before);
    expect(await stockOf(h.db(), product.id)).toBe(3);
    expect((await h.back(await fake.pay(payment_url))).headers.location).toBe('/order-success?text=Payment');
    expect((await h.row(_id)).paymentState).toBe('paid');
  });

  it('a callback replayed from another paid order proves nothing for this one', async () => {
    const first = (await h.buy()).res.json().data;
    const paidBack = await fake.pay(first.payment_url);
    await h.back(paidBack);
    const second = (await h.buy()).res.json().data;
    const before = await h.row(second._id);
    const replay = new URL(paidBack);
    replay.searchParams.set('order_id', second.orderId);
    expect((await h.back(replay)).headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(second._id)).toEqual(before);
    expect((await h.row(first._id)).paymentState).toBe('paid');
  });

  it('verify reports a different amount: nothing is paid, the order is cancelled with its stock back, and the owner sees what moved', async () => {
    const { res, product } = await h.buy();
    const { _id, payment_url } = res.json().data;
    fake.faults.payAmount = 100;
    expect((await h.back(await fake.pay(payment_url))).headers.location).toBe('/order-cancel?reason=amount&via=nagad');
    const row = await h.row(_id);
    expect(row).toMatchObject({ status: 'Cancel', paymentState: 'failed', paidAmount: 100, stockReserved: false });
    expect(row.trxId).toBeTruthy();
    expect(await stockOf(h.db(), product.id)).toBe(5);
    const admin = await makeUser(h.db(), t.config, 'ADMIN');
    const viewed = (await t.api().get('/api/order/get-all-order', { headers: admin.auth })).json().data.find((o: { _id: string }) => o._id === _id);
    expect(viewed).toMatchObject({ paid: false, total_amount: 2450, trx_id: row.trxId, status: 'Cancel' });
  });

  it('verify timed out: nothing is decided blind, the order waits; the sweep verifies it later and it is paid', async () => {
    const { res } = await h.buy();
    const { _id, payment_url } = res.json().data;
    const to = await fake.pay(payment_url);
    fake.faults.verifyDelayMs = 2500;
    expect((await h.back(to)).headers.location).toBe('/order-cancel?reason=pending&via=nagad');
    expect((await h.row(_id)).paymentState).toBe('awaiting');
    fake.faults.verifyDelayMs = 0;
    await h.db().execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${_id}`);
    expect(await sweepExpiredPayments(h.sweepDeps(), 30)).toEqual({ cancelled: 0, paid: 1, left: 0 });
    expect(await h.row(_id)).toMatchObject({ paymentState: 'paid', paidAmount: 2450 });
  });

  it('unpaid past its time: the sweep cancels it and gives the stock and the promotion use back; Nagad down leaves it waiting', async () => {
    const admin = await makeUser(h.db(), t.config, 'ADMIN');
    const made = await t.api().post('/api/promotion', { name: 'Once', name_bn: 'একবার', kind: 'percent', value: 10, code: 'NGD1', usage_limit: 1, starts_at: new Date(Date.now() - 3600_000).toISOString(), ends_at: new Date(Date.now() + 86400_000).toISOString() }, { headers: admin.auth });
    expect(made.statusCode, made.body).toBe(201);
    const a = await h.buy(400, 3, 2, { voucher_code: 'NGD1' });
    const ida = a.res.json().data._id as string;
    expect(a.res.json().data.total_amount).toBe(770);
    const uses = () => h.db().select().from(promotionUses).where(and(eq(promotionUses.orderId, ida), isNull(promotionUses.releasedAt)));
    expect(await uses()).toHaveLength(1);
    await h.db().execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${ida}`);
    expect(await sweepExpiredPayments(h.sweepDeps(), 30)).toEqual({ cancelled: 1, paid: 0, left: 0 });
    expect(await h.row(ida)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(h.db(), a.product.id)).toBe(3);
    expect(await uses()).toHaveLength(0);
    const b = await h.buy(100, 3, 1);
    const idb = b.res.json().data._id as string;
    await h.db().execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${idb}`);
    fake.faults.down = true;
    expect(await sweepExpiredPayments(h.sweepDeps(), 30)).toEqual({ cancelled: 0, paid: 0, left: 1 });
    expect((await h.row(idb)).paymentState).toBe('awaiting');
  });

  it('refund: Nagad documents no refund API, so the order card’s refund is owed by hand, once; the owner records it as sent', async () => {
    const admin = await makeUser(h.db(), t.config, 'ADMIN');
    const { res } = await h.buy();
    const { _id, payment_url } = res.json().data;
    await h.back(await fake.pay(payment_url));
    await t.api().patch(`/api/order/update-status/${_id}`, { status: 'Cancel' }, { headers: admin.auth });
    const refund = () => t.api().post(`/api/order/${_id}/refund`, { reason: 'Out of stock' }, { headers: admin.auth });
    const first = await refund();
    expect([first.statusCode, first.json().message]).toEqual([200, 'Refund owed: send it from the shop’s wallet and record it on the order.']);
    expect(first.json().data.refunds_owed).toMatchObject([{ method: 'nagad', amount: 2450 }]);
    expect((await refund()).statusCode).toBe(200);
    const owed = await h.db().select().from(refunds).where(eq(refunds.orderId, _id));
    expect(owed).toMatchObject([{ method: 'nagad', amount: 2450, state: 'due' }]);
    // Due within the guidelines' 72 hours, as an unsupplied order's refund.
    expect(owed[0]!.dueAt.getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    const recorded = await t.api().post(`/api/refunds/${owed[0]!.id}/record`, { method: 'nagad', trx_id: '7XK2M9QP', note: 'Sent from the shop’s Nagad' }, { headers: admin.auth });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await h.db().select().from(refunds).where(eq(refunds.orderId, _id))).toMatchObject([{ method: 'nagad', amount: 2450, state: 'done', trxId: '7XK2M9QP' }]);
    expect(await h.row(_id)).toMatchObject({ refundedAmount: 2450 });
  });

  it('Nagad down or refusing the merchant’s key: a clear message, and no order, no stock taken', async () => {
    fake.faults.down = true;
    const down = await h.buy();
    expect([down.res.statusCode, down.res.json().message]).toEqual([503, 'The payment gateway did not answer in time. Nothing was charged; please try again.']);
    expect(await stockOf(h.db(), down.product.id)).toBe(5);
    fake.faults.forgeAnswer = true;
    fake.faults.down = false;
    const forged = await h.buy();
    expect([forged.res.statusCode, forged.res.json().message]).toEqual([503, 'Online payment is not available right now. Please choose another payment method.']);
    expect(await stockOf(h.db(), forged.product.id)).toBe(5);
    expect(await h.db().select().from(orders)).toHaveLength(0);
  });

  it('a typed transaction id still places a Nagad order without the gateway', async () => {
    const { res } = await h.buy(1200, 5, 1, { transaction_id: '7XK2M9QP11' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ payment_status: 'nagad', transaction_id: '7XK2M9QP11' });
    expect(data.payment_url).toBeUndefined();
    expect(await h.row(data._id)).toMatchObject({ gateway: null, gatewayPaymentId: null, paymentState: null });
  });
});

describe('Nagad’s client against the fake', () => {
  beforeEach(() => fake.reset());

  it('refuses an answer not signed by Nagad’s key, and Nagad refuses a request signed by another merchant key', async () => {
    fake.faults.forgeAnswer = true;
    const forged = await fake.client().start({ orderId: 'HT1001', amount: 100, callbackUrl: 'http://shop.test/cb', client: { ip: '10.0.0.1' } }).catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(ProviderError);
    expect((forged as ProviderError).message).toBe('Nagad’s answer is not signed by Nagad’s key');
    fake.faults.forgeAnswer = false;
    const stranger = fake.stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const refused = await fake.client({ merchantPrivateKey: stranger }).start({ orderId: 'HT1002', amount: 100, callbackUrl: 'http://shop.test/cb', client: { ip: '10.0.0.1' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'refused', status: 400, body: { reason: 'InvalidSignature' } });
  });

  it('a duplicate order id is refused; a slow verify is a timeout; dateTime is Dhaka’s wall clock', async () => {
    const ok = await fake.client({ now: () => new Date('2026-12-07T18:30:05Z') }).start({ orderId: 'HT1003', amount: 250, callbackUrl: 'http://shop.test/cb', client: { ip: '::ffff:10.0.0.2' } });
    expect(fake.payments.get(ok.paymentReferenceId)!.headers[0]!['x-km-ip-v4']).toBe('10.0.0.2');
    const dup = await fake.client().start({ orderId: 'HT1003', amount: 250, callbackUrl: 'http://shop.test/cb', client: { ip: '10.0.0.2' } }).catch((e: unknown) => e);
    expect(dup).toMatchObject({ kind: 'refused', body: { reason: 'DuplicateOrderId' } });
    fake.faults.verifyDelayMs = 500;
    expect(await fake.client({ timeoutMs: 200 }).verify(ok.paymentReferenceId).catch((e: unknown) => (e as ProviderError).kind)).toBe('timeout');
    expect(dhakaDateTime(new Date('2026-12-07T18:30:05Z'))).toBe('20261208003005');
    expect(pemOf('MIIB', 'PUBLIC')).toBe('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----');
  });
});

describe('Nagad’s settings', () => {
  const keys = () => ({ NAGAD_MERCHANT_ID: '683002007104225', NAGAD_MERCHANT_PRIVATE_KEY: fake.keys.merchantPrivateKey, NAGAD_PUBLIC_KEY: fake.keys.nagadPublicKey });
  it('in production Nagad’s sandbox never starts; the three settings go together, with PUBLIC_URL', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig({ ...prod, ...keys() })).toThrow('Nagad\'s sandbox is not allowed in production');
    expect(loadConfig({ ...prod, ...keys(), NAGAD_LIVE: '1' }).nagad).toMatchObject({ baseUrl: 'https://api.mynagad.com/api/dfs', merchantId: '683002007104225' });
    expect(() => loadConfig({ NAGAD_MERCHANT_ID: '1' })).toThrow('must be set together');
    expect(() => loadConfig({ ...keys() })).toThrow('PUBLIC_URL must be set');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', ...keys() }).nagad?.baseUrl).toBe('http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0/api/dfs');
    expect(loadConfig({}).nagad).toBeNull();
  });
});
