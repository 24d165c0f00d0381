import { describe, expect, it } from 'vitest';
import { quantityCap, updateCartSchema } from './cart';
import { orderPayloadSchema, paymentDialogSchema } from './order';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('paymentDialogSchema', () => {
  it("says 'Select a method' without a wallet and 'Valid mobile number required' for a bad number", () => {
    expect(firstMessage(paymentDialogSchema.safeParse({ mobile: '01712345678' }))).toBe('Select a method');
    for (const mobile of ['', '0171234567', '017123456789', '0171234567x']) {
      expect(firstMessage(paymentDialogSchema.safeParse({ method: 'bkash', mobile }))).toBe('Valid mobile number required');
    }
    expect(paymentDialogSchema.safeParse({ method: 'rocket', mobile: ' 01712345678 ' }).data).toMatchObject({ mobile: '01712345678' });
  });
});

describe('orderPayloadSchema', () => {
  it('drops client totals and userId and reads product ids from every cart shape', () => {
    const parsed = orderPayloadSchema.parse({
      method: 'CASH-ON-DELIVERY',
      userId: 'someone',
      totalAmt: 1,
      subTotalAmt: 1,
      list_items: [{ _id: 'flat', price: 1, quantity: 2 }, { product_id: { _id: 'nested' }, quantity: 1 }, { product_id: 'plain', quantity: '3' }],
    });
    expect(parsed).not.toHaveProperty('userId');
    expect(parsed).not.toHaveProperty('totalAmt');
    expect(parsed.list_items).toEqual([
      { product_id: 'flat', quantity: 2 },
      { product_id: 'nested', quantity: 1 },
      { product_id: 'plain', quantity: 3 },
    ]);
  });
  it('needs a mobile number for wallets but not for cash on delivery', () => {
    expect(orderPayloadSchema.safeParse({ method: 'CASH-ON-DELIVERY' }).success).toBe(true);
    expect(firstMessage(orderPayloadSchema.safeParse({ method: 'nagad', mobile: '123' }))).toBe('Valid mobile number required');
    expect(firstMessage(orderPayloadSchema.safeParse({ method: 'cash' }))).toBe('Select a method');
  });
});

describe('cart rules', () => {
  it('caps a line by the smaller of stock and the quantity limit, never below 0', () => {
    expect(quantityCap({ stock: 3, quantity: 10 })).toBe(3);
    expect(quantityCap({ stock: 30, quantity: 10 })).toBe(10);
    expect(quantityCap({ stock: -1, quantity: 10 })).toBe(0);
  });
  it('accepts quantity 0 (remove) but not a negative one', () => {
    expect(updateCartSchema.safeParse({ id: 'a', quantity: 0 }).success).toBe(true);
    expect(firstMessage(updateCartSchema.safeParse({ id: 'a', quantity: -1 }))).toBe('Quantity cannot be negative.');
  });
});
