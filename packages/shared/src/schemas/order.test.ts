import { describe, expect, it } from 'vitest';
import { quantityCap, updateCartSchema } from './cart';
import { manualOrderSchema, orderPayloadSchema, paymentDialogSchema, printQuerySchema } from './order';

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

describe('manualOrderSchema (phone orders)', () => {
  const customer = { name: ' Rahima ', address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345678' };
  it('takes a buyer, lines and a method; trims; refuses a missing name, no lines or an unknown method', () => {
    const ok = manualOrderSchema.safeParse({ customer, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: 'abc', quantity: '2' }] });
    expect(ok.data).toMatchObject({ customer: { name: 'Rahima' }, list_items: [{ product_id: 'abc', quantity: 2 }], transaction_id: '', note: '' });
    expect(firstMessage(manualOrderSchema.safeParse({ customer: { ...customer, name: '' }, method: 'bkash', list_items: [{ product_id: 'a', quantity: 1 }] }))).toBe("Enter the buyer's name");
    expect(firstMessage(manualOrderSchema.safeParse({ customer, method: 'bkash', list_items: [] }))).toBe('Add at least one product.');
    expect(firstMessage(manualOrderSchema.safeParse({ customer, method: 'cash', list_items: [{ product_id: 'a', quantity: 1 }] }))).toBe('Select a method');
  });
});

describe('printQuerySchema', () => {
  it('splits comma-separated ids, drops blanks and repeats, and caps the count', () => {
    expect(printQuerySchema.parse({ ids: 'a, b,,a' }).ids).toEqual(['a', 'b']);
    expect(firstMessage(printQuerySchema.safeParse({ ids: ' , ' }))).toBe('Choose at least one order.');
    expect(firstMessage(printQuerySchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => `o${i}`).join(',') }))).toBe('Print at most 100 orders at once.');
  });
});
