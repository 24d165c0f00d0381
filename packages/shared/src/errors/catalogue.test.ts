import { describe, expect, it } from 'vitest';
import { englishErrorText, ERRORS, errorText, fill, isErrorCode } from './catalogue';

describe('the error catalogue', () => {
  it('fills a code’s {{slots}} with its parameters, the English as the spec words it', () => {
    expect(errorText('STOCK_CHANGED', { n: 7 })).toBe('The stock changed since you opened this product (now 7). Please reload and try again.');
    expect(errorText('CART_QUANTITY_CAP', { n: 5, name: 'Rice' })).toBe('You can have at most 5 of Rice in your cart.');
    expect(errorText('SESSION_ENDED')).toBe('Your session has ended. Please log in again.');
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('says a count of one in the singular where the code has a text for it (issue 42)', () => {
    expect(errorText('OTP_CODE_WRONG', { left: 4 })).toBe('That code is not right. 4 tries left.');
    expect(errorText('OTP_CODE_WRONG', { left: 1 })).toBe('That code is not right. 1 try left.');
    expect(errorText('OTP_RESEND_TOO_SOON', { seconds: 1 })).toBe('A code was just sent. You can ask for a new one in 1 second.');
    expect(englishErrorText('OTP_RESEND_TOO_SOON', { seconds: 42 })).toBe('A code was just sent. You can ask for a new one in 42 seconds.');
    // Every text for one counts by a slot of its code, and has the same slots.
    const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const entry of Object.values(ERRORS)) {
      for (const [counted, one] of Object.entries('one' in entry ? entry.one : {})) {
        expect(slots(entry.en)).toContain(counted);
        expect(slots(one)).toEqual(slots(entry.en));
      }
    }
  });

  it('checks codes and parameters at compile time', () => {
    // @ts-expect-error STOCK_CHANGED needs { n }
    expect(errorText('STOCK_CHANGED')).toContain('{{n}}');
    // @ts-expect-error no such code
    expect(() => errorText('NO_SUCH_CODE')).toThrow();
    // @ts-expect-error a parameter the text does not have
    errorText('OUT_OF_STOCK', { name: 'Rice', n: 1 });
  });

  it('gives every code an HTTP error status and a text', () => {
    for (const [code, { status, en }] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(status >= 400 && status < 600).toBe(true);
      expect(en.length).toBeGreaterThan(0);
    }
    expect(isErrorCode('STOCK_CHANGED')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
