import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, orders, users } from '../src/db/schema';
import { startFakeGa4, type FakeGa4 } from './fakes/ga4-mp';
import { startFakeMetaCapi, type FakeMetaCapi } from './fakes/meta-capi';
import { dhakaGuest, jobRows, makeAddress, makeProduct, makeUser, useTestApp } from './support';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PIXEL = '123456789012345';

/** Issue 45 (decision 0119): a Purchase to Meta's Conversions API and GA4's Measurement Protocol, only with consent. */
describe('ad and analytics events from the server', () => {
  let meta: FakeMetaCapi;
  let ga: FakeGa4;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    meta = await startFakeMetaCapi();
    ga = await startFakeGa4();
    Object.assign(env, { META_GRAPH_URL: meta.baseUrl, META_GRAPH_VERSION: 'v21.0', GA_MP_URL: ga.baseUrl });
  });
  afterAll(async () => {
    await meta?.close();
    await ga?.close();
  });
  const t = useTestApp(env);
  beforeEach(() => {
    meta.received.length = 0;
    ga.received.length = 0;
  });

  const adJobs = async () => (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.name.startsWith('ads.'));
  async function owner(settings: object = {}) {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const saved = await t.api().as(admin).put('ads/settings', { meta_pixel_id: PIXEL, meta_capi_token: meta.accessToken, meta_purchase_at: 'order', ga_measurement_id: ga.measurementId, ga_api_secret: ga.apiSecret, ...settings });
    expect(saved.statusCode, saved.body).toBe(200);
    return admin;
  }
  const CONSENTED = 'haat.ads=yes; _fbp=fb.1.1700000000000.987654321; _fbc=fb.1.1700000000000.IwAR-click; _ga=GA1.1.444555666.1700000000';

  it('with consent, sends one Purchase to each with the documented fields, hashed phone and e-mail, and the Pixel’s event id', async () => {
    await owner();
    const shopper = await makeUser(t.database.db, t.config);
    const address = await makeAddress(t.database.db, shopper.id, { mobile: '01712345678' });
    const p = await makeProduct(t.database.db, { price: 1500, stock: 5 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', addressId: address, list_items: [{ product_id: p.id, quantity: 2 }] }, { headers: { ...shopper.auth, cookie: CONSENTED, 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Test', referer: 'https://shop.example/checkout' } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    await vi.waitFor(() => expect(meta.received).toHaveLength(1), { timeout: 15_000 });
    await vi.waitFor(() => expect(ga.received).toHaveLength(1), { timeout: 15_000 });

    expect(meta.received[0]).toMatchObject({ version: 'v21.0', pixelId: PIXEL, accessToken: meta.accessToken });
    const [event] = meta.received[0]!.data;
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: `purchase.${order.orderId}`,
      action_source: 'website',
      event_source_url: 'https://shop.example/checkout',
      user_data: {
        ph: [sha256('8801712345678')],
        em: [sha256(shopper.email.trim().toLowerCase())],
        client_user_agent: 'Mozilla/5.0 (Linux; Android 13) Test',
        fbp: 'fb.1.1700000000000.987654321',
        fbc: 'fb.1.1700000000000.IwAR-click',
      },
      custom_data: { currency: 'BDT', value: order.total_amount, content_ids: [p.id], contents: [{ id: p.id, quantity: 2, item_price: 1500 }], content_type: 'product' },
    });
    expect(typeof event!.event_time).toBe('number');
    expect((event!.user_data as { client_ip_address: string }).client_ip_address).toBeTruthy();

    expect(ga.received[0]!.body).toEqual({
      client_id: '444555666.1700000000',
      events: [{ name: 'purchase', params: { currency: 'BDT', value: order.total_amount, transaction_id: order.orderId, items: [{ item_id: p.id, item_name: p.name, price: 1500, quantity: 2 }] } }],
    });
  });

  it('without the shopper’s yes nothing is queued, kept or sent', async () => {
    await owner();
    const p = await makeProduct(t.database.db, { stock: 5 });
    for (const cookie of [undefined, 'haat.ads=no; _fbp=fb.1.1.2']) {
      const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: cookie ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select({ consent: orders.adConsent, context: orders.adContext }).from(orders).where(eq(orders.id, res.json().data._id));
      expect(row).toEqual({ consent: false, context: null });
    }
    expect(await adJobs()).toEqual([]);
    expect(meta.received).toEqual([]);
    expect(ga.received).toEqual([]);
  });

  it('with no ids or tokens set nothing is sent, even with consent', async () => {
    const p = await makeProduct(t.database.db, { stock: 5 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: { cookie: CONSENTED } });
    expect(res.statusCode).toBe(201);
    expect(await adJobs()).toEqual([]);
  });

  it('the owner may send a cash-on-delivery Purchase at delivery only: nothing is queued when it is placed', async () => {
    await owner({ meta_purchase_at: 'delivery' });
    const p = await makeProduct(t.database.db, { stock: 5 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: { cookie: CONSENTED } });
    expect(res.statusCode).toBe(201);
    expect(await adJobs()).toEqual([]);
    // A wallet order is paid: its Purchase goes at once.
    const paid = await t.api().post('order', { method: 'bkash', transaction_id: '8N7A6B5C4D', mobile: '01712345678', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: { cookie: CONSENTED } });
    expect(paid.statusCode, paid.body).toBe(201);
    await vi.waitFor(() => expect(meta.received).toHaveLength(1), { timeout: 15_000 });
    expect(meta.received[0]!.data[0]).toMatchObject({ event_id: `purchase.${paid.json().data.orderId}` });
  });

  it('a Conversions API failure is tried again by the queue, with the same event id', async () => {
    await owner();
    meta.failNext(1);
    const p = await makeProduct(t.database.db, { stock: 5 });
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }, { headers: { cookie: CONSENTED } });
    await vi.waitFor(() => expect(meta.received).toHaveLength(1), { timeout: 20_000 });
    expect(meta.received[0]!.data[0]).toMatchObject({ event_id: `purchase.${res.json().data.orderId}`, user_data: { ph: [sha256('8801712345678')] } });
    const job = (await adJobs()).find((j) => j.name === 'ads.meta-purchase')!;
    expect(job.retry_count).toBe(1);
  });

  it('never sends a token to the browser, nor writes one on the audit log', async () => {
    const admin = await owner();
    const settings = await t.api().as(admin).get('ads/settings');
    expect(settings.json().data).toEqual({ meta_pixel_id: PIXEL, meta_capi_token_set: true, meta_purchase_at: 'order', ga_measurement_id: ga.measurementId, ga_api_secret_set: true });
    expect(settings.body).not.toContain(meta.accessToken);
    const shown = await t.api().get('/api/ads/public');
    expect(shown.json().data).toEqual({ meta_pixel_id: PIXEL, ga_measurement_id: ga.measurementId });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings'));
    expect(JSON.stringify(audit)).not.toContain(meta.accessToken);
    expect(JSON.stringify(audit)).not.toContain(ga.apiSecret);
    // Saved again without the tokens: they stay; bad ids are refused with a clear message.
    expect((await t.api().as(admin).put('ads/settings', { meta_pixel_id: PIXEL, meta_purchase_at: 'delivery', ga_measurement_id: '' })).json().data).toMatchObject({ meta_capi_token_set: true, ga_api_secret_set: true, ga_measurement_id: '' });
    const bad = await t.api().as(admin).put('ads/settings', { meta_pixel_id: 'abc', meta_purchase_at: 'order', ga_measurement_id: '' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'The Meta Pixel id is 5 to 20 digits.']);
  });

  it('lets the CSP allow the Pixel’s and gtag’s origins only while the owner has set their ids', async () => {
    const csp = async () => (await t.api().get('/api/health')).headers['content-security-policy'] as string;
    // The origins live in the app's memory: cleared through the settings first (an earlier test of this file set them).
    const admin = await owner({ meta_pixel_id: '', ga_measurement_id: '' });
    expect(await csp()).not.toMatch(/facebook|google/);
    await owner();
    const on = await csp();
    expect(on).toMatch(/script-src 'self' https:\/\/connect\.facebook\.net https:\/\/www\.googletagmanager\.com/);
    expect(on).toMatch(/connect-src 'self' [^;]*https:\/\/www\.facebook\.com[^;]*https:\/\/\*\.google-analytics\.com/);
    await t.api().as(admin).put('ads/settings', { meta_pixel_id: '', meta_purchase_at: 'order', ga_measurement_id: '' });
    expect(await csp()).not.toMatch(/facebook|google/);
  });
  describe('ViewContent, AddToCart and InitiateCheckout (decision 0131)', () => {
    const event = (name: 'view_item' | 'add_to_cart' | 'begin_checkout', id: string, items = [{ id: 'variant-1', quantity: 2, price: 750 }]) => ({ name, event_id: `${name}.${id}`, url: 'https://shop.example/product/1', items });

    it('with consent, copies each Pixel event to the Conversions API once, with the Pixel’s event id and the account’s hashed mobile and e-mail', async () => {
      await owner();
      const shopper = await makeUser(t.database.db, t.config);
      await t.database.db.update(users).set({ mobile: '01812345678' }).where(eq(users.id, shopper.id));
      const headers = { ...shopper.auth, cookie: CONSENTED, 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Test' };
      const sent = [event('view_item', 'a1b2c3d4e5'), event('add_to_cart', 'f6a7b8c9d0'), event('begin_checkout', '0011223344', [{ id: 'variant-1', quantity: 2, price: 750 }, { id: 'variant-2', quantity: 1, price: 300 }])];
      for (const body of sent) {
        const res = await t.api().post('ads/events', body, { headers });
        expect([res.statusCode, res.json().data]).toEqual([200, { queued: true }]);
      }
      await vi.waitFor(() => expect(meta.received).toHaveLength(3), { timeout: 15_000 });
      const byId = new Map(meta.received.map((r) => [r.data[0]!.event_id, r]));
      const user_data = { ph: [sha256('8801812345678')], em: [sha256(shopper.email)], client_user_agent: 'Mozilla/5.0 (Linux; Android 13) Test', fbp: 'fb.1.1700000000000.987654321', fbc: 'fb.1.1700000000000.IwAR-click' };
      expect(byId.get('view_item.a1b2c3d4e5')).toMatchObject({ pixelId: PIXEL, accessToken: meta.accessToken, data: [{ event_name: 'ViewContent', action_source: 'website', event_source_url: 'https://shop.example/product/1', user_data, custom_data: { currency: 'BDT', value: 1500, content_ids: ['variant-1'], contents: [{ id: 'variant-1', quantity: 2, item_price: 750 }], content_type: 'product' } }] });
      expect(byId.get('add_to_cart.f6a7b8c9d0')!.data[0]).toMatchObject({ event_name: 'AddToCart', user_data });
      expect(byId.get('begin_checkout.0011223344')!.data[0]).toMatchObject({ event_name: 'InitiateCheckout', custom_data: { value: 1800, content_ids: ['variant-1', 'variant-2'] } });
      expect(meta.received.every((r) => r.data.length === 1 && typeof r.data[0]!.event_time === 'number')).toBe(true);
      // GA4 has these three from gtag in the browser only: it would count a second copy.
      expect(ga.received).toEqual([]);
    });

    it('a guest’s event carries no hashed mobile or e-mail; a failure is retried with the same event id', async () => {
      await owner();
      meta.failNext(1);
      const res = await t.api().post('ads/events', event('view_item', 'guest000001'), { headers: { cookie: CONSENTED } });
      expect(res.json().data).toEqual({ queued: true });
      await vi.waitFor(() => expect(meta.received).toHaveLength(1), { timeout: 20_000 });
      const [sent] = meta.received[0]!.data;
      expect(sent).toMatchObject({ event_id: 'view_item.guest000001' });
      expect(sent!.user_data).not.toHaveProperty('ph');
      expect(sent!.user_data).not.toHaveProperty('em');
      expect((await adJobs()).find((j) => j.name === 'ads.meta-event')!.retry_count).toBe(1);
    });

    it('without the shopper’s yes, or without the owner’s Pixel and token, nothing is queued or sent', async () => {
      for (const cookie of [undefined, 'haat.ads=no; _fbp=fb.1.1.2']) {
        await owner();
        const res = await t.api().post('ads/events', event('add_to_cart', 'noconsent01'), { headers: cookie ? { cookie } : {} });
        expect([res.statusCode, res.json().data]).toEqual([200, { queued: false }]);
      }
      await owner({ meta_pixel_id: '', meta_capi_token: null });
      expect((await t.api().post('ads/events', event('add_to_cart', 'nosettings1'), { headers: { cookie: CONSENTED } })).json().data).toEqual({ queued: false });
      expect(await adJobs()).toEqual([]);
      expect(meta.received).toEqual([]);
    });

    it('refuses a bad event with a clear message and queues nothing', async () => {
      await owner();
      const headers = { cookie: CONSENTED };
      const refused = async (body: object) => {
        const res = await t.api().post('ads/events', body, { headers });
        return [res.statusCode, res.json().message];
      };
      expect(await refused({ ...event('view_item', 'abcdef0123'), event_id: 'add_to_cart.abcdef0123' })).toEqual([400, 'The event id starts with the event’s name.']);
      expect(await refused({ ...event('view_item', 'abcdef0123'), event_id: 'view_item.<script>' })).toEqual([400, 'The event id is the event’s name, a dot and 8 to 64 letters or digits.']);
      expect(await refused({ ...event('view_item', 'abcdef0123'), items: [] })).toEqual([400, 'At least one item.']);
      expect((await t.api().post('ads/events', { ...event('view_item', 'abcdef0123'), name: 'Purchase' }, { headers })).statusCode).toBe(400);
      expect(await adJobs()).toEqual([]);
    });
  });
});
