import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shipments } from '../src/db/schema';
import { startFakeMetaCapi, type FakeMetaCapi } from './fakes/meta-capi';
import { dhakaGuest, jobRows, makeProduct, makeUser, outboxSms, useTestApp, type TestUser } from './support';

const HOOK_TOKEN = 'delivered-hook-token-0126';
const PIXEL = '123456789012345';
const CONSENTED = 'haat.ads=yes; _fbp=fb.1.1700000000000.987654321';

/**
 * Decision 0126: every entry into Delivered — a courier's webhook, staff by hand — is told once, as
 * `order.delivered`, by the one status writer: one "delivered" SMS, one review request, one "at delivery" Purchase.
 */
describe('an order delivered, by courier or by hand', () => {
  let meta: FakeMetaCapi;
  const env: Record<string, string> = { STEADFAST_WEBHOOK_TOKEN: HOOK_TOKEN };
  beforeAll(async () => {
    meta = await startFakeMetaCapi();
    Object.assign(env, { META_GRAPH_URL: meta.baseUrl, META_GRAPH_VERSION: 'v21.0' });
  });
  afterAll(async () => {
    await meta?.close();
  });
  const t = useTestApp(env);
  let consignment = 9100;

  /** The owner asks for reviews 3 days after delivery and sends a cash-on-delivery Purchase at delivery only. */
  async function owner(): Promise<TestUser> {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const reviews = await t.api().as(admin).put('review-settings', { auto_publish_from: 4, blocked_words: '', request_days: 3 });
    expect(reviews.statusCode, reviews.body).toBe(200);
    const ads = await t.api().as(admin).put('ads/settings', { meta_pixel_id: PIXEL, meta_capi_token: meta.accessToken, meta_purchase_at: 'delivery', ga_measurement_id: '' });
    expect(ads.statusCode, ads.body).toBe(200);
    return admin;
  }

  async function placeCod(): Promise<{ _id: string; orderId: string }> {
    const product = await makeProduct(t.database.db, { price: 400, stock: 10 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: { cookie: CONSENTED } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const steadfastDelivered = (id: number) =>
    t.api().post('/api/courier/steadfast/webhook', { notification_type: 'delivery_status', consignment_id: id, status: 'delivered', updated_at: '2026-11-20 10:01:00' }, { headers: { authorization: `Bearer ${HOOK_TOKEN}` } });

  /** What the database holds for the order: its "delivered" SMS jobs, its review requests, its Purchase jobs. */
  async function followUps(orderId: string) {
    const rows = (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.data.orderId === orderId);
    return {
      deliveredSms: rows.filter((j) => j.name === 'sms.order' && j.data.notice === 'delivered').length,
      reviewRequests: rows.filter((j) => j.name === 'sms.review-request').length,
      purchases: rows.filter((j) => j.name === 'ads.meta-purchase').length,
    };
  }

  /** The SMS the outbox holds that tell `orderCode` was delivered. */
  const deliveredTexts = (orderCode: string) => outboxSms(t.config.DATA_DIR).filter((m) => m.text.includes(`অর্ডার ${orderCode} ডেলিভারি হয়েছে`));
  const purchasesSent = (orderCode: string) => meta.received.filter((r) => r.data.some((e) => e.event_id === `purchase.${orderCode}`)).length;

  it('a courier’s delivery webhook: one SMS, one review request, one Purchase; the webhook replayed adds none', async () => {
    await owner();
    const order = await placeCod();
    expect(await followUps(order._id)).toEqual({ deliveredSms: 0, reviewRequests: 0, purchases: 0 });
    const id = ++consignment;
    await t.database.db.insert(shipments).values({ orderId: order._id, provider: 'steadfast', consignmentId: String(id), status: 'in_review', stage: 'booked' });

    expect((await steadfastDelivered(id)).statusCode).toBe(200);
    expect(await followUps(order._id)).toEqual({ deliveredSms: 1, reviewRequests: 1, purchases: 1 });
    await vi.waitFor(() => expect(deliveredTexts(order.orderId)).toHaveLength(1), { timeout: 15_000 });
    await vi.waitFor(() => expect(purchasesSent(order.orderId)).toBe(1), { timeout: 15_000 });

    expect((await steadfastDelivered(id)).statusCode).toBe(200);
    expect(await followUps(order._id)).toEqual({ deliveredSms: 1, reviewRequests: 1, purchases: 1 });
    expect(deliveredTexts(order.orderId)).toEqual([{ to: '8801712345678', text: expect.stringContaining('ডেলিভারি হয়েছে') }]);
  });

  it('staff marking it Delivered by hand: the same one SMS, review request and Purchase; saving Delivered again adds none', async () => {
    const admin = await owner();
    const order = await placeCod();
    const mark = () => t.api().as(admin).patch(`order/update-status/${order._id}`, { status: 'Delivered' });

    const res = await mark();
    expect(res.statusCode, res.body).toBe(200);
    expect(await followUps(order._id)).toEqual({ deliveredSms: 1, reviewRequests: 1, purchases: 1 });
    await vi.waitFor(() => expect(deliveredTexts(order.orderId)).toHaveLength(1), { timeout: 15_000 });
    await vi.waitFor(() => expect(purchasesSent(order.orderId)).toBe(1), { timeout: 15_000 });

    expect((await mark()).statusCode).toBe(200);
    expect(await followUps(order._id)).toEqual({ deliveredSms: 1, reviewRequests: 1, purchases: 1 });
    expect(deliveredTexts(order.orderId)).toHaveLength(1);
  });
});
