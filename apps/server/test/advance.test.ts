import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, promotionUses } from '../src/db/schema';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { refundableOf } from '../src/modules/payments/refunds';
import { smsText } from '../src/modules/notify/service';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';
import { startPathaoFake, type PathaoFake } from './fakes/pathao';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { dhakaGuest, makeOrder, makeProduct, makeUser, stockOf, sylhetGuest, useTestApp, type TestContext, type TestUser } from './support';

/**
 * Issue 44, second half (decision 0114): the partial advance. The owner's rule, the amount the server computes from
 * its own prices, the advance paid through bKash (the fake, real HTTP), the order confirmed only once paid, the
 * unpaid advance expiring with its stock and promotion use given back, the amount due on delivery, the refund of
 * the advance on a cancel, a pre-order's 10 % cap, and no advance without a gateway.
 */
let fake: FakeBkash;
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeBkash();
  Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '5000' }));
});
afterAll(() => fake?.close());

let shopper = 0;
function helpers(t: TestContext) {
  const db = () => t.database.db;
  let admin: TestUser | null = null;
  beforeEach(() => {
    admin = null;
  });
  const asAdmin = async () => t.api().as((admin ??= await makeUser(db(), t.config, 'ADMIN')));
  const setRule = async (rule: object) => {
    const res = await (await asAdmin()).put('cod/advance', rule);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const order = (body: object) =>
    t.api().from(`10.44.${Math.floor(++shopper / 250)}.${shopper % 250}`).post('/api/order', { method: 'CASH-ON-DELIVERY', guest_user_delivery_address: dhakaGuest, ...body });
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = (bkashURL: string) => new URL(bkashURL).searchParams.get('paymentID')!;
  const follow = async (back: URL) => t.api().get(back.pathname + back.search);
  return { db, asAdmin, setRule, order, row, paymentOf, follow };
}

describe('the partial advance with bKash configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);
  beforeEach(() => fake.reset());

  it('the owner sets the rule (audited); bad input is refused in words and changes nothing', async () => {
    const admin = await h.asAdmin();
    expect((await admin.get('cod/advance')).json().data).toEqual({ kind: 'none', value: 0, who: 'everyone', above: null });
    expect(await h.setRule({ kind: 'percent', value: 20, who: 'above', above: 3000 })).toEqual({ kind: 'percent', value: 20, who: 'above', above: 3000 });
    const bad = await admin.put('cod/advance', { kind: 'percent', value: 150, who: 'everyone' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'A percentage must be a whole number from 1 to 100.']);
    const noTotal = await admin.put('cod/advance', { kind: 'fixed', value: 200, who: 'above', above: '' });
    expect(noTotal.statusCode).toBe(400);
    expect((await admin.get('cod/advance')).json().data).toEqual({ kind: 'percent', value: 20, who: 'above', above: 3000 });
    const entries = await h.db().select().from(auditLog).where(eq(auditLog.targetId, 'shop_settings'));
    expect(entries.some((e) => JSON.stringify(e.after).includes('"who":"above"'))).toBe(true);
    // A shopper may not read or set it.
    expect((await t.api().put('/api/cod/advance', { kind: 'none', who: 'everyone' })).statusCode).toBe(401);
  });

  it('the delivery charge for everyone: the order waits for a bKash payment of the fee, is confirmed once paid, and the rider collects the rest', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const res = await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ payment_status: 'CASH-ON-DELIVERY', total_amount: 1050, advance_amount: 50, paid: false, due_on_delivery: 1050 });
    expect(await stockOf(h.db(), product.id)).toBe(4);
    const payment = fake.ledger.payments.get(h.paymentOf(data.bkashURL))!;
    expect(payment).toMatchObject({ amount: '50', merchantInvoiceNumber: data.orderId, payerReference: dhakaGuest.mobile });
    expect(await h.row(data._id)).toMatchObject({ paymentState: 'awaiting', advanceAmount: 50, advanceFor: 'everyone' });

    const done = await h.follow(await fake.approve(h.paymentOf(data.bkashURL)));
    expect(done.headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(data._id)).toMatchObject({ status: 'Pending', paymentState: 'paid', paidAmount: 50 });
    const listed = (await (await h.asAdmin()).get('order/get-all-order')).json().data.find((o: { _id: string }) => o._id === data._id);
    expect(listed).toMatchObject({ advance_amount: 50, paid: true, due_on_delivery: 1000 });
    // /track tells the shopper what was paid and what the rider collects.
    const track = await t.api().get('/api/order/track', { query: { orderId: data.orderId, mobile: dhakaGuest.mobile } });
    expect(track.json().data.amounts).toMatchObject({ total: 1050, paid: 50, due_on_delivery: 1000 });
  });

  it('first-time buyers only: a mobile with a delivered order pays nothing now, a new one pays the percentage', async () => {
    await h.setRule({ kind: 'percent', value: 10, who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 995, stock: 9 });
    await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 995 }], status: 'Delivered' });
    const known = (await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] })).json().data;
    expect(known).toMatchObject({ total_amount: 1045, advance_amount: null, due_on_delivery: 1045 });
    expect(known.bkashURL).toBeUndefined();
    const fresh = (await h.order({ list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest })).json().data;
    // 995 + 100 outside Dhaka = 1095; ⌈10 %⌉ = 110.
    expect(fresh).toMatchObject({ total_amount: 1095, advance_amount: 110 });
    expect(fake.ledger.payments.get(h.paymentOf(fresh.bkashURL))!.amount).toBe('110');
  });

  it('risky buyers only: the COD risk check decides (own history here), and no SMS code is asked when the advance is', async () => {
    await h.setRule({ kind: 'fixed', value: 300, who: 'risky' });
    await h.db().execute(sql`UPDATE shop_settings SET cod_confirm_mode = 'always' WHERE id = 1`);
    const product = await makeProduct(h.db(), { price: 2000, stock: 9 });
    for (let i = 0; i < 3; i++) await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 2000 }], status: 'Return' });
    const risky = await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] });
    expect(risky.statusCode, risky.body).toBe(201);
    expect(risky.json().data).toMatchObject({ advance_amount: 300, total_amount: 2050 });
    // A buyer without a bad record goes by the COD protection rule as before: the code.
    const other = await h.order({ list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: sylhetGuest });
    expect([other.statusCode, other.json().code]).toEqual([409, 'COD_CONFIRM_REQUIRED']);
  });

  it('orders above a total; a pre-order line caps the advance at 10 % of the total', async () => {
    await h.setRule({ kind: 'percent', value: 50, who: 'above', above: 1000 });
    const small = await makeProduct(h.db(), { price: 500, stock: 9 });
    const later = await makeProduct(h.db(), { price: 2000, stock: 9, shipsOn: '2027-01-15' });
    expect((await h.order({ list_items: [{ product_id: small.id, quantity: 1 }] })).json().data.advance_amount).toBeNull();
    expect((await h.order({ list_items: [{ product_id: small.id, quantity: 3 }] })).json().data).toMatchObject({ total_amount: 1550, advance_amount: 775 });
    // 2000 + 50 = 2050: 50 % would be 1025; a pre-order takes at most ⌊205⌋.
    expect((await h.order({ list_items: [{ product_id: later.id, quantity: 1 }] })).json().data).toMatchObject({ total_amount: 2050, advance_amount: 205 });
  });

  it('an unpaid advance expires like an unpaid bKash order: cancelled, stock and the promotion use given back', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 400, stock: 3 });
    const made = await (await h.asAdmin()).post('promotion', { name: 'Once', name_bn: 'একবার', kind: 'percent', value: 10, code: 'ADV1', usage_limit: 1, starts_at: new Date(Date.now() - 3600_000).toISOString(), ends_at: new Date(Date.now() + 86400_000).toISOString() });
    expect(made.statusCode, made.body).toBe(201);
    const data = (await h.order({ list_items: [{ product_id: product.id, quantity: 2 }], voucher_code: 'ADV1' })).json().data;
    expect(data).toMatchObject({ total_amount: 770, advance_amount: 50 });
    const uses = () => h.db().select().from(promotionUses).where(and(eq(promotionUses.orderId, data._id), isNull(promotionUses.releasedAt)));
    expect(await uses()).toHaveLength(1);
    await h.db().execute(sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${data._id}`);
    expect(await sweepExpiredPayments({ db: h.db(), gateway: fake.client(), log: t.app.log }, 30)).toMatchObject({ cancelled: 1 });
    expect(await h.row(data._id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(h.db(), product.id)).toBe(3);
    expect(await uses()).toHaveLength(0);
  });

  it('cancelling a paid advance order refunds the advance through bKash, never more', async () => {
    await h.setRule({ kind: 'fixed', value: 200, who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1500, stock: 3 });
    const data = (await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] })).json().data;
    await h.follow(await fake.approve(h.paymentOf(data.bkashURL)));
    const admin = await h.asAdmin();
    expect((await admin.patch(`order/update-status/${data._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    const refund = await admin.post(`order/${data._id}/refund`, { reason: 'Cancelled' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await h.row(data._id)).toMatchObject({ paymentState: 'refunded', refundedAmount: 200 });
  });

  it('a return refunds what was paid: the advance before delivery, the whole total once the rider collected the rest', async () => {
    await h.setRule({ kind: 'fixed', value: 200, who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1500, stock: 3 });
    const data = (await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] })).json().data;
    await h.follow(await fake.approve(h.paymentOf(data.bkashURL)));
    expect(refundableOf(await h.row(data._id))).toBe(200);
    expect((await (await h.asAdmin()).patch(`order/update-status/${data._id}`, { status: 'Delivered' })).statusCode).toBe(200);
    expect(refundableOf(await h.row(data._id))).toBe(1550);
  });
});

describe('the amount due on delivery, for every courier and the SMS', () => {
  let steadfast: SteadfastFake;
  let pathao: PathaoFake;
  const courierEnv: Record<string, string> = {};
  beforeAll(async () => {
    steadfast = await startSteadfastFake();
    pathao = await startPathaoFake();
    Object.assign(courierEnv, env, {
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
  const t = useTestApp(courierEnv);
  const h = helpers(t);

  it('an unpaid advance is not booked; once paid Steadfast and Pathao are asked to collect the total less the advance', async () => {
    await h.setRule({ kind: 'fixed', value: 300, who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1500, stock: 5 });
    const admin = await h.asAdmin();
    const placeAndPay = async () => {
      const data = (await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] })).json().data;
      return { data, pay: async () => h.follow(await fake.approve(h.paymentOf(data.bkashURL))) };
    };
    const first = await placeAndPay();
    const early = await admin.post(`order/${first.data._id}/courier`, { provider: 'steadfast' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'COURIER_ADVANCE_UNPAID']);
    await first.pay();
    expect((await admin.post(`order/${first.data._id}/courier`, { provider: 'steadfast' })).statusCode).toBe(200);
    const sent = steadfast.calls.find((c) => c.path === '/create_order')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ invoice: first.data.orderId, cod_amount: 1550 - 300 });

    const second = await placeAndPay();
    await second.pay();
    const booked = await admin.post(`order/${second.data._id}/courier`, { provider: 'pathao', city_id: 1, zone_id: 10 });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(pathao.orders.get(booked.json().data.courier.consignment_id)!.amount_to_collect).toBe(1250);
    // The SMS says the advance and the rest due (Bangla, the shop's one taka format).
    expect(smsText('Haat', 'placed', { orderId: 'HT-1', totalAmount: 1550, advanceAmount: 300 })).toBe('Haat: অর্ডার HT-1 পেয়েছি, মোট ১,৫৫০.০০৳, অগ্রিম ৩০০.০০৳, ডেলিভারিতে ১,২৫০.০০৳।');
    expect(smsText('Haat', 'booked', { orderId: 'HT-1', totalAmount: 1550, advanceAmount: 300 }, { trackingCode: 'AB12' })).toBe('Haat: অর্ডার HT-1 কুরিয়ারে, ট্র্যাকিং AB12, ডেলিভারিতে ১,২৫০.০০৳');
  });
});

describe('the partial advance without bKash', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('no gateway takes it: the order is cash on delivery as before', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const res = await h.order({ list_items: [{ product_id: product.id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ advance_amount: null, due_on_delivery: 1050 });
    expect(res.json().data.bkashURL).toBeUndefined();
  });
});
