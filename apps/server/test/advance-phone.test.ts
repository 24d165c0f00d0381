import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders } from '../src/db/schema';
import { sweepExpiredPayments } from '../src/modules/payments/bkash';
import { smsText } from '../src/modules/notify/service';
import { advanceStaff, useAdvanceBkash } from './support/advance';
import { makeOrder, makeProduct, stockOf, useTestApp, type TestContext } from './support';

/**
 * Issue 44 (decision 0130): a phone order asks the advance the owner's rule asks. Staff see it first (the preview
 * with the buyer's address); the order waits for it, and the "order placed" SMS carries bKash's page (the fake, real
 * HTTP); paid, the rider collects the rest; unpaid, it expires and gives the stock back. Staff may waive it with a
 * reason, which the audit log keeps.
 */
const bkash = useAdvanceBkash();
const { env } = bkash;

const customer = { name: 'Rahima Khatun', address_line: 'Zindabazar, House 4', city: 'Sylhet', mobile: '01812345678' };

function helpers(t: TestContext) {
  const db = () => t.database.db;
  const { staff, setRule } = advanceStaff(t);
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  return { db, staff, setRule, row };
}

describe('a phone order’s advance with bKash configured', () => {
  const t = useTestApp(env);
  const h = helpers(t);

  it('staff see the advance first; the order waits for it, the SMS carries bKash’s page, and once paid the rider collects the rest', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const staff = await h.staff();
    const list_items = [{ product_id: product.id, quantity: 1 }];
    // The phone-order page's preview: the buyer's address, as the order will have it (Sylhet: outside Dhaka, 100).
    const preview = await staff.post('order/advance', { list_items, guest_user_delivery_address: customer });
    expect(preview.json().data).toEqual({ total: 1100, advance: 100, due_on_delivery: 1000 });

    const res = await staff.post('order/manual', { customer, method: 'CASH-ON-DELIVERY', list_items });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ source: 'admin', total_amount: 1100, advance_amount: 100, paid: false });
    const order = await h.row(data._id);
    expect(order).toMatchObject({ paymentState: 'awaiting', advanceAmount: 100, advanceFor: 'everyone' });
    const paymentID = new URL(order.paymentUrl!).searchParams.get('paymentID')!;
    expect(bkash.fake().ledger.payments.get(paymentID)).toMatchObject({ amount: '100', merchantInvoiceNumber: data.orderId, payerReference: customer.mobile });
    // The buyer was never on bKash's page: the text carries it, with what is paid now and on delivery.
    expect(smsText('Haat', 'placed', order)).toBe(`Haat: অর্ডার ${data.orderId}, মোট ১,১০০.০০৳। অগ্রিম ১০০.০০৳ বিকাশে দিন: ${order.paymentUrl} বাকি ১,০০০.০০৳ ডেলিভারিতে।`);
    const audit = await h.db().select().from(auditLog).where(eq(auditLog.targetId, data._id));
    expect(audit[0]!.after).toMatchObject({ source: 'admin', advance_amount: 100 });

    const back = await bkash.fake().approve(paymentID);
    expect((await t.api().get(back.pathname + back.search)).headers.location).toBe('/order-success?text=Payment');
    expect(await h.row(data._id)).toMatchObject({ paymentState: 'paid', paidAmount: 100 });
    const track = await t.api().get(`/api/order/track?orderId=${data.orderId}&mobile=${customer.mobile}`);
    expect(track.json().data.amounts).toMatchObject({ total: 1100, paid: 100, due_on_delivery: 1000 });
  });

  it('an unpaid advance expires like the checkout’s: cancelled, its stock given back', async () => {
    await h.setRule({ kind: 'percent', value: 20, who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 500, stock: 3 });
    const data = (await (await h.staff()).post('order/manual', { customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 2 }] })).json().data;
    expect(data).toMatchObject({ total_amount: 1100, advance_amount: 220 });
    expect(await stockOf(h.db(), product.id)).toBe(1);
    // Its age computed from now: no clock but the database's.
    await h.db().update(orders).set({ createdAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.id, data._id));
    expect(await sweepExpiredPayments({ db: h.db(), gateway: bkash.fake().client(), log: t.app.log }, 30)).toMatchObject({ cancelled: 1 });
    expect(await h.row(data._id)).toMatchObject({ status: 'Cancel', paymentState: 'failed', stockReserved: false });
    expect(await stockOf(h.db(), product.id)).toBe(3);
  });

  it('staff waive it with a reason: no advance, no bKash payment, and the audit log says what was waived and why', async () => {
    await h.setRule({ kind: 'fixed', value: 300, who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 900, stock: 4 });
    const before = bkash.fake().ledger.payments.size;
    const res = await (await h.staff()).post('order/manual', { customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], advance_waiver: 'Regular buyer, known by phone' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total_amount: 1000, advance_amount: null, due_on_delivery: 1000 });
    expect(await h.row(res.json().data._id)).toMatchObject({ paymentState: null, advanceAmount: null });
    expect(bkash.fake().ledger.payments.size).toBe(before);
    const [entry] = await h.db().select().from(auditLog).where(eq(auditLog.targetId, res.json().data._id));
    expect(entry!.after).toMatchObject({ advance_waived: 300, advance_waiver: 'Regular buyer, known by phone' });
    expect(smsText('Haat', 'placed', await h.row(res.json().data._id))).not.toContain('বিকাশে');
  });

  it('a buyer the rule does not ask (delivered before) pays nothing now; a reason too long is refused and changes nothing', async () => {
    await h.setRule({ kind: 'fixed', value: 300, who: 'first-time' });
    const product = await makeProduct(h.db(), { price: 900, stock: 4 });
    // The factory's orders go to 01712345678.
    await makeOrder(h.db(), { lines: [{ product, quantity: 1, unitPrice: 900 }], status: 'Delivered' });
    const staff = await h.staff();
    const known = await staff.post('order/manual', { customer: { ...customer, mobile: '01712345678' }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }] });
    expect(known.json().data).toMatchObject({ advance_amount: null, due_on_delivery: 1000 });
    const long = await staff.post('order/manual', { customer: { ...customer, mobile: '01912345678' }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], advance_waiver: 'x'.repeat(501) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'The reason for waiving the advance is too long']);
    expect(await stockOf(h.db(), product.id)).toBe(3);
  });
});

describe('a phone order without bKash', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('no gateway takes it: the phone order is cash on delivery as before', async () => {
    await h.setRule({ kind: 'delivery', who: 'everyone' });
    const product = await makeProduct(h.db(), { price: 1000, stock: 5 });
    const res = await (await h.staff()).post('order/manual', { customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }] });
    expect(res.json().data).toMatchObject({ advance_amount: null, due_on_delivery: 1100 });
  });
});
