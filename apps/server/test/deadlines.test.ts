import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { describe, expect, it, vi } from 'vitest';
import { orderDeadlines, type DeadlineOrder } from '@haat/shared/deadlines';
import { formatDhaka } from '@haat/shared/dhaka-time';
import { DEADLINE_MESSAGES } from '@haat/shared/schemas/deadlines';
import { auditLog, orders, refunds, shipments, shopSettings, users } from '../src/db/schema';
import { handleOwnerNotices } from '../src/modules/notify/owners';
import { fillInsideDhaka, NOTICE_JOB, overdueCountSql, overdueOrderIdsSql, readDeadlineSettings, runOverdueNotice } from '../src/modules/deadlines/service';
import { dhakaGuest, jobRows, makeOrder, makeProduct, makeShipment, makeUser, startJobs, startSmtpCatcher, useTestApp, type TestContext } from './support';

/** Issue 27, decision 0076: the orders' due times, their settings, the overdue count and the owner's daily notice. */

const H = 3600_000;
const silent = pino({ level: 'silent' });
const smtp = await startSmtpCatcher();

const rowsOf = async <T>(t: TestContext, query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The overdue ids as the SQL finds them, and as the shared function finds them from the same rows. */
async function bothWays(t: TestContext, now: Date) {
  const bySql = (await rowsOf<{ id: string }>(t, overdueOrderIdsSql(now))).map((r) => r.id).sort();
  const settings = await readDeadlineSettings(t.database.db);
  const all = await t.database.db.select().from(orders);
  const booked = new Set((await t.database.db.select({ id: shipments.orderId }).from(shipments)).map((s) => s.id));
  const byRule = all
    .filter((o) => {
      const order: DeadlineOrder = { status: o.status, paymentMethod: o.paymentStatus, paymentState: o.paymentState, createdAt: o.createdAt, paidAt: o.paidAt, address: o.deliveryAddress ?? o.guestDeliveryAddress, handedOver: booked.has(o.id) };
      return orderDeadlines(order, settings, now).some((d) => d.overdue);
    })
    .map((o) => o.id)
    .sort();
  return { bySql, byRule };
}

describe('deadlines', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, OVERDUE_NOTICE_HOUR: '0' });
  const line = async () => [{ product: await makeProduct(t.database.db), unitPrice: 100, quantity: 1 }];

  describe('the owner’s settings', () => {
    it('start at the guidelines’ defaults, save what is valid (audited) and refuse the rest with a clear message, changing nothing', async () => {
      const owner = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
      expect((await owner.get('deadline-settings')).json().data).toEqual({ handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 });
      const saved = await owner.put('deadline-settings', { handoverHours: '24', deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ message: 'Deadlines saved.', data: { handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 } });
      const [row] = await t.database.db.select().from(shopSettings);
      expect(row).toMatchObject({ handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7, codConfirmMode: 'never' });
      const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings'));
      expect(entry).toMatchObject({ targetId: 'shop_settings', before: { handoverHours: 48 }, after: { handoverHours: 24 } });

      for (const [body, message] of [
        [{ handoverHours: 0, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 }, DEADLINE_MESSAGES.handoverHours],
        [{ handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 100 }, DEADLINE_MESSAGES.deliveryDays],
        [{ handoverHours: 24, deliveryDaysInsideDhaka: 8, deliveryDaysOutsideDhaka: 7 }, DEADLINE_MESSAGES.insideLonger],
      ] as const) {
        const refused = await owner.put('deadline-settings', body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(message);
      }
      expect(await readDeadlineSettings(t.database.db)).toEqual({ handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 });
    });

    it('are the Owner’s and Managers’ (settings.manage): 401 without sign-in, 403 for a shopper or the Orders role', async () => {
      expect((await t.api().get('deadline-settings')).statusCode).toBe(401);
      for (const role of ['USER', 'ORDERS'] as const) {
        const who = t.api().as(await makeUser(t.database.db, t.config, role));
        expect((await who.get('deadline-settings')).statusCode).toBe(403);
        expect((await who.put('deadline-settings', { handoverHours: 1, deliveryDaysInsideDhaka: 1, deliveryDaysOutsideDhaka: 1 })).statusCode).toBe(403);
      }
      expect((await t.api().as(await makeUser(t.database.db, t.config, 'MANAGER')).get('deadline-settings')).statusCode).toBe(200);
    });
  });

  it('an order placed keeps the Dhaka rule’s answer (Bangla addresses too), and the admin’s card gets its due times', async () => {
    const p = await makeProduct(t.database.db, { price: 100, stock: 10 });
    const place = (address: object) => t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { ...dhakaGuest, ...address } });
    const inside = (await place({ address_line: 'বাসা ১২, মিরপুর', city: 'ঢাকা' })).json().data;
    const outside = (await place({ address_line: 'টঙ্গী, ঢাকা', city: 'গাজীপুর' })).json().data;
    const kept = await t.database.db.select({ id: orders.id, insideDhaka: orders.insideDhaka }).from(orders);
    expect(Object.fromEntries(kept.map((r) => [r.id, r.insideDhaka]))).toEqual({ [inside._id]: true, [outside._id]: false });

    // Placed three days ago: the handover (48 h) is overdue for both, the delivery only inside Dhaka (5 days) is not yet.
    const placedAt = new Date(Date.now() - 72 * H);
    await t.database.db.update(orders).set({ createdAt: placedAt });
    const admin = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
    const page = (await admin.get('order/get-all-order')).json().data as { _id: string; deadlines: { kind: string; dueAt: string; met: boolean; overdue: boolean }[] }[];
    const of = (id: string) => page.find((o) => o._id === id)!.deadlines;
    expect(of(inside._id)).toEqual([
      { kind: 'handover', dueAt: new Date(placedAt.getTime() + 48 * H).toISOString(), met: false, overdue: true },
      { kind: 'delivery', dueAt: new Date(placedAt.getTime() + 120 * H).toISOString(), met: false, overdue: false },
    ]);
    expect(of(outside._id)[1]).toEqual({ kind: 'delivery', dueAt: new Date(placedAt.getTime() + 240 * H).toISOString(), met: false, overdue: false });

    // Booked with the courier (the demo sandbox): the handover is met, in the booking's answer and the next page.
    const booked = await admin.post(`order/${inside._id}/courier`, { provider: 'sandbox' });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data.deadlines[0]).toMatchObject({ kind: 'handover', met: true, overdue: false });
    expect(of(inside._id)[0]!.overdue).toBe(true); // the page read before the booking
    expect((await admin.get('order/get-all-order')).json().data.find((o: { _id: string }) => o._id === inside._id).deadlines[0]).toMatchObject({ met: true, overdue: false });
    // Cancelled: no due times. The status answer carries them too.
    const cancelled = await admin.patch(`order/update-status/${outside._id}`, { status: 'Cancel' });
    expect(cancelled.json().data.deadlines).toEqual([]);
    // The summary counts what is overdue now: the inside order's handover is met, the outside one is cancelled.
    expect((await admin.get('dashboard/summary')).json().data.overdueOrders).toBe(0);
  });

  it('a refund owed has its due time on the card and counts as overdue once past it, until it is made (decision 0075)', async () => {
    const p = await makeProduct(t.database.db, { price: 500, stock: 10 });
    const placed = (await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest })).json().data;
    const admin = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
    // Cancelled (no handover or delivery due any more) with a refund owed, as "cannot be supplied" writes it for a paid order.
    expect((await admin.patch(`order/update-status/${placed._id}`, { status: 'Cancel' })).statusCode).toBe(200);
    const dueAt = new Date(Date.now() - H);
    await t.database.db.insert(refunds).values({ id: 'refund-owed-1', orderId: placed._id, method: 'bkash', amount: 550, state: 'due', reason: 'Cannot be supplied', dueAt });
    const card = async () => (await admin.get('order/get-all-order')).json().data.find((o: { _id: string }) => o._id === placed._id).deadlines;
    expect(await card()).toEqual([{ kind: 'refund', dueAt: dueAt.toISOString(), met: false, overdue: true }]);
    expect((await admin.get('dashboard/summary')).json().data.overdueOrders).toBe(1);
    expect((await rowsOf<{ id: string }>(t, overdueOrderIdsSql(new Date()))).map((r) => r.id)).toEqual([placed._id]);
    // Not yet due an hour before: neither the card nor the count.
    expect((await rowsOf<{ id: string }>(t, overdueOrderIdsSql(new Date(dueAt.getTime() - 1000)))).length).toBe(0);
    // Made: met, and no longer counted.
    await t.database.db.update(refunds).set({ state: 'done', doneAt: new Date() }).where(eq(refunds.id, 'refund-owed-1'));
    expect(await card()).toEqual([{ kind: 'refund', dueAt: dueAt.toISOString(), met: true, overdue: false }]);
    expect((await admin.get('dashboard/summary')).json().data.overdueOrders).toBe(0);
  });

  it('the SQL count keeps the shared rule: every kind of order, exactly at and around its due times, with the defaults and the owner’s settings', async () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ago = (hours: number, ms = 0) => new Date(now.getTime() - hours * H + ms);
    const lines = await line();
    const made: string[] = [];
    const make = async (values: Omit<Parameters<typeof makeOrder>[1], 'lines'>) => made.push((await makeOrder(t.database.db, { lines, ...values })).id);
    const outside = { address_line: 'আগ্রাবাদ', city: 'চট্টগ্রাম' };
    const banglaInside = { address_line: 'মিরপুর, ঢাকায়', city: 'মিরপুর' };
    for (const [hours, ms] of [[48, 0], [48, 1], [48, -1], [120, 0], [120, 1], [240, 0], [240, 1], [72, 0], [24, 0], [1000, 0]] as const) {
      await make({ createdAt: ago(hours, -ms) });
      await make({ createdAt: ago(hours, -ms), address: outside });
      await make({ createdAt: ago(hours, -ms), address: banglaInside });
      await make({ createdAt: ago(hours, -ms), paymentStatus: 'bkash', paymentState: 'paid', paidAt: ago(hours - 10, -ms) });
      await make({ createdAt: ago(hours, -ms), paymentStatus: 'nagad' });
      await make({ createdAt: ago(hours, -ms), paymentStatus: 'bkash', paymentState: 'awaiting' });
      await make({ createdAt: ago(hours, -ms), paymentStatus: 'bkash', paymentState: 'refunded' });
      for (const status of ['Delivered', 'Received', 'Cancel', 'Return'] as const) await make({ createdAt: ago(hours, -ms), status });
    }
    // Some handed to the courier.
    for (const id of made.filter((_, i) => i % 3 === 0)) await makeShipment(t.database.db, id, 'booked');

    for (const at of [now, ago(-1), ago(-30), ago(-200)]) {
      const { bySql, byRule } = await bothWays(t, at);
      expect(bySql).toEqual(byRule);
      expect(bySql.length).toBeGreaterThan(0);
    }
    // Exactly at a due time is not yet overdue in either: the order placed exactly 48 hours ago is not counted for its handover.
    // Eleven orders an hour mark; every third booked.
    const exactly = made[0 * 11 + 1]!; // 48 h ago, outside Dhaka, COD, not booked
    const justPast = made[1 * 11 + 0]!; // 48 h + 1 ms ago, Dhaka, COD, not booked
    const ids = (await bothWays(t, now)).bySql;
    expect(ids).not.toContain(exactly);
    expect(ids).toContain(justPast);
    const notYet = made[2 * 11 + 1]!; // 48 h − 1 ms ago, outside Dhaka, COD, not booked
    expect(ids).not.toContain(notYet);

    await t.database.db.insert(shopSettings).values({ id: 1, handoverHours: 12, deliveryDaysInsideDhaka: 1, deliveryDaysOutsideDhaka: 3 }).onConflictDoUpdate({ target: shopSettings.id, set: { handoverHours: 12, deliveryDaysInsideDhaka: 1, deliveryDaysOutsideDhaka: 3 } });
    for (const at of [now, ago(-5)]) {
      const { bySql, byRule } = await bothWays(t, at);
      expect(bySql).toEqual(byRule);
    }
    const admin = t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
    const summary = (await admin.get('dashboard/summary')).json().data;
    const overdue = (await bothWays(t, new Date())).byRule.length;
    expect(summary.overdueOrders).toBe(overdue);
    // The dashboard counts up to its limit and one more ("1,000+"): here with a limit of 5.
    const [capped] = await rowsOf<{ overdue: number }>(t, overdueCountSql(new Date(), 5));
    expect(overdue).toBeGreaterThan(6);
    expect(capped!.overdue).toBe(6);
  });

  it('fills in the Dhaka answer of orders placed before it was kept, by the shared rule', async () => {
    const lines = await line();
    const a = await makeOrder(t.database.db, { lines, address: { address_line: 'House 1', city: 'ঢাকা-১২০৭' } });
    const b = await makeOrder(t.database.db, { lines, address: { address_line: 'Sadar', city: 'Gazipur, Dhaka Division' } });
    await t.database.db.update(orders).set({ insideDhaka: null });
    expect(await fillInsideDhaka(t.database.db, 1)).toBe(2);
    const kept = Object.fromEntries((await t.database.db.select({ id: orders.id, v: orders.insideDhaka }).from(orders)).map((r) => [r.id, r.v]));
    expect(kept).toEqual({ [a.id]: true, [b.id]: false });
    expect(await fillInsideDhaka(t.database.db)).toBe(0);
  });

  describe('the daily notice to the owner', () => {
    /** The owner's SMS in the outbox (no SMS settings in tests), leaving out the shoppers' order SMS. */
    const outbox = () => {
      const dir = path.join(t.config.DATA_DIR, 'outbox');
      const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sms.json')).sort() : [];
      return names.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string }).filter((m) => m.text.includes('সময় পেরিয়ে'));
    };
    let seen = 0;
    const newSms = () => outbox().slice(seen);
    /** The periodic job, sent as pg-boss's schedule sends it; the app's own worker runs it and the SMS and mail it queues. */
    const runTheJob = async () => {
      const queue = await startJobs(t.database, t.config.JOBS_QUEUE, () => {}, { worker: false });
      await queue.enqueue(t.database.db, NOTICE_JOB, {}, { maxAttempts: 1 });
      const rows = () => jobRows(t.database, t.config.JOBS_QUEUE);
      await vi.waitFor(async () => expect((await rows()).filter((r) => r.state !== 'completed')).toEqual([]), { timeout: 15_000, interval: 50 });
    };
    const owner = async (mobile: string) => {
      const who = await makeUser(t.database.db, t.config, 'ADMIN');
      await t.database.db.update(users).set({ mobile }).where(eq(users.id, who.id));
      return who;
    };

    it('texts and mails each Owner the overdue orders once a day, by the real job runner and SMTP; a shopper and the staff are not told', async () => {
      const boss = await owner('01811111111');
      await makeUser(t.database.db, t.config, 'MANAGER');
      const shopper = await makeUser(t.database.db, t.config, 'USER');
      await t.database.db.update(users).set({ mobile: '01922222222' }).where(eq(users.id, shopper.id));
      const lines = await line();
      const late = await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 60 * H) });
      const later = await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 300 * H), address: { address_line: 'আগ্রাবাদ', city: 'চট্টগ্রাম' } });
      await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 2 * H) }); // not yet due
      const mailsBefore = smtp.mailsTo(boss.email).length;
      seen = outbox().length;

      await runTheJob();
      expect(newSms()).toEqual([{ to: '8801811111111', text: `Haat: ২টি অর্ডারের সময় পেরিয়ে গেছে: ${later.orderId}, ${late.orderId}` }]);
      const mails = smtp.mailsTo(boss.email).slice(mailsBefore);
      expect(mails).toHaveLength(1);
      const mail = await PostalMime.parse(mails[0]!.raw);
      expect(mail.subject).toBe('Haat: 2 orders are overdue / ২টি অর্ডারের সময় পেরিয়েছে');
      // English then Bangla: each order with what is late and when it was due, in Dhaka time.
      const due = (order: { createdAt: Date }, hours: number, lang: 'en' | 'bn') => formatDhaka(new Date(order.createdAt.getTime() + hours * H).toISOString(), lang);
      expect(mail.text).toContain(`${later.orderId}: hand to the courier by ${due(later, 48, 'en')}; deliver by ${due(later, 240, 'en')}`);
      expect(mail.text).toContain(`${late.orderId}: hand to the courier by ${due(late, 48, 'en')}\n`);
      expect(mail.text).toContain(`${late.orderId}: কুরিয়ারে দেওয়ার শেষ সময় ${due(late, 48, 'bn')}`);
      expect(mail.html).toContain(`<li>${later.orderId}: hand to the courier by`);
      expect(smtp.received.filter((m) => m.raw.includes('overdue') && !m.to.includes(boss.email))).toEqual([]);
      const [row] = await t.database.db.select({ day: shopSettings.overdueNoticeDay }).from(shopSettings);
      expect(row!.day).toBe(new Date(Date.now() + 6 * H).toISOString().slice(0, 10));

      // The hourly run again the same day: nothing more.
      await runTheJob();
      expect(newSms()).toHaveLength(1);
      expect(smtp.mailsTo(boss.email).slice(mailsBefore)).toHaveLength(1);
    });

    it('sends nothing when nothing is overdue, and nothing before the Dhaka morning', async () => {
      const boss = await owner('01833333333');
      const lines = await line();
      await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 2 * H) });
      await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 100 * H), status: 'Delivered' });
      seen = outbox().length;
      await runTheJob();
      expect(newSms()).toEqual([]);
      expect(smtp.mailsTo(boss.email)).toEqual([]);

      // The morning rule, as the job calls it: 08:59 in Dhaka is too early, 09:00 decides the day.
      await t.database.db.update(shopSettings).set({ overdueNoticeDay: null });
      await makeOrder(t.database.db, { lines, createdAt: new Date(Date.now() - 100 * H) });
      const handQueue = `notice-hand-${t.config.JOBS_QUEUE}`;
      const jobs = await startJobs(t.database, handQueue, (j) => handleOwnerNotices({ jobs: j, sms: { name: 'none', send: async () => ({ messageId: '' }) }, mailer: { send: async () => {}, close: () => {} } }), { worker: false });
      const deps = { db: t.database.db, jobs, sms: { name: 'none', send: async () => ({ messageId: '' }) }, mailer: { send: async () => {}, close: () => {} }, shopName: 'Haat', noticeHour: 9, ordersUrl: undefined, log: silent };
      const dhaka = (hhmm: string) => new Date(`${new Date(Date.now() + 6 * H).toISOString().slice(0, 10)}T${hhmm}:00+06:00`);
      expect(await runOverdueNotice(deps, dhaka('08:59'))).toBe('too-early');
      expect(await runOverdueNotice(deps, dhaka('09:00'))).toEqual({ sent: 2, overdue: 1 });
      expect(await runOverdueNotice(deps, dhaka('15:00'))).toBe('already-decided');
      const queued = await jobRows(t.database, handQueue);
      expect(queued.map((j) => j.name).sort()).toEqual(['deadlines.notice-mail', 'deadlines.notice-sms']);
      expect(queued.find((j) => j.name === 'deadlines.notice-mail')!.data).toMatchObject({ to: boss.email });
    });
  });
});
