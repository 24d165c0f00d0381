import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, textsOf } from './index';
import { ORDER_WORDS_NS, useOrderWords } from './orderWords';

afterEach(async () => {
  await changeLanguage('en');
});

describe('the order words, in one place', () => {
  it("says a status in each screen's form and a payment method, in English and Bangla", async () => {
    const { result, rerender } = renderHook(() => useOrderWords());
    expect(result.current.status('Cancel')).toBe('Cancel');
    expect(result.current.status('Cancel', 'statusCounted')).toBe('Cancelled');
    expect(result.current.paymentMethod('CASH-ON-DELIVERY')).toBe('Cash On Delivery');
    await changeLanguage('bn');
    rerender();
    expect(result.current.status('Received')).toBe('গ্রহণ করা হয়েছে');
    expect(result.current.status('Received', 'statusShort')).toBe('গৃহীত');
    expect(result.current.paymentMethod('bkash')).toBe('বিকাশ');
    // A value the shop does not know is shown as stored.
    expect(result.current.status('in_transit')).toBe('in_transit');
    expect(result.current.paymentMethod('paypal')).toBe('paypal');
  });

  it('checks t() keys at compile time (each namespace typed by its English texts, decision 0089)', () => {
    const t = textsOf(ORDER_WORDS_NS);
    expect(t('status.Pending')).toBe('Pending');
    // Never called (the test setup throws on a missing key): tsc is the check.
    // @ts-expect-error no such key in the namespace
    const misspelt = () => t('status.Pendng');
    expect(typeof misspelt).toBe('function');
    // A group is not a text, nor is a key of another namespace.
    // @ts-expect-error a group of texts, not a text
    const group = () => t('status');
    // @ts-expect-error a key of the 'common' namespace
    const elsewhere = () => t('language.switchTo');
    expect([typeof group, typeof elsewhere]).toEqual(['function', 'function']);
  });
});
