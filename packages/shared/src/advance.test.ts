import { describe, expect, it } from 'vitest';
import { advanceAmount, advanceRuleSchema, amountDueOnDelivery, type AdvanceFacts, type AdvanceRule } from './advance';
import { deliveryRecord } from './delivery-record';

/** Issue 44 (decision 0114): the advance a COD order is asked, and the one amount due on delivery. */
const facts: AdvanceFacts = { total: 1050, deliveryFee: 50, firstTime: false, record: null, preorder: false };
const rule = (r: Partial<AdvanceRule>): AdvanceRule => ({ kind: 'delivery', value: 0, who: 'everyone', above: null, ...r });

describe('advanceAmount', () => {
  it('asks the delivery charge, a percentage rounded up, or a fixed amount, never more than the total', () => {
    expect(advanceAmount(rule({}), facts)).toBe(50);
    expect(advanceAmount(rule({ kind: 'percent', value: 15 }), facts)).toBe(158);
    expect(advanceAmount(rule({ kind: 'fixed', value: 300 }), facts)).toBe(300);
    expect(advanceAmount(rule({ kind: 'fixed', value: 5000 }), facts)).toBe(1050);
    expect(advanceAmount(rule({ kind: 'none' }), facts)).toBe(0);
  });

  it('asks only whom the rule names', () => {
    expect(advanceAmount(rule({ who: 'first-time' }), facts)).toBe(0);
    expect(advanceAmount(rule({ who: 'first-time' }), { ...facts, firstTime: true })).toBe(50);
    expect(advanceAmount(rule({ who: 'risky' }), { ...facts, record: deliveryRecord(9, 1, 'own') })).toBe(0);
    expect(advanceAmount(rule({ who: 'risky' }), { ...facts, record: deliveryRecord(3, 2, 'own') })).toBe(50);
    expect(advanceAmount(rule({ who: 'risky' }), { ...facts, record: deliveryRecord(0, 3, 'steadfast') })).toBe(50);
    expect(advanceAmount(rule({ who: 'above', above: 1050 }), facts)).toBe(0);
    expect(advanceAmount(rule({ who: 'above', above: 1049 }), facts)).toBe(50);
  });

  it('caps a pre-order at 10 % of the total, rounded down', () => {
    expect(advanceAmount(rule({ kind: 'percent', value: 50 }), { ...facts, preorder: true })).toBe(105);
    expect(advanceAmount(rule({}), { ...facts, preorder: true })).toBe(50);
  });
});

describe('amountDueOnDelivery', () => {
  const cod = { method: 'CASH-ON-DELIVERY', total: 1050, advanceAmount: 50, paymentState: 'awaiting', paidAmount: null } as const;
  it('is the total until the advance is paid, then the rest; 0 for a prepaid order', () => {
    expect(amountDueOnDelivery(cod)).toBe(1050);
    expect(amountDueOnDelivery({ ...cod, paymentState: 'paid', paidAmount: 50 })).toBe(1000);
    expect(amountDueOnDelivery({ ...cod, advanceAmount: null, paymentState: null })).toBe(1050);
    expect(amountDueOnDelivery({ ...cod, method: 'bkash', advanceAmount: null, paymentState: 'paid', paidAmount: 1050 })).toBe(0);
  });
});

describe('advanceRuleSchema', () => {
  it('keeps only what applies, and refuses a value out of range in words', () => {
    expect(advanceRuleSchema.parse({ kind: 'delivery', value: 40, who: 'everyone', above: 5 })).toEqual({ kind: 'delivery', value: 0, who: 'everyone', above: null });
    expect(advanceRuleSchema.parse({ kind: 'percent', value: '20', who: 'above', above: '3000' })).toEqual({ kind: 'percent', value: 20, who: 'above', above: 3000 });
    expect(advanceRuleSchema.safeParse({ kind: 'percent', value: 0, who: 'everyone' }).error?.issues[0]?.message).toBe('A percentage must be a whole number from 1 to 100.');
    expect(advanceRuleSchema.safeParse({ kind: 'fixed', value: 2.5, who: 'everyone' }).success).toBe(false);
    expect(advanceRuleSchema.safeParse({ kind: 'fixed', value: 100, who: 'above', above: '' }).success).toBe(false);
  });
});
