import { describe, expect, it } from 'vitest';
import { GUIDELINE_DEFAULTS } from './guidelines';
import { linePaid, lineRefund, returnWindowEnd, withinReturnWindow } from './returns';

describe('what a returned line refunds (decision 0075)', () => {
  it('without promotions: the unit price per unit returned', () => {
    const line = { unitPrice: 850, quantity: 3, promotionDiscount: 0 };
    expect(linePaid(line)).toBe(2550);
    expect(lineRefund(line, 0, 1)).toBe(850);
    expect(lineRefund(line, 1, 2)).toBe(1700);
    expect(lineRefund(line, 0, 3)).toBe(2550);
  });

  it('with promotions: the line’s share of the order’s discount is taken off, and partial returns never add up to more than the line paid', () => {
    // 3 × ৳1,000 with ৳250 of the order's promotion on this line: ৳2,750 paid.
    const line = { unitPrice: 1000, quantity: 3, promotionDiscount: 250 };
    expect(linePaid(line)).toBe(2750);
    const one = lineRefund(line, 0, 1);
    const two = lineRefund(line, 1, 1);
    const three = lineRefund(line, 2, 1);
    expect([one, two, three]).toEqual([916, 917, 917]);
    expect(one + two + three).toBe(2750);
    expect(lineRefund(line, 0, 3)).toBe(2750);
    // Asking for more than is left of the line refunds only what is left.
    expect(lineRefund(line, 2, 5)).toBe(917);
  });

  it('a line the promotion made free refunds nothing', () => {
    // Buy 1 get 1: the free unit's line carries its whole price as discount.
    expect(lineRefund({ unitPrice: 500, quantity: 1, promotionDiscount: 500 }, 0, 1)).toBe(0);
  });
});

describe('the return window', () => {
  const delivered = new Date('2026-11-01T10:00:00Z');
  const days = GUIDELINE_DEFAULTS.returnWindowDays;

  it('is open until exactly the window’s days after delivery, and closed a moment later', () => {
    expect(days).toBe(7);
    const end = returnWindowEnd(delivered, days);
    expect(end.toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(withinReturnWindow(delivered, days, end)).toBe(true);
    expect(withinReturnWindow(delivered, days, new Date(end.getTime() + 1000))).toBe(false);
  });

  it('is closed for an order never delivered, and with a window of 0 days closes at delivery', () => {
    expect(withinReturnWindow(null, days, delivered)).toBe(false);
    expect(withinReturnWindow(delivered, 0, new Date(delivered.getTime() + 1000))).toBe(false);
  });
});
