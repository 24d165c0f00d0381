import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceAmount, type AdvanceRule } from '@haat/shared/advance';
import { advancePaid, amountDueOnDelivery, type DueFacts } from '@haat/shared/pricing';
import { orders } from '../src/db/schema';
import { advancePaidSql, dueOnDeliverySql } from '../src/modules/settlements/queries';
import { makeOrder, makeProduct, queryRows, useTestApp } from './support';

/**
 * Decision 0126: the settlements' SQL twins (advancePaidSql, dueOnDeliverySql) give, order by order and summed,
 * exactly what the shared advancePaid / amountDueOnDelivery give — over every advance the owner's rule can ask
 * (none, the delivery charge, a percentage, a fixed amount, the pre-order cap), each paid, unpaid, failed or
 * refunded, for cash on delivery and for orders paid beforehand.
 */
const t = useTestApp();

const RULES: Record<string, AdvanceRule> = {
  none: { kind: 'none', value: 0, who: 'everyone', above: null },
  delivery: { kind: 'delivery', value: 0, who: 'everyone', above: null },
  percent: { kind: 'percent', value: 25, who: 'everyone', above: null },
  fixed: { kind: 'fixed', value: 300, who: 'everyone', above: null },
  'fixed above the total': { kind: 'fixed', value: 99_999, who: 'everyone', above: null },
};

/** How the advance's payment stands: its state and what the gateway said moved (null: not known). */
const PAYMENTS: { name: string; state: DueFacts['paymentState']; paid: (advance: number, total: number) => number | null }[] = [
  { name: 'none started', state: null, paid: () => null },
  { name: 'awaiting', state: 'awaiting', paid: () => null },
  { name: 'failed', state: 'failed', paid: () => null },
  { name: 'paid', state: 'paid', paid: (advance) => advance },
  { name: 'paid, amount not known', state: 'paid', paid: () => null },
  { name: 'paid less than asked', state: 'paid', paid: (advance) => Math.floor(advance / 2) },
  { name: 'refunded', state: 'refunded', paid: (advance) => advance },
  { name: 'prepaid in full', state: 'paid', paid: (_advance, total) => total },
];

describe('the settlements’ SQL twins of the shared advance rules', () => {
  it('give exactly what advancePaid and amountDueOnDelivery give, for each order and summed', async () => {
    const { db } = t.database;
    const product = await makeProduct(db, { price: 1237, stock: 100 });
    const expected = new Map<string, { case: string; advance: number; due: number }>();
    for (const method of ['CASH-ON-DELIVERY', 'bkash']) {
      for (const preorder of [false, true]) {
        for (const [ruleName, rule] of Object.entries(RULES)) {
          for (const payment of PAYMENTS) {
            const order = await makeOrder(db, { lines: [{ product, quantity: 1, unitPrice: 1237 }], deliveryFee: 120, paymentStatus: method });
            const total = order.totalAmount;
            const asked = advanceAmount(rule, { total, deliveryFee: 120, firstTime: true, record: null, preorder });
            // No advance is stored as null, as placing an order keeps it; an order paid beforehand asks none.
            const advance = method === 'CASH-ON-DELIVERY' && asked > 0 ? asked : null;
            const facts: DueFacts = { method, total, advanceAmount: advance, paymentState: payment.state, paidAmount: payment.paid(advance ?? 0, total) };
            await db.update(orders).set({ advanceAmount: facts.advanceAmount, paymentState: facts.paymentState, paidAmount: facts.paidAmount }).where(eq(orders.id, order.id));
            expected.set(order.id, { case: `${method} ${preorder ? 'pre-order ' : ''}${ruleName}, ${payment.name}`, advance: advancePaid(facts), due: amountDueOnDelivery(facts) });
          }
        }
      }
    }
    // A stored advance of 0 (never asked) counts as none, as the shared rule's `!advanceAmount` does.
    const zero = await makeOrder(db, { lines: [{ product, quantity: 1, unitPrice: 1237 }], paymentStatus: 'CASH-ON-DELIVERY' });
    const zeroFacts: DueFacts = { method: 'CASH-ON-DELIVERY', total: zero.totalAmount, advanceAmount: 0, paymentState: 'paid', paidAmount: 50 };
    await db.update(orders).set({ advanceAmount: 0, paymentState: 'paid', paidAmount: 50 }).where(eq(orders.id, zero.id));
    expected.set(zero.id, { case: 'COD advance 0, paid', advance: advancePaid(zeroFacts), due: amountDueOnDelivery(zeroFacts) });

    // The cases cover what they claim: advances asked of every kind, some paid, some not, some capped.
    const values = [...expected.values()];
    expect(new Set(values.map((v) => v.advance)).size).toBeGreaterThan(5);
    expect(values.some((v) => v.due === 0) && values.some((v) => v.due > 0)).toBe(true);

    const found = await queryRows<{ id: string; advance: unknown; due: unknown }>(t.database, sql`SELECT o.id, ${advancePaidSql('o')} AS advance, ${dueOnDeliverySql('o')} AS due FROM orders o`);
    expect(found).toHaveLength(expected.size);
    const bySql = Object.fromEntries(found.map((r) => [expected.get(r.id)!.case, { advance: Number(r.advance), due: Number(r.due) }]));
    const byShared = Object.fromEntries(values.map((v) => [v.case, { advance: v.advance, due: v.due }]));
    expect(bySql).toEqual(byShared);

    const [sums] = await queryRows<{ advance: unknown; due: unknown }>(t.database, sql`SELECT sum(${advancePaidSql('o')}) AS advance, sum(${dueOnDeliverySql('o')}) AS due FROM orders o`);
    expect({ advance: Number(sums!.advance), due: Number(sums!.due) }).toEqual({
      advance: values.reduce((s, v) => s + v.advance, 0),
      due: values.reduce((s, v) => s + v.due, 0),
    });
  });
});
