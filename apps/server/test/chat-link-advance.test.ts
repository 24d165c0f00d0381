import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amountDueOnDelivery } from '@haat/shared/advance';
import { orders, promotionUses } from '../src/db/schema';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { advanceStaff, useAdvanceBkash } from './support/advance';
import { makeOrder, makeProduct, stockOf, useTestApp, type TestContext } from './support';

/**
 * Issues 44 and 45 (decision 0130's amendment): a chat order's link asks the partial advance where the owner's rule
 * asks one, by the checkout's own decision (orders/advance.ts): the buyer's page previews the split, the order waits
 * for its bKash payment (the fake, real HTTP), paid it is confirmed, unpaid it expires and gives the stock and the
 * promotion use back; the link places one order. A buyer the rule does not ask orders cash on delivery as before.
 */
const bkash = useAdvanceBkash();

// Sylhet: outside Dhaka, delivery 100.
const address = { name: 'Rahima Khatun', address_line: 'Zindabazar, House 4', city: 'Sylhet', mobile: '01812345678' };
let ip = 0;

function helpers(t: TestContext) {
  const db = () => t.database.db;
  const { staff, setRule } = advanceStaff(t);
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const link = async (list_items: object[], more: object = {}) => {
    const res = await (await staff()).post('chat-links', { customer: { name: 'Rahima', mobile: address.mobile }, list_items, ...more });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; token: string; lines: { product_id: string; quantity: number }[]; voucher_code: string };
  };
  const confirm = (token: string, to: object = address) => t.api().from(`10.46.0.${++ip}`).post(`/api/chat-links/by-token/${token}/order`, { address: to, consent: true });
  // What the buyer's page asks before confirming: the link's cart and the typed address.
  const preview = (l: Awaited<ReturnType<typeof link>>, to: object = address) =>
    t.api().from(`10.46.1.${++ip}`).post('/api/order/advance', { list_items: l.lines.map(({ product_id, quantity }) => ({ product_id, quantity })), ...(l.voucher_code ? { voucher_code: l.voucher_code } : {}), guest_user_delivery_address: to });
  const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
  return { db, setRule, row, link, confirm, preview, orderCount };
}

describe('a chat link’s advance with bKash configured', () => {
  const t = useTestApp(bkash.env);
  const h = helpers(t);

  it('a first-time buyer pays the delivery charge now: the page previews it, the order waits for bKash, is confirmed once paid, and the link is used once', async () => {
    await h.setRule({ kind: 'delivery', who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const link = await h.link([{ product_id: product.id, quantity: 2 }]);

    const preview = await h.preview(link);
    expect(preview.json().data).toEqual({ total: 2100, advance: 100, due_on_delivery: 2000 });

    const res = await h.confirm(link.token);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ payment_status: 'CASH-ON-DELIVERY', source: 'web', total_amount: 2100, advance_amount: 100, paid: false });
    const order = await h.row(data._id);
    expect(order).toMatchObject({ paymentState: 'awaiting', gateway: 'bkash', advanceAmount: 100, advanceFor: 'first-time', paymentUrl: data.bkashURL });
    const paymentID = new URL(data.bkashURL).searchParams.get('paymentID')!;
    expect(bkash.fake().ledger.payments.get(paymentID)).toMatchObject({ amount: '100', merchantInvoiceNumber: data.orderId, payerReference: address.mobile });
    expect(await stockOf(h.db(), product.id)).toBe(3);

    // Used once, even while its advance is unpaid.
    const again = await h.confirm(link.token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CHAT_LINK_USED']);
    expect(await h.orderCount()).toBe(1);

    const back = await bkash.fake().approve(paymentID);
    expect((await t.api().get(back.pathname + back.search)).headers.location).toBe('/order-success?text=Payment');
    const paid = await h.row(data._id);
    expect(paid).toMatchObject({ paymentState: 'paid', paidAmount: 100, status: 'Pending' });
    // The rider collects the total less the advance, by THE shared function the courier's booking uses.
    const due = amountDueOnDelivery({ method: paid.paymentStatus, total: paid.totalAmount, advanceAmount: paid.advanceAmount, paymentState: paid.paymentState, paidAmount: paid.paidAmount });
    expect(due).toBe(2100 - 100);
    const track = await t.api().get(`/api/order/track?orderId=${data.orderId}&mobile=${address.mobile}`);
    expect(track.json().data.amounts).toMatchObject({ total: 2100, paid: 100, due_on_delivery: 2000 });
  });

  it('an unpaid advance expires like an unpaid bKash order: cancelled, its stock and promotion use given back', async () => {
    await h.setRule({ kind: 'delivery', who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 400, stock: 3 });
    const made = await (await advanceStaff(t).staff()).post('promotion', { name: 'Chat', name_bn: 'চ্যাট', kind: 'percent', value: 10, code: 'CHAT1', usage_limit: 1, starts_at: new Date(Date.now() - 3600_000).toISOString(), ends_at: new Date(Date.now() + 86400_000).toISOString() });
    expect(made.statusCode, made.body).toBe(201);
    const link = await h.link([{ product_id: product.id, quantity: 2 }], { voucher_code: 'CHAT1' });
    const data = (await h.confirm(link.token)).json().data;
    // 800 less 10 % is 720, with 100 delivery.
    expect(data).toMatchObject({ total_amount: 820, advance_amount: 100 });
    expect(await stockOf(h.db(), product.id)).toBe(1);
    const uses = () => h.db().select().from(promotionUses).where(and(eq(promotionUses.orderId, data._id), isNull(promotionUses.releasedAt)));
    expect(await uses()).toHaveLength(1);
    // Its age moved in the database: the test does not wait for the clock.
    await h.db().update(orders).set({ createdAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.id, data._id));
    expect(await sweepExpiredPayments({ db: h.db(), gateway: bkash.fake().client(), log: t.app.log }, 30)).toMatchObject({ cancelled: 1 });
    expect(await h.row(data._id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(h.db(), product.id)).toBe(3);
    expect(await uses()).toHaveLength(0);
  });

  it('a buyer the rule does not ask (delivered before) places plain cash on delivery, no bKash payment', async () => {
    await h.setRule({ kind: 'delivery', who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 900, stock: 4 });
    // The factory's orders go to 01712345678.
    await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 900 }], status: 'Delivered' });
    const known = { ...address, mobile: '01712345678' };
    const link = await h.link([{ product_id: product.id, quantity: 1 }]);
    expect((await h.preview(link, known)).json().data).toEqual({ total: 1000, advance: 0, due_on_delivery: 1000 });
    const before = bkash.fake().ledger.payments.size;
    const res = await h.confirm(link.token, known);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ advance_amount: null, due_on_delivery: 1000 });
    expect(res.json().data.bkashURL).toBeUndefined();
    expect(await h.row(res.json().data._id)).toMatchObject({ paymentState: null, gateway: null });
    expect(bkash.fake().ledger.payments.size).toBe(before);
  });

  it('risky buyers: the COD risk check decides (own history), and the link still asks no SMS code', async () => {
    await h.setRule({ kind: 'fixed', value: 300, who: 'risky' });
    await h.db().execute(sql`UPDATE shop_settings SET cod_confirm_mode = 'always' WHERE id = 1`);
    const product = await makeProduct(h.db(), { price: 2000, stock: 9 });
    for (let i = 0; i < 3; i++) await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 2000 }], status: 'Return' });
    const link = await h.link([{ product_id: product.id, quantity: 1 }]);
    const res = await h.confirm(link.token, { ...address, mobile: '01712345678' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ advance_amount: 300, total_amount: 2100, bkashURL: expect.any(String) });
  });
});

describe('a chat link without bKash', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('no gateway takes it: the link places cash on delivery as before', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const link = await h.link([{ product_id: product.id, quantity: 1 }]);
    expect((await h.preview(link)).json().data).toEqual({ total: 1100, advance: 0, due_on_delivery: 1100 });
    const res = await h.confirm(link.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ advance_amount: null, due_on_delivery: 1100 });
    expect(res.json().data.bkashURL).toBeUndefined();
  });
});
