import { describe, expect, it } from 'vitest';
import { ERRORS, errorText, fill, isErrorCode } from './catalogue';

describe('the error catalogue', () => {
  it('fills a code’s {{slots}} with its parameters, the English as the spec words it', () => {
    expect(errorText('STOCK_CHANGED', { n: 7 })).toBe('The stock changed since you opened this product (now 7). Please reload and try again.');
    expect(errorText('CART_QUANTITY_CAP', { n: 5, name: 'Rice' })).toBe('You can have at most 5 of Rice in your cart.');
    expect(errorText('SESSION_ENDED')).toBe('Your session has ended. Please log in again.');
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
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
