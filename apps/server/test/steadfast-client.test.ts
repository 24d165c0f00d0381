import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../src/integrations/http';
import { SteadfastClient, type SteadfastOrderInput } from '../src/integrations/steadfast';
import { steadfastFromConfig } from '../src/integrations/steadfast';
import { startSteadfastFake, type SteadfastFake } from './fakes/steadfast';
import { testConfig } from './support';

/** The Steadfast client against the local fake of the documented API. */
let fake: SteadfastFake;
let client: SteadfastClient;

beforeAll(async () => {
  fake = await startSteadfastFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  client = new SteadfastClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey });
});

const order = (invoice: string, extra: Partial<SteadfastOrderInput> = {}): SteadfastOrderInput => ({
  invoice,
  recipient_name: 'Rahim Uddin',
  recipient_phone: '01712345678',
  recipient_address: 'House 5, Road 2, Dhanmondi, Dhaka',
  cod_amount: 1250,
  note: 'Call before delivery',
  ...extra,
});

async function caught(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('Steadfast client', () => {
  it('books a parcel with the merchant keys and reads its status three ways', async () => {
    const res = await client.createOrder(order('HT-1001'));
    expect(res.status).toBe(200);
    expect(res.message).toBe('Consignment has been created successfully.');
    expect(res.consignment).toMatchObject({ invoice: 'HT-1001', cod_amount: 1250, status: 'in_review', recipient_phone: '01712345678' });
    expect(res.consignment.tracking_code).toMatch(/^[0-9A-F]{8}$/);
    expect(fake.calls[0]!.headers['api-key']).toBe(fake.apiKey);
    expect(fake.calls[0]!.headers['secret-key']).toBe(fake.secretKey);

    const id = res.consignment.consignment_id;
    fake.setStatus(id, 'delivered');
    expect(await client.statusByConsignmentId(id)).toEqual({ status: 200, delivery_status: 'delivered' });
    expect((await client.statusByInvoice('HT-1001')).delivery_status).toBe('delivered');
    expect((await client.statusByTrackingCode(res.consignment.tracking_code)).delivery_status).toBe('delivered');
  });

  it('reports a duplicate invoice with the provider message and books nothing', async () => {
    await client.createOrder(order('HT-1'));
    const err = await caught(client.createOrder(order('HT-1')));
    expect(err.kind).toBe('refused');
    expect(err.retryable).toBe(false);
    expect(err.message).toBe('The invoice has already been taken.');
    expect(fake.consignments.size).toBe(1);
  });

  it('refuses wrong keys', async () => {
    const bad = new SteadfastClient({ baseUrl: fake.baseUrl, apiKey: 'nope', secretKey: fake.secretKey });
    const err = await caught(bad.getBalance());
    expect(err.status).toBe(401);
    expect(err.kind).toBe('refused');
  });

  it('books in bulk with one result per row, bad rows refused alone', async () => {
    const rows = await client.bulkOrder([order('B-1'), order('B-2', { recipient_phone: '123' }), order('B-1'), order('B-3', { cod_amount: 0 })]);
    expect(rows.map((r) => r.status)).toEqual(['success', 'error', 'error', 'success']);
    expect(rows[1]).toMatchObject({ invoice: 'B-2', consignment_id: null, tracking_code: null, error: 'The recipient phone must be 11 digits.' });
    expect(rows[2]!.error).toBe('The invoice has already been taken.');
    expect(rows[0]!.consignment_id).toEqual(expect.any(Number));
    expect(fake.consignments.size).toBe(2);
  });

  it('refuses more than 500 rows before calling', async () => {
    const many = Array.from({ length: 501 }, (_, i) => order(`M-${i}`));
    const err = await caught(client.bulkOrder(many));
    expect(err.kind).toBe('refused');
    expect(fake.calls).toHaveLength(0);
    expect(await client.bulkOrder([])).toEqual([]);
  });

  it('reads the balance and fraud-check counts', async () => {
    fake.balance = 3400;
    expect(await client.getBalance()).toEqual({ status: 200, current_balance: 3400 });
    fake.fraud.set('01812345678', { total_delivered: 7, total_cancelled: 3 });
    expect(await client.fraudCheck('01812345678')).toEqual({ total_delivered: 7, total_cancelled: 3, total_parcels: 10 });
    expect(await client.fraudCheck('01912345678')).toEqual({ total_delivered: 0, total_cancelled: 0, total_parcels: 0 });
  });

  it('tells 429, 5xx and timeouts apart as transient failures', async () => {
    fake.inject({ path: '/fraud_check', status: 429, times: 1 });
    expect((await caught(client.fraudCheck('01812345678'))).kind).toBe('rate-limited');
    fake.inject({ status: 503, times: 1 });
    const down = await caught(client.getBalance());
    expect(down.kind).toBe('server');
    expect(down.retryable).toBe(true);
    fake.inject({ delayMs: 2000, times: 1 });
    const started = Date.now();
    const slow = await caught(client.getBalance({ timeoutMs: 200 }));
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    // Faults are spent: the next call answers.
    expect((await client.getBalance()).status).toBe(200);
  });

  it('posts webhooks with the bearer token', async () => {
    const { consignment } = await client.createOrder(order('W-1'));
    const Fastify = (await import('fastify')).default;
    const receiver = Fastify();
    const got: { auth?: string; body: unknown }[] = [];
    receiver.post('/hook', async (req) => {
      got.push({ auth: req.headers.authorization, body: req.body });
      return { status: 'success', message: 'ok' };
    });
    const url = `${await receiver.listen({ port: 0, host: '127.0.0.1' })}/hook`;
    try {
      fake.configureWebhook(url, 'tok-123');
      expect((await fake.deliver(consignment.consignment_id, 'delivered', 'Delivered to customer')).status).toBe(200);
      await fake.track(consignment.consignment_id, 'Out for delivery');
      expect(got[0]).toMatchObject({
        auth: 'Bearer tok-123',
        body: { notification_type: 'delivery_status', consignment_id: consignment.consignment_id, invoice: 'W-1', status: 'delivered', cod_amount: 1250 },
      });
      expect((got[0]!.body as { updated_at: string }).updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(got[1]!.body).toMatchObject({ notification_type: 'tracking_update', tracking_message: 'Out for delivery' });
    } finally {
      await receiver.close();
    }
  });

  it('is configured only with both keys', () => {
    expect(steadfastFromConfig(testConfig())).toBeNull();
    const c = testConfig({ STEADFAST_API_KEY: 'a', STEADFAST_SECRET_KEY: 'b' });
    expect(c.STEADFAST_BASE_URL).toBe('https://portal.packzy.com/api/v1');
    expect(steadfastFromConfig(c)).toBeInstanceOf(SteadfastClient);
    expect(() => testConfig({ STEADFAST_API_KEY: 'a' })).toThrow(/STEADFAST_API_KEY and STEADFAST_SECRET_KEY must be set together/);
  });
});
