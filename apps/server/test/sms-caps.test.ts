import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orderEvents, smsBudgetAlerts } from '../src/db/schema';
import { dhakaGuest, makeProduct, makeUser, useTestApp, type TestContext } from './support';

/**
 * Issue 41 (decision 0092): fake COD orders pumped paid SMS to one number. Every SMS of the shop now goes through
 * one guard: a number gets at most SMS_PER_NUMBER_DAILY texts other than codes a day, and the shop at most
 * SMS_DAILY_BUDGET, past which only codes and staff invites go, the Owners mailed at 80 %.
 */

/** The outbox's SMS (no gateway in tests) and mails, by the test's own numbers and subjects. */
const outbox = (t: TestContext, ext: string) => {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  try {
    return readdirSync(dir).filter((f) => f.endsWith(ext)).sort().map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};
const smsTo = (t: TestContext, mobile: string) =>
  outbox(t, '.sms.json')
    .map((f) => JSON.parse(f) as { to: string; text: string })
    .filter((m) => m.to === `88${mobile}`);

/** Places guest COD orders (each from an address of its own) and waits until each one's "placed" SMS is recorded. */
async function placeAndWait(t: TestContext, mobiles: string[]) {
  const p = await makeProduct(t.database.db, { price: 100, stock: 1000, quantity: 100 });
  const ids: string[] = [];
  for (const mobile of mobiles) {
    const res = await t.api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: { ...dhakaGuest, mobile } });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data._id);
  }
  return vi.waitFor(
    async () => {
      const events = await t.database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
      expect(events).toHaveLength(ids.length);
      return events;
    },
    { timeout: 20_000, interval: 50 },
  );
}

describe('one SMS cap per number across every kind of message (issue 41)', () => {
  const t = useTestApp();

  it('a number gets at most 10 order texts a day; the owner’s sign-in code still goes', async () => {
    const victim = '01755500001';
    const events = await placeAndWait(t, Array.from({ length: 12 }, () => victim));
    expect(events.filter((e) => e.status === 'sent')).toHaveLength(10);
    const failed = events.filter((e) => e.status === 'failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]!.message).toContain('not sent: 10 SMS went to this number in 24 hours');
    expect(smsTo(t, victim)).toHaveLength(10);

    // Codes are governed by decision 0091's per-asker caps, not by this one: the owner signs in.
    const owner = t.api();
    expect((await owner.post('user/otp/send', { mobile: victim })).statusCode).toBe(200);
    const code = /(\d{6})/.exec(smsTo(t, victim).at(-1)!.text)![1]!;
    expect((await owner.post('user/otp/verify', { mobile: victim, otp: code })).statusCode).toBe(200);
    // Another number is not held back.
    const other = await placeAndWait(t, ['01755500002']);
    expect(other.map((e) => e.status)).toEqual(['sent']);
  });
});

describe('the shop’s daily SMS budget (issue 41)', () => {
  const t = useTestApp({ SMS_DAILY_BUDGET: '5' });

  it('past the budget only codes go; the Owners are mailed once at 80 %', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const events = await placeAndWait(t, ['01755500011', '01755500012', '01755500013', '01755500014', '01755500015', '01755500016', '01755500017']);
    expect(events.filter((e) => e.status === 'sent')).toHaveLength(5);
    const failed = events.filter((e) => e.status === 'failed');
    expect(failed.map((e) => e.message)).toEqual([expect.stringContaining("the shop's daily SMS budget (5) is spent"), expect.stringContaining("the shop's daily SMS budget (5) is spent")]);

    // The Owner's mail (no SMS: the budget is what runs out), once.
    const mails = await vi.waitFor(
      () => {
        const found = outbox(t, '.eml').filter((m) => m.includes('SMS budget nearly spent'));
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mails[0]).toContain(owner.email);
    expect(mails[0]).toContain('4 of 5');
    expect(await t.database.db.select().from(smsBudgetAlerts)).toHaveLength(1);

    // A sign-in code is essential: it goes past the budget.
    const shopper = t.api();
    expect((await shopper.post('user/otp/send', { mobile: '01755500018' })).statusCode).toBe(200);
    expect(smsTo(t, '01755500018')).toHaveLength(1);
    expect((await t.database.db.select().from(orderEvents).where(eq(orderEvents.status, 'sent'))).length).toBe(5);
  });
});
