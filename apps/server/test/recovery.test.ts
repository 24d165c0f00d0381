import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { incompleteCheckouts, recoverySends } from '../src/db/schema';
import { bulkSmsBdSender } from '../src/integrations/bulksmsbd/client';
import type { Jobs } from '../src/lib/jobs';
import { dueStep, quietHours, recoverySmsJob, runRecoverySweep, sendRecovery, type RecoveryDeps } from '../src/modules/recovery/service';
import { startFakeBulkSmsBd, type FakeBulkSmsBd } from './fakes/bulksmsbd';
import { makeProduct, makeUser, startJobs, useTestApp } from './support';

const H = 3_600_000;
/** Today at 10:00 Dhaka time (04:00 UTC): a fixed clock in the shop's day, near the real date (the weekly figures read the last 12 weeks). */
const dhakaMorning = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 4, 0, 0));
};

/** Issue 45, decision 0117: checkout recovery's SMS, their quiet hours and stops, the link, and the owner's figures. */
describe('checkout recovery', () => {
  let fake: FakeBulkSmsBd;
  beforeAll(async () => {
    fake = await startFakeBulkSmsBd();
  });
  afterAll(() => fake.close());
  const t = useTestApp({ SHOP_NAME: 'Haat', PUBLIC_URL: 'https://haat.example' });
  beforeEach(() => {
    jobs = null;
  });
  let ip = 0;
  const api = () => t.api().from(`10.46.0.${++ip}`);
  // A queue no worker runs: each test sends with its own clock (sendRecovery), as the job would.
  let jobs: Jobs | null = null;
  const deps = async (): Promise<RecoveryDeps> => ({
    db: t.database.db,
    jobs: (jobs ??= await startJobs(t.database, `recovery-${Math.random().toString(36).slice(2, 8)}`, (j) => j.handle(recoverySmsJob, async () => {}), { worker: false })),
    sms: bulkSmsBdSender({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, senderId: fake.senderId, timeoutMs: 15_000 }),
    log: pino({ level: 'silent' }),
    shopName: 'Haat',
    siteUrl: 'https://haat.example',
  });
  const textsTo = (mobile: string) => fake.state.messages.filter((m) => m.number === `88${mobile}`).map((m) => m.message);
  const owner = () => makeUser(t.database.db, t.config, 'ADMIN');
  const turnOn = async (body: object = {}) => {
    const res = await api().as(await owner()).put('recovery/settings', { on: true, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0, ...body });
    expect(res.statusCode).toBe(200);
  };
  /** A checkout left at `at` with a mobile, a cart and a typed address, as the checkout reports it. */
  const leaveCheckout = async (mobile: string, at: Date) => {
    const p = await makeProduct(t.database.db, { name: 'Cotton Kurta', price: 800, stock: 5 });
    const res = await api().post('order/incomplete', { mobile, list_items: [{ product_id: p.id, quantity: 2 }], lang: 'bn', browser_id: `browser-${mobile}-abcdef`, name: 'Rahim Uddin', address_line: 'Road 5, Mirpur', city: 'Dhaka' });
    expect(res.statusCode).toBeLessThan(300);
    await t.database.db.update(incompleteCheckouts).set({ createdAt: at, updatedAt: at }).where(eq(incompleteCheckouts.phone, mobile));
    return p;
  };
  const sendsOf = (mobile: string) => t.database.db.select().from(recoverySends).where(eq(recoverySends.phone, mobile)).orderBy(recoverySends.step);
  const runDue = async (d: RecoveryDeps, now: Date) => {
    const queued = await runRecoverySweep(d, now);
    const rows = await t.database.db.select().from(recoverySends).where(eq(recoverySends.status, 'queued'));
    for (const r of rows) await sendRecovery(d, r.id, { attempt: 1, maxAttempts: 3 }, now);
    return queued;
  };
  const tokenOf = (text: string) => /\/recover\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('the owner sets it: bad delays are refused naming the rule and change nothing; a save is in the audit log', async () => {
    const admin = await owner();
    expect((await api().as(admin).get('recovery/settings')).json().data).toEqual({ on: false, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0 });
    for (const delays_hours of [[], [24, 1], [1, 2, 3, 4], [0], [1000]]) {
      const bad = await api().as(admin).put('recovery/settings', { on: true, delays_hours, voucher_taka: 0, voucher_min_subtotal: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Give one to three delays in hours, each later than the one before and at most 720 hours (30 days).');
    }
    expect((await api().as(admin).get('recovery/settings')).json().data.on).toBe(false);
    await turnOn({ delays_hours: [2, 48], voucher_taka: 100 });
    expect((await api().as(admin).get('recovery/settings')).json().data).toEqual({ on: true, delays_hours: [2, 48], voucher_taka: 100, voucher_min_subtotal: 0 });
    const audit = await t.database.db.execute(sql`SELECT kind, target_id FROM audit_log WHERE target_id = 'recovery'`);
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('never between 21:00 and 09:00 Dhaka time: a step due in the night goes at 09:00', () => {
    const at = (hhmm: string) => new Date(`2026-12-07T${hhmm}:00+06:00`);
    expect([quietHours(at('08:59')), quietHours(at('09:00')), quietHours(at('20:59')), quietHours(at('21:00')), quietHours(at('23:30'))]).toEqual([true, false, false, true, true]);
    // Left at 20:30: the 1-hour step is due at 21:30, in the quiet hours; at 09:00 it is still within its grace.
    const left = at('20:30');
    expect(dueStep(left, [1, 24, 72], [], at('21:30'))).toBe(0);
    expect(dueStep(left, [1, 24, 72], [0], at('21:30'))).toBeNull();
  });

  it('sends up to three Bangla SMS at the owner’s delays, none in the quiet hours, each with a link that reopens the cart and address', async () => {
    await turnOn({ voucher_taka: 150 });
    const d = await deps();
    const morning = dhakaMorning();
    const product = await leaveCheckout('01711000101', morning);
    expect(await runDue(d, new Date(morning.getTime() + 0.5 * H))).toBe(0);
    expect(await runDue(d, new Date(morning.getTime() + 1 * H))).toBe(1);
    expect(await runDue(d, new Date(morning.getTime() + 1.5 * H))).toBe(0);
    const [first] = textsTo('01711000101');
    expect(first).toMatch(/^Haat: আপনার কার্টের পণ্যগুলো রাখা আছে। অর্ডার শেষ করুন: https:\/\/haat\.example\/recover\/[A-Za-z0-9_-]{32} \(এসএমএস বন্ধ করতেও এই লিংক\)$/);
    // The second is due at 10:00 the next day; at 22:00 (the night) nothing goes, and the step waits for the morning.
    expect(await runDue(d, new Date(morning.getTime() + 12 * H))).toBe(0);
    expect(await runDue(d, new Date(morning.getTime() + 24 * H))).toBe(1);
    // The third, the last, carries the owner's single-use voucher.
    expect(await runDue(d, new Date(morning.getTime() + 72 * H))).toBe(1);
    const texts = textsTo('01711000101');
    expect(texts).toHaveLength(3);
    const code = /কোড (BACK-[0-9A-F]{8})-এ ১৫০ টাকা ছাড়।|কোড (BACK-[0-9A-F]{8})-এ 150 টাকা ছাড়।/.exec(texts[2]!);
    expect(code).not.toBeNull();
    expect(await runDue(d, new Date(morning.getTime() + 96 * H))).toBe(0);

    // The link, on another device: the cart and the address as typed, and the voucher of that SMS.
    const opened = await api().post('recovery/open', { token: tokenOf(texts[2]!) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({ lines: [{ product_id: product.id, quantity: 2 }], mobile: '01711000101', name: 'Rahim Uddin', address_line: 'Road 5, Mirpur', city: 'Dhaka', lang: 'bn', voucher_code: code![1] ?? code![2] });
    expect((await api().post('recovery/open', { token: 'x'.repeat(32) })).json()).toMatchObject({ code: 'RECOVERY_LINK_INVALID' });
    const promo = await t.database.db.execute(sql`SELECT kind, value, usage_limit, per_customer_limit FROM promotions WHERE code = ${code![1] ?? code![2]}`);
    expect((promo as unknown as { rows: unknown[] }).rows).toEqual([{ kind: 'fixed', value: 150, usage_limit: 1, per_customer_limit: 1 }]);
  });

  it('stops at once for an order from that mobile: a send racing the order never texts after it', async () => {
    await turnOn();
    const d = await deps();
    const morning = dhakaMorning();
    for (let i = 0; i < 4; i++) {
      const mobile = `0181100020${i}`;
      const p = await leaveCheckout(mobile, morning);
      expect(await runRecoverySweep(d, new Date(morning.getTime() + H))).toBe(1);
      const [queued] = await sendsOf(mobile);
      let orderedAt = 0;
      const sendCalls: number[] = [];
      const watched: RecoveryDeps = { ...d, sms: { name: 'fake', send: (m) => (sendCalls.push(Date.now()), d.sms.send(m)) } };
      const order = api()
        .post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { address_line: 'Road 5', city: 'Dhaka', mobile }, consent: true })
        .then((res) => {
          orderedAt = Date.now();
          return res;
        });
      await Promise.all([order, sendRecovery(watched, queued!.id, { attempt: 1, maxAttempts: 3 }, new Date(morning.getTime() + H))]);
      expect((await order).statusCode).toBe(201);
      const [after] = await sendsOf(mobile);
      // Either the send was decided before the order took the checkout (one SMS), or it saw the order (none).
      if (after!.status === 'sent') expect(textsTo(mobile)).toHaveLength(1);
      else {
        expect(after).toMatchObject({ status: 'stopped' });
        expect(['gone', 'ordered']).toContain(after!.outcome);
        expect(textsTo(mobile)).toHaveLength(0);
      }
      // An SMS handed to the gateway was decided before the order: at most one call, and only when recorded as sent.
      expect(sendCalls.length).toBe(after!.status === 'sent' ? 1 : 0);
      void orderedAt;
      // And nothing more for that checkout, ever.
      expect(await runDue(d, new Date(morning.getTime() + 24 * H))).toBe(0);
      expect(await runDue(d, new Date(morning.getTime() + 72 * H))).toBe(0);
      expect(textsTo(mobile).length).toBeLessThanOrEqual(1);
    }
  });

  it('an order before the due send: nothing is sent', async () => {
    await turnOn();
    const d = await deps();
    const morning = dhakaMorning();
    const p = await leaveCheckout('01911000301', morning);
    expect(await runRecoverySweep(d, new Date(morning.getTime() + H))).toBe(1);
    expect((await api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { address_line: 'Road 5', city: 'Dhaka', mobile: '01911000301' }, consent: true })).statusCode).toBe(201);
    const [queued] = await sendsOf('01911000301');
    await sendRecovery(d, queued!.id, { attempt: 1, maxAttempts: 3 }, new Date(morning.getTime() + H));
    expect((await sendsOf('01911000301'))[0]).toMatchObject({ status: 'stopped' });
    expect(textsTo('01911000301')).toEqual([]);
  });

  it('stops for the opt-out link and the COD blocklist; a link expires after 7 days', async () => {
    await turnOn();
    const d = await deps();
    const morning = dhakaMorning();
    await leaveCheckout('01611000401', morning);
    await leaveCheckout('01611000402', morning);
    expect(await runRecoverySweep(d, new Date(morning.getTime() + H))).toBe(2);
    // Blocked after its SMS was queued: the send itself sees the block.
    await t.database.db.execute(sql`INSERT INTO cod_blocks (phone, reason) VALUES ('01611000402', 'Fake orders')`);
    await runDue(d, new Date(morning.getTime() + H));
    expect(textsTo('01611000401')).toHaveLength(1);
    expect(textsTo('01611000402')).toEqual([]);
    expect((await sendsOf('01611000402'))[0]).toMatchObject({ status: 'stopped', outcome: 'blocked' });
    const token = tokenOf(textsTo('01611000401')[0]!);
    const stopped = await api().post('recovery/stop', { token });
    expect(stopped.json()).toMatchObject({ message: 'Saved: no more recovery SMS to this number.', data: { stopped: true } });
    expect(await runDue(d, new Date(morning.getTime() + 24 * H))).toBe(0);
    expect(textsTo('01611000401')).toHaveLength(1);
    // Expiry is checked against the real clock: a send made 8 days ago.
    await t.database.db.update(recoverySends).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recoverySends.phone, '01611000401'));
    expect((await api().post('recovery/open', { token })).json()).toMatchObject({ code: 'RECOVERY_LINK_INVALID', message: 'This link has expired or is not valid. Your cart may be empty: please add the items again.' });
  });

  it('the owner sees sent, clicked, recovered and the recovered revenue per week', async () => {
    await turnOn();
    const d = await deps();
    const morning = dhakaMorning();
    const p = await leaveCheckout('01311000501', morning);
    await leaveCheckout('01311000502', morning);
    await runDue(d, new Date(morning.getTime() + H));
    expect((await api().post('recovery/open', { token: tokenOf(textsTo('01311000501')[0]!) })).statusCode).toBe(200);
    const placed = await api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 2 }], guest_user_delivery_address: { address_line: 'Road 5', city: 'Dhaka', mobile: '01311000501' }, consent: true });
    expect(placed.statusCode).toBe(201);
    const weeks = (await api().as(await owner()).get('recovery/weeks')).json().data;
    expect(weeks).toEqual([{ week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sent: 2, clicked: 1, recovered: 1, revenue: placed.json().data.total_amount }]);
  });
});
