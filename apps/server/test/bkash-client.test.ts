import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bkashTrouble, type BkashClient } from '../src/integrations/bkash/client';
import { ProviderError } from '../src/integrations/http';
import { startFakeBkash, type FakeBkash } from './fakes/bkash';

/**
 * The bKash client against the fake over real HTTP (issue 12, "Tests"): the
 * token, the error codes, maintenance and the execute that timed out after the
 * money moved.
 */
describe('bKash client', () => {
  let fake: FakeBkash;
  beforeAll(async () => {
    fake = await startFakeBkash();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  let invoice = 0;
  const create = (client: BkashClient, amount = 1250) =>
    client.create({ amount, payerReference: '01770618575', callbackURL: 'http://shop.test/api/payment/bkash/callback', merchantInvoiceNumber: `HT-TEST-${++invoice}` });
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => {
    expect(e).toBeInstanceOf(ProviderError);
    const err = e as ProviderError;
    return { kind: bkashTrouble(err), code: err.code, message: err.message };
  });

  it('grants a token once, sends amounts as strings, and completes create → approve → execute', async () => {
    const client = fake.client();
    const grants = fake.ledger.calls.grant ?? 0;
    const created = await create(client, 1250);
    expect(created).toMatchObject({ amount: '1250', transactionStatus: 'Initiated', statusCode: '0000' });
    expect(created.paymentID).toMatch(/^TR0011/);
    const back = await fake.approve(created.paymentID);
    expect(back.searchParams.get('status')).toBe('success');
    const paid = await client.execute(created.paymentID);
    expect(paid).toMatchObject({ transactionStatus: 'Completed', amount: '1250', paymentID: created.paymentID });
    expect(paid.trxID).toBeTruthy();
    expect((await client.status(created.paymentID)).transactionStatus).toBe('Completed');
    expect((fake.ledger.calls.grant ?? 0) - grants).toBe(1);
  });

  it('refreshes the token when it expires, and grants anew when bKash says it expired early', async () => {
    let clock = Date.now();
    const client = fake.client({ now: () => clock });
    await create(client);
    const before = { grant: fake.ledger.calls.grant ?? 0, refresh: fake.ledger.calls.refresh ?? 0 };
    // An hour later both clocks agree the token has expired: the client refreshes before calling.
    clock += 3600_000;
    fake.advance(3600_000);
    await create(client);
    expect((fake.ledger.calls.refresh ?? 0) - before.refresh).toBe(1);
    // bKash's clock runs ahead of ours: the call answers 401 'expired', the client gets a new token and calls again.
    fake.advance(3600_000);
    const created = await create(client);
    expect(created.transactionStatus).toBe('Initiated');
    expect((fake.ledger.calls.refresh ?? 0) + (fake.ledger.calls.grant ?? 0) - before.refresh - before.grant).toBe(2);
  });

  it('2001: a wrong X-APP-Key is refused with its code', async () => {
    const err = await failure(create(fake.client({ appKey: 'not-the-key' })));
        expect(err).toMatchObject({ kind: 'refused', code: '2001', message: 'Invalid App Key' });
  });

  it('2029: a second create with the same merchantInvoiceNumber is refused', async () => {
    const client = fake.client();
    const input = { amount: 100, payerReference: '01770618575', callbackURL: 'http://shop.test/cb', merchantInvoiceNumber: 'HT-DUPLICATE-1' };
    await client.create(input);
    expect(await failure(client.create(input))).toMatchObject({ kind: 'refused', code: '2029' });
  });

  it('2062: a second execute is refused and moves no money twice', async () => {
    const client = fake.client();
    const { paymentID } = await create(client);
    await fake.approve(paymentID);
    const first = await client.execute(paymentID);
    expect(await failure(client.execute(paymentID))).toMatchObject({ kind: 'refused', code: '2062' });
    expect((await client.status(paymentID)).trxID).toBe(first.trxID);
  });

  it('2056: execute after the customer cancelled, or before anyone approved, is an invalid state', async () => {
    const client = fake.client();
    const cancelled = await create(client);
    await fake.cancel(cancelled.paymentID);
    expect(await failure(client.execute(cancelled.paymentID))).toMatchObject({ kind: 'refused', code: '2056' });
    expect((await client.status(cancelled.paymentID)).transactionStatus).toBe('Cancelled');
    const unapproved = await create(client);
    expect(await failure(client.execute(unapproved.paymentID))).toMatchObject({ kind: 'refused', code: '2056' });
    expect((await client.status(unapproved.paymentID)).transactionStatus).toBe('Initiated');
  });

  it('503: maintenance is its own kind of failure', async () => {
    const client = fake.client();
    fake.ledger.faults.maintenance = true;
    expect(await failure(create(client))).toMatchObject({ kind: 'maintenance', code: '503' });
  });

  it('an execute that timed out after the money moved is found Completed by payment/status', async () => {
    // The timeout covers the client's token grant too: 300 ms once ran out on the grant on a busy CI machine, before
    // the execute this test is about. The execute's answer comes 2 s after the timeout, however busy the machine.
    const client = fake.client({ timeoutMs: 2_000 });
    const { paymentID } = await create(client);
    await fake.approve(paymentID);
    fake.ledger.faults.executeDelayMs = 4_000;
    expect(await failure(client.execute(paymentID))).toMatchObject({ kind: 'unreachable' });
    const status = await client.status(paymentID);
    expect(status).toMatchObject({ transactionStatus: 'Completed', amount: '1250' });
    expect(status.trxID).toBeTruthy();
  });

  it('2026: refunds never add up to more than was paid; refund status answers the refund made', async () => {
    const client = fake.client();
    const { paymentID } = await create(client, 500);
    await fake.approve(paymentID);
    const { trxID } = await client.execute(paymentID);
    const refund = await client.refund({ paymentID, trxID: trxID!, amount: 500, sku: 'HT-1', reason: 'Out of stock' });
    expect(refund).toMatchObject({ transactionStatus: 'Completed', amount: '500', originalTrxID: trxID });
    expect(await failure(client.refund({ paymentID, trxID: trxID!, amount: 1, sku: 'HT-1', reason: 'again' }))).toMatchObject({ code: '2026' });
    expect((await client.refundStatus({ paymentID, trxID: trxID! })).refundTrxID).toBe(refund.refundTrxID);
  });

  it('times out against a host that never answers', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const { BkashClient } = await import('../src/integrations/bkash/client');
    const client = new BkashClient({ baseUrl: `http://127.0.0.1:${port}`, appKey: 'k', appSecret: 's', username: 'u', password: 'p', timeoutMs: 200 });
    const started = Date.now();
    expect(await failure(client.status('TR1'))).toMatchObject({ kind: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(2000);
    silent.close();
  });
});
