import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incompleteCheckouts, productVariants, recoveryOptOuts, recoverySends, stockAlerts } from '../src/db/schema';
import { bulkSmsBdSender } from '../src/integrations/bulksmsbd/client';
import type { Jobs } from '../src/lib/jobs';
import { isStopReply } from '../src/modules/recovery/replies';
import { recoverySmsJob, runRecoverySweep, sendRecovery, type RecoveryDeps } from '../src/modules/recovery/service';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { makeProduct, makeUser, startJobs, useTestApp } from './support';

const H = 3_600_000;
const SECRET = 'inbound-secret-0123456789abcdef';
/** Today at 10:00 Dhaka time: a fixed clock in the shop's day (never the quiet hours). */
const dhakaMorning = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 4, 0, 0));
};

/** Decision 0131: a reply STOP / বন্ধ forwarded by the SMS gateway stops recovery SMS and back-in-stock alerts. */
describe('opt-out by reply word', () => {
  let fake: FakeBulkSmsBd;
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
  });
  afterAll(() => fake.close());
  const t = useTestApp({ SHOP_NAME: 'Haat', PUBLIC_URL: 'https://haat.example', SMS_INBOUND_SECRET: SECRET });
  let ip = 0;
  const api = () => t.api().from(`10.47.0.${++ip}`);
  const reply = (body: object, secret: string | null = SECRET) => api().post('sms/inbound', body, { headers: secret === null ? {} : { 'x-haat-sms-secret': secret } });
  let jobs: Jobs | null = null;
  const deps = async (): Promise<RecoveryDeps> => ({
    db: t.database.db,
    jobs: (jobs ??= await startJobs(t.database, `replies-${Math.random().toString(36).slice(2, 8)}`, (j) => j.handle(recoverySmsJob, async () => {}), { worker: false })),
    sms: bulkSmsBdSender({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, senderId: fake.senderId, timeoutMs: 15_000 }),
    log: pino({ level: 'silent' }),
    shopName: 'Haat',
    siteUrl: 'https://haat.example',
  });
  const textsTo = (mobile: string) => fake.state.messages.filter((m) => m.number === `88${mobile}`).map((m) => m.message);
  const runDue = async (d: RecoveryDeps, now: Date) => {
    await runRecoverySweep(d, now);
    for (const r of await t.database.db.select().from(recoverySends).where(eq(recoverySends.status, 'queued'))) await sendRecovery(d, r.id, { attempt: 1, maxAttempts: 3 }, now);
  };
  const turnOn = async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    expect((await api().as(admin).put('recovery/settings', { on: true, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0 })).statusCode).toBe(200);
  };
  const leaveCheckout = async (mobile: string, at: Date) => {
    const p = await makeProduct(t.database.db, { price: 800, stock: 5 });
    expect((await api().post('order/incomplete', { mobile, list_items: [{ product_id: p.id, quantity: 1 }], lang: 'bn', browser_id: `browser-${mobile}-abcdef`, name: 'Rahim', address_line: 'Road 5', city: 'Dhaka' })).statusCode).toBeLessThan(300);
    await t.database.db.update(incompleteCheckouts).set({ createdAt: at, updatedAt: at }).where(eq(incompleteCheckouts.phone, mobile));
  };
  const optedOut = async (mobile: string) => (await t.database.db.select().from(recoveryOptOuts).where(eq(recoveryOptOuts.phone, mobile))).length > 0;

  it('knows the stop words in English and Bangla, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'STOP ALL', 'Unsubscribe', 'opt out', 'বন্ধ', 'বন্ধ করুন', 'বন্ধ।', 'স্টপ', 'Stop please']) expect(isStopReply(text), text).toBe(true);
    for (const text of ['', 'ok', 'Please send again', 'don’t stop', 'stopped by the shop', 'কখন আসবে?', 'অর্ডার বন্ধ করবেন না']) expect(isStopReply(text), text).toBe(false);
  });

  it('a reply STOP stops the next recovery SMS at once, a queued one too', async () => {
    await turnOn();
    const d = await deps();
    const morning = dhakaMorning();
    await leaveCheckout('01711000201', morning);
    await runDue(d, new Date(morning.getTime() + H));
    expect(textsTo('01711000201')).toHaveLength(1);
    // The second is queued, then the reply comes (from the gateway, in its 8801… form) before the job runs.
    await runRecoverySweep(d, new Date(morning.getTime() + 24 * H));
    const res = await reply({ from: '8801711000201', text: 'বন্ধ' });
    expect([res.statusCode, res.json().data]).toEqual([200, { stopped: true }]);
    await runDue(d, new Date(morning.getTime() + 24 * H));
    await runDue(d, new Date(morning.getTime() + 72 * H));
    expect(textsTo('01711000201')).toHaveLength(1);
    const sends = await t.database.db.select({ step: recoverySends.step, status: recoverySends.status, outcome: recoverySends.outcome }).from(recoverySends).where(eq(recoverySends.phone, '01711000201')).orderBy(recoverySends.step);
    expect(sends).toEqual([
      { step: 0, status: 'sent', outcome: expect.any(String) },
      { step: 1, status: 'stopped', outcome: 'opted out' },
    ]);
  });

  it('stops the mobile’s back-in-stock requests not yet texted: a restock texts the next asker instead', async () => {
    const p = await makeProduct(t.database.db, { stock: 0 });
    for (const mobile of ['01711000301', '01711000302']) expect((await api().post('stock-alert', { product_id: p.id, mobile })).statusCode).toBe(201);
    expect((await reply({ from: '+8801711000301', text: 'STOP' })).json().data).toEqual({ stopped: true });
    await t.database.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, p.id));
    const rows = await t.database.db.select({ mobile: stockAlerts.mobile, status: stockAlerts.status }).from(stockAlerts).where(eq(stockAlerts.productId, p.id)).orderBy(stockAlerts.mobile);
    expect(rows).toEqual([
      { mobile: '01711000301', status: 'stopped' },
      { mobile: '01711000302', status: 'due' },
    ]);
  });

  it('any other reply changes nothing', async () => {
    const res = await reply({ from: '8801711000401', text: 'Kobe ashbe?' });
    expect([res.statusCode, res.json().data]).toEqual([200, { stopped: false }]);
    expect(await optedOut('01711000401')).toBe(false);
  });

  it('a forged webhook (no secret, a wrong one) or a bad mobile is refused and changes nothing', async () => {
    const p = await makeProduct(t.database.db, { stock: 0 });
    await api().post('stock-alert', { product_id: p.id, mobile: '01711000501' });
    for (const secret of [null, 'inbound-secret-0123456789abcdeX', 'short']) {
      const res = await reply({ from: '8801711000501', text: 'STOP' }, secret);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([401, 'SMS_INBOUND_UNAUTHORIZED', 'The SMS gateway’s secret is missing or wrong.']);
    }
    const bad = await reply({ from: '12345', text: 'STOP' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Valid mobile number required']);
    expect(await optedOut('01711000501')).toBe(false);
    expect((await t.database.db.select({ status: stockAlerts.status }).from(stockAlerts).where(eq(stockAlerts.productId, p.id)))).toEqual([{ status: 'waiting' }]);
  });
});

describe('opt-out by reply word without SMS_INBOUND_SECRET', () => {
  const t = useTestApp({});
  it('answers 401 to everyone', async () => {
    const res = await t.api().post('sms/inbound', { from: '8801711000601', text: 'STOP' }, { headers: { 'x-haat-sms-secret': '' } });
    expect([res.statusCode, res.json().code]).toEqual([401, 'SMS_INBOUND_UNAUTHORIZED']);
  });
});
