import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents, orderItems, orders, products, productVariants } from '../src/db/schema';
import { bulkSmsBdSender } from '../src/integrations/bulksmsbd/client';
import { ProviderError } from '../src/integrations/http';
import { smsRetryable } from '../src/lib/sms';
import { formatTaka } from '@haat/shared/money';
import { greeted, handleOrderSms, notifyOrder, smsText, type NotifyDeps } from '../src/modules/notify/service';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { dhakaGuest, jobsLeft, makeProduct, makeUser, multipart, startJobs, useTestApp } from './support';

const silent = pino({ level: 'silent' });

async function smsEvents(t: ReturnType<typeof useTestApp>, orderId: string) {
  return t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

// Long enough for a send to the local fake on a busy CI machine (300 ms once was not, for a token grant: bkash-client),
// short enough that the cases where the fake hangs on purpose stay quick.
const SEND_TIMEOUT_MS = 1_500;

describe('BulkSMSBD client against the local fake', () => {
  let fake: FakeBulkSmsBd;
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd({ masked: true, balance: 3 });
  });
  afterAll(() => fake.close());
  const sender = () => bulkSmsBdSender({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, senderId: fake.senderId, timeoutMs: SEND_TIMEOUT_MS });

  it('sends to 8801XXXXXXXXX with the documented fields and answers the message id', async () => {
    const receipt = await sender().send({ to: '01712345678', text: 'হাট: অর্ডার পেয়েছি' });
    expect(receipt.messageId).toMatch(/^\d+$/);
    expect(fake.state.messages.at(-1)).toMatchObject({ number: '8801712345678', senderid: fake.senderId, message: 'হাট: অর্ডার পেয়েছি' });
  });

  it('maps the gateway codes: 1001, 1012 and 1007 are final, 1005, 5xx, 429 and timeouts may be retried', async () => {
    const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => {
      expect(e).toBeInstanceOf(ProviderError);
      const err = e as ProviderError;
      return { retryable: smsRetryable(err), code: err.code, message: err.message };
    });
    // A bad number never leaves the shop: the client checks it first, as the gateway would (1001).
    expect(await failure(sender().send({ to: '0171234', text: 'হাট' }))).toMatchObject({ retryable: false, code: '1001' });
    expect(await failure(sender().send({ to: '01712345678', text: 'Order placed' }))).toMatchObject({ retryable: false, code: '1012', message: 'BulkSMSBD 1012: Masking SMS must be sent in Bengali' });
    fake.failNext({ code: 1005 }, { http: 503 }, { http: 429 }, { hang: true });
    for (let i = 0; i < 4; i++) expect(await failure(sender().send({ to: '01712345678', text: 'হাট' }))).toMatchObject({ retryable: true });
    // Balance 3: one message above, two more, then 1007.
    await sender().send({ to: '01812345678', text: 'হাট' });
    await sender().send({ to: '01912345678', text: 'হাট' });
    expect(await failure(sender().send({ to: '01712345678', text: 'হাট' }))).toMatchObject({ retryable: false, code: '1007', message: 'BulkSMSBD 1007: Balance Insufficient' });
  });
});

describe('order SMS', () => {
  let fake: FakeBulkSmsBd;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
    Object.assign(env, { SMS_BASE_URL: fake.baseUrl, SMS_API_KEY: fake.apiKey, SMS_SENDER_ID: fake.senderId, SHOP_NAME: 'Haat' });
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  let ip = 0;
  /**
   * Delivered as the arrangement of a return's or exchange's texts, written straight to the row: a move into Delivered
   * also texts the shopper its own "delivered" SMS (decision 0126, delivered.test.ts), which these tests do not count.
   */
  const deliveredUntold = (orderId: string) => t.database.db.update(orders).set({ status: 'Delivered', deliveredAt: new Date() }).where(eq(orders.id, orderId));
  const placeGuestOrder = async (productId: string, address: object = dhakaGuest) => {
    const res = await t.api().from(`10.9.0.${++ip}`).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: productId, quantity: 2 }], guest_user_delivery_address: address });
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; orderId: string; total_amount: number };
  };

  it('texts the shopper the order id and total when an order is placed, and logs it on the order', async () => {
    const p = await makeProduct(t.database.db, { price: 600, stock: 5 });
    const order = await placeGuestOrder(p.id);
    expect(order.total_amount).toBe(1250);
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toHaveLength(1));
    const sms = fake.state.messages.at(-1)!;
    expect(sms).toMatchObject({ number: '8801712345678', message: `Haat: অর্ডার ${order.orderId} পেয়েছি, মোট ১,২৫০.০০৳। ধন্যবাদ!` });
    expect(sms.message.length).toBeLessThanOrEqual(70);

    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const events = await t.api().get(`/api/order/${order._id}/events`, { headers: admin.auth });
    expect(events.json().data).toEqual([{ kind: 'sms', status: 'sent', message: expect.stringContaining(`placed via bulksmsbd (${sms.message_id})`), at: expect.any(String) }]);
  });

  it("greets the recipient by the address's name when it still fits one segment", async () => {
    const p = await makeProduct(t.database.db, { price: 600, stock: 5 });
    const order = await placeGuestOrder(p.id, { ...dhakaGuest, name: 'রহিম উদ্দিন' });
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toHaveLength(1));
    const sms = fake.state.messages.at(-1)!;
    expect(sms.message).toBe(`রহিম, Haat: অর্ডার ${order.orderId} পেয়েছি, মোট ${formatTaka(1250)}। ধন্যবাদ!`);
    expect(sms.message.length).toBeLessThanOrEqual(70);
  });

  it('a return asked in English is texted in English, and in Bangla when the masked sender refuses English (1012)', async () => {
    const p = await makeProduct(t.database.db, { price: 600, stock: 5 });
    const order = await placeGuestOrder(p.id);
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toHaveLength(1));
    await deliveredUntold(order._id);
    const item = (await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id)))[0]!;
    const asked = await t.api().from('10.9.1.1').post('/api/track/returns', multipart({ orderId: order.orderId, mobile: dhakaGuest.mobile, lang: 'en', request: JSON.stringify({ kind: 'return', items: [{ item_id: item.id, quantity: 1 }], reason: 'damaged' }) }));
    expect(asked.statusCode, asked.body).toBe(201);
    await vi.waitFor(async () => expect((await smsEvents(t, order._id)).filter((e) => e.message.startsWith('return_requested'))).toMatchObject([{ status: 'sent' }]));
    expect(fake.state.messages.at(-1)!.message).toBe(`Haat: we got your return request for order ${order.orderId}.`);

    // A masked sender refuses English (1012): the same notice goes again in Bangla.
    const masked = await startFakeBulkSmsBd({ masked: true });
    try {
      const sms = bulkSmsBdSender({ baseUrl: masked.baseUrl, apiKey: masked.apiKey, senderId: masked.senderId, timeoutMs: SEND_TIMEOUT_MS });
      let deps!: NotifyDeps;
      await startJobs(t.database, `sms-masked-${order._id}`, (jobs) => handleOrderSms((deps = { db: t.database.db, sms, jobs, log: silent, shopName: 'Haat' })));
      await notifyOrder(deps, t.database.db, order._id, 'return_approved', { lang: 'en' });
      await vi.waitFor(async () => expect(masked.state.messages).toHaveLength(1), { timeout: 10_000 });
      expect(masked.state.messages[0]!.message).toBe(`Haat: অর্ডার ${order.orderId}-এর ফেরত অনুমোদিত; পণ্য সংগ্রহ করা হবে।`);
    } finally {
      await masked.close();
    }
  });

  it('an exchange is texted as an exchange at every step, in English and in Bangla, and its replacement order named (issue 42)', async () => {
    const productId = 'smskurta000000001';
    await t.database.db.insert(products).values({ id: productId, name: 'Kurta', price: 1000, stock: 20, options: [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'এম', swatch: '' }, { value: 'L', value_bn: 'এল', swatch: '' }] }] });
    await t.database.db.insert(productVariants).values([
      { id: 'smskurtaM00000001', productId, position: 0, optionValues: ['M'], price: 1000, stock: 10 },
      { id: 'smskurtaL00000001', productId, position: 1, optionValues: ['L'], price: 1000, stock: 10 },
    ]);
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const textsOf = async (orderId: string) => (await smsEvents(t, orderId)).filter((e) => e.status === 'sent').map((e) => e.message.replace(/ via bulksmsbd \(\d+\)/, ''));
    for (const [lang, mobile] of [['en', '01812345001'], ['bn', '01812345002']] as const) {
      const placed = await t.api().from(`10.9.2.${++ip}`).post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: productId, variant_id: 'smskurtaM00000001', quantity: 1 }], guest_user_delivery_address: { ...dhakaGuest, mobile } });
      const order = placed.json().data as { _id: string; orderId: string; product_details: { _id: string }[] };
      await deliveredUntold(order._id);
      const asked = await t.api().from(`10.9.3.${++ip}`).post('/api/track/returns', multipart({ orderId: order.orderId, mobile, lang, request: JSON.stringify({ kind: 'exchange', items: [{ item_id: order.product_details[0]!._id, quantity: 1, wanted_variant_id: 'smskurtaL00000001' }], reason: 'wrong_size' }) }));
      expect(asked.statusCode, asked.body).toBe(201);
      const returnId = asked.json().data._id as string;
      expect((await t.api().as(admin).post(`returns/${returnId}/decision`, { decision: 'approve', pickup: 'manual' })).statusCode).toBe(200);
      const received = await t.api().as(admin).post(`returns/${returnId}/receive`, {});
      const replacement = received.json().data.replacement_order as string;
      expect(replacement).toMatch(/^HT-/);
      await vi.waitFor(async () => expect(await textsOf(order._id)).toHaveLength(5), { timeout: 15_000, interval: 50 });
      const id = order.orderId;
      // Sent as jobs, in any order (the last two are queued together).
      expect((await textsOf(order._id)).sort()).toEqual(
        (lang === 'en'
          ? [
              `placed: Haat: অর্ডার ${id} পেয়েছি, মোট ${formatTaka(1050)}। ধন্যবাদ!`,
              `exchange_requested: Haat: we got your exchange request for order ${id}.`,
              `exchange_approved: Haat: your exchange for order ${id} is approved; we will collect the items.`,
              `exchange_received: Haat: we received the items sent back for exchange from order ${id}.`,
              `exchange_placed: Haat: order ${replacement} will be sent in exchange for order ${id}.`,
            ]
          : [
              `placed: Haat: অর্ডার ${id} পেয়েছি, মোট ${formatTaka(1050)}। ধন্যবাদ!`,
              `exchange_requested: Haat: অর্ডার ${id}-এর বদলের অনুরোধ পেয়েছি।`,
              `exchange_approved: Haat: অর্ডার ${id}-এর বদল অনুমোদিত; পণ্য সংগ্রহ করা হবে।`,
              `exchange_received: Haat: অর্ডার ${id}-এর বদলের পণ্য পেয়েছি।`,
              `exchange_placed: Haat: অর্ডার ${id}-এর বদলে অর্ডার ${replacement} পাঠানো হবে।`,
            ]
        ).sort(),
      );
      // What reached the gateway: no word of a return.
      const sent = fake.state.messages.filter((m) => m.number === `88${mobile}`).map((m) => m.message);
      expect(sent).toHaveLength(5);
      expect(sent.join(' ')).not.toMatch(/return|ফেরত/);
      // The replacement order itself is an exchange of the first, not a phone order.
      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, replacement));
      expect(row).toMatchObject({ source: 'exchange', exchangeFor: id, note: '' });
    }
  });

  it('an SMS the gateway refuses does not fail the order: it is recorded as failed', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 5 });
    fake.failNext({ code: 1007 });
    const order = await placeGuestOrder(p.id);
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toHaveLength(1));
    const [event] = await smsEvents(t, order._id);
    expect(event).toMatchObject({ kind: 'sms', status: 'failed', message: 'placed: BulkSMSBD 1007: injected 1007 (after 1 attempt)' });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ status: 'Pending', totalAmount: 250 });
  });

  it('notifyOrder sends the booked (with tracking code) and delivered texts, retrying an unreachable gateway', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 5 });
    fake.failNext({ code: 1007 }); // the placed SMS: out of the way
    const order = await placeGuestOrder(p.id);
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toHaveLength(1));

    // A queue of its own on the test's database, with its own worker: every job runs to its end (retries included).
    const queue = `sms-test-${order._id}`;
    const sms = bulkSmsBdSender({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, senderId: fake.senderId, timeoutMs: SEND_TIMEOUT_MS });
    let deps!: NotifyDeps;
    await startJobs(t.database, queue, (jobs) => handleOrderSms((deps = { db: t.database.db, sms, jobs, log: silent, shopName: 'Haat' })));
    const drain = () => vi.waitFor(async () => expect(await jobsLeft(t.database, queue)).toBe(0), { timeout: 15_000, interval: 20 });
    fake.failNext({ http: 502 }, { hang: true });
    const before = fake.state.calls;
    await notifyOrder(deps, t.database.db, order._id, 'booked', { trackingCode: '15BAEB8A' });
    await drain();
    await notifyOrder(deps, t.database.db, order._id, 'delivered');
    await drain();
    expect(fake.state.calls - before).toBe(4); // booked: 502, timeout, sent; delivered: sent
    expect(fake.state.messages.slice(-2).map((m) => m.message)).toEqual([
      `Haat: অর্ডার ${order.orderId} কুরিয়ারে, ট্র্যাকিং 15BAEB8A`,
      `Haat: অর্ডার ${order.orderId} ডেলিভারি হয়েছে। ধন্যবাদ!`,
    ]);
    const events = await smsEvents(t, order._id);
    expect(events.map((e) => e.status).sort()).toEqual(['failed', 'sent', 'sent']);

    // Every try failing: recorded once, after the last.
    fake.failNext({ http: 500 }, { http: 500 }, { http: 500 });
    await notifyOrder(deps, t.database.db, order._id, 'delivered');
    await drain();
    expect((await smsEvents(t, order._id)).map((e) => e.message)).toContain('delivered: SMS gateway answered HTTP 500 (after 3 attempts)');
  });
});

describe('order SMS without gateway settings', () => {
  const t = useTestApp();

  it('writes each SMS to DATA_DIR/outbox/ as JSON', async () => {
    const p = await makeProduct(t.database.db, { price: 300, stock: 5 });
    const res = await t.api().post('/api/order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest });
    const order = res.json().data;
    await vi.waitFor(async () => expect(await smsEvents(t, order._id)).toMatchObject([{ status: 'sent' }]));
    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.sms.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(outbox, files[0]!), 'utf8'))).toEqual({
      to: '8801712345678',
      text: `Haat: অর্ডার ${order.orderId} পেয়েছি, মোট ৩৫০.০০৳। ধন্যবাদ!`,
    });
  });
});

describe('SMS texts', () => {
  it('name the recipient only when the text stays within one segment', () => {
    // A small total leaves room for a short name (the amount is written as the web writes it, decision 0050).
    const text = smsText('Haat', 'placed', { orderId: 'HT-20261122-7Q4K9M', totalAmount: 50 });
    expect(greeted('Rahim Uddin', text)).toBe(`Rahim, ${text}`);
    expect(greeted('Shahabuddinahmed Chowdhury', text)).toBe(text);
    expect(greeted('  ', text)).toBe(text);
    // A title is not a name: "Md. Rahim" is greeted as Rahim.
    expect(greeted('Md. Rahim Uddin', text)).toBe(`Rahim, ${text}`);
    expect(greeted('মোঃ করিম', text)).toBe(`করিম, ${text}`);
    expect(greeted('Md.', text)).toBe(text);
  });

  it('write the total as the web and the printed pages do (one taka formatter)', () => {
    expect(smsText('Haat', 'placed', { orderId: 'HT-20261122-7Q4K9M', totalAmount: 1241 })).toBe('Haat: অর্ডার HT-20261122-7Q4K9M পেয়েছি, মোট ১,২৪১.০০৳। ধন্যবাদ!');
    expect(smsText('Haat', 'placed', { orderId: 'HT-1', totalAmount: 1241 })).toContain(formatTaka(1241));
  });

  it('say each step of a return in Bangla, or in English when the shopper asked in English (issue 27)', () => {
    const order = { orderId: 'HT-20261122-7Q4K9M', totalAmount: 2750 };
    expect(smsText('Haat', 'refunded', order, { amount: 900 })).toBe(`Haat: অর্ডার HT-20261122-7Q4K9M-এর ${formatTaka(900)} ফেরত দেওয়া হয়েছে।`);
    expect(smsText('Haat', 'refunded', order, { amount: 900, lang: 'en' })).toBe('Haat: Tk 900 refunded for order HT-20261122-7Q4K9M.');
    expect(smsText('Haat', 'return_rejected', order, { note: 'Worn', lang: 'en' })).toBe('Haat: your return for order HT-20261122-7Q4K9M was not accepted: Worn');
    expect(smsText('Haat', 'unsupplied', order)).toBe('Haat: দুঃখিত, অর্ডার HT-20261122-7Q4K9M-এর পণ্য দেওয়া যাচ্ছে না; অর্ডার বাতিল।');
    // An exchange's steps are named as an exchange's, never a return's (issue 42).
    expect(smsText('Haat', 'exchange_rejected', order, { note: 'Worn', lang: 'en' })).toBe('Haat: your exchange for order HT-20261122-7Q4K9M was not accepted: Worn');
    expect(smsText('Haat', 'exchange_rejected', order, { note: 'ব্যবহৃত' })).toBe('Haat: অর্ডার HT-20261122-7Q4K9M-এর বদল গ্রহণ হয়নি: ব্যবহৃত');
    // The order's own notices stay in Bangla whatever the language (a masked sender sends only Bengali).
    expect(smsText('Haat', 'delivered', order, { lang: 'en' })).toBe(smsText('Haat', 'delivered', order));
  });

  it('fit one Bengali segment (70 characters) for a large total and a long tracking code', () => {
    const order = { orderId: 'HT-20261122-7Q4K9M', totalAmount: 1_234_567 };
    for (const notice of ['placed', 'booked', 'delivered', 'exchange_requested', 'exchange_approved', 'exchange_received'] as const) {
      expect(smsText('Haat', notice, order, { trackingCode: 'DL121224VS8TTJ' }).length).toBeLessThanOrEqual(70);
    }
  });
});
