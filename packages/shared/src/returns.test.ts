import { describe, expect, it } from 'vitest';
import { GUIDELINE_DEFAULTS } from './guidelines';
import { pricePromotions, type EnginePromotion } from './promotions';
import { goodsPaid, linePaid, lineRefund, returnRefund, returnWindowEnd, withinReturnWindow, type RepricedLine } from './returns';

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

describe('a return re-prices what the shopper keeps with the order’s promotions (issue 41)', () => {
  const promo = (over: Partial<EnginePromotion>): EnginePromotion => ({
    id: over.id ?? 'p1',
    name: 'Offer',
    name_bn: 'অফার',
    code: null,
    kind: 'percent',
    value: 10,
    buy_qty: 0,
    get_qty: 0,
    scope: { kind: 'order', ids: [] },
    min_subtotal: 0,
    // Ended and used up since: the order's promotions apply to the re-pricing as they applied to the order.
    starts_at: new Date('2026-01-01T00:00:00Z'),
    ends_at: new Date('2026-01-02T00:00:00Z'),
    active: false,
    combines: true,
    usage_limit: 1,
    per_customer_limit: 1,
    used: 1,
    customer_uses: 1,
    ...over,
  });
  const line = (product_id: string, unit_price: number, quantity: number, category_ids: string[] = []) => ({ product_id, unit_price, quantity, category_ids, sub_category_ids: [] });
  /** The order as placed: its lines with their shares of the promotions, by the same engine. */
  const placed = (lines: ReturnType<typeof line>[], promotions: EnginePromotion[], code: string | null = null): RepricedLine[] => {
    const live = promotions.map((p) => ({ ...p, active: true, starts_at: new Date(0), ends_at: new Date(8.64e15), usage_limit: null, per_customer_limit: null, used: 0, customer_uses: 0 }));
    const priced = pricePromotions({ lines, promotions: live, code: code ?? undefined, now: new Date(1), delivery_fee: 60 });
    expect(priced.code_error).toBeNull();
    return lines.map((l, i) => ({ ...l, promotion_discount: priced.line_discounts[i]! }));
  };

  it('buy one get one: returning the paid unit refunds the difference, the free one nothing; the pair back refunds what was paid', () => {
    const bogo = promo({ kind: 'bxgy', value: 100, buy_qty: 1, get_qty: 1 });
    const pair = placed([line('kurta', 1000, 2)], [bogo]);
    expect(goodsPaid(pair)).toBe(1000);
    expect(returnRefund(pair, [0], [1], [bogo], null)).toBe(0);
    expect(returnRefund(pair, [1], [1], [bogo], null)).toBe(1000);
    expect(returnRefund(pair, [0], [2], [bogo], null)).toBe(1000);
    // Two products: the dearer is paid, the cheaper free. Back with the paid one, the free one is priced.
    const two = placed([line('kurta', 1000, 1), line('scarf', 600, 1)], [bogo]);
    expect(two.map((l) => l.promotion_discount)).toEqual([0, 600]);
    expect(returnRefund(two, [0, 0], [1, 0], [bogo], null)).toBe(400);
    expect(returnRefund(two, [0, 0], [0, 1], [bogo], null)).toBe(0);
    // Half off the second (value 50): the kept unit alone pays full.
    const half = promo({ kind: 'bxgy', value: 50, buy_qty: 1, get_qty: 1 });
    expect(returnRefund(placed([line('kurta', 1000, 2)], [half]), [0], [1], [half], null)).toBe(500);
  });

  it('a percent off above a minimum: returning the lines that met it refunds less the discount the rest no longer earns', () => {
    const tenOver1500 = promo({ kind: 'percent', value: 10, min_subtotal: 1500 });
    const order = placed([line('a', 1000, 1), line('b', 1000, 1)], [tenOver1500]);
    expect(goodsPaid(order)).toBe(1800);
    expect(returnRefund(order, [0, 0], [0, 1], [tenOver1500], null)).toBe(800);
    expect(returnRefund(order, [0, 1], [1, 0], [tenOver1500], null)).toBe(1000);
    // No minimum: what is kept still earns its 10 %.
    const ten = promo({ kind: 'percent', value: 10 });
    expect(returnRefund(placed([line('a', 1000, 1), line('b', 1000, 1)], [ten]), [0, 0], [0, 1], [ten], null)).toBe(900);
  });

  it('a fixed amount off: kept whole while what is kept meets its minimum, lost when it does not', () => {
    const off300 = promo({ kind: 'fixed', value: 300, min_subtotal: 1000, code: 'EID300' });
    const three = placed([line('a', 1000, 3)], [off300], 'EID300');
    expect(goodsPaid(three)).toBe(2700);
    expect(returnRefund(three, [0], [1], [off300], 'EID300')).toBe(1000);
    expect(returnRefund(three, [1], [1], [off300], 'EID300')).toBe(1000);
    // The last unit alone (1000) still meets the minimum: 700 back, 2700 in all.
    expect(returnRefund(three, [2], [1], [off300], 'EID300')).toBe(700);
    const over2500 = promo({ kind: 'fixed', value: 300, min_subtotal: 2500 });
    expect(returnRefund(placed([line('a', 1000, 3)], [over2500]), [0], [1], [over2500], null)).toBe(700);
  });

  it('free delivery: goods only, the waived fee is not charged back', () => {
    const free = promo({ kind: 'free_delivery', value: 0, min_subtotal: 1500 });
    const order = placed([line('a', 1000, 2)], [free]);
    expect(goodsPaid(order)).toBe(2000);
    expect(returnRefund(order, [0], [1], [free], null)).toBe(1000);
  });

  it('a scoped promotion re-prices only its lines; combined ones together, as the order applied them', () => {
    const shoes = promo({ kind: 'percent', value: 20, min_subtotal: 1000, scope: { kind: 'categories', ids: ['shoes'] } });
    const order = placed([line('shoe', 1000, 1, ['shoes']), line('shirt', 500, 1)], [shoes]);
    expect(goodsPaid(order)).toBe(1300);
    expect(returnRefund(order, [0, 0], [0, 1], [shoes], null)).toBe(500);
    expect(returnRefund(order, [0, 0], [1, 0], [shoes], null)).toBe(800);
    // Buy one get one, then 10 % by code on what is left: one unit back leaves one unit at 10 % off.
    const bogo = promo({ id: 'p1', kind: 'bxgy', value: 100, buy_qty: 1, get_qty: 1 });
    const code = promo({ id: 'p2', kind: 'percent', value: 10, code: 'TEN' });
    const both = placed([line('kurta', 1000, 2)], [bogo, code], 'TEN');
    expect(goodsPaid(both)).toBe(900);
    expect(returnRefund(both, [0], [1], [bogo, code], 'TEN')).toBe(0);
    expect(returnRefund(both, [1], [1], [bogo, code], 'TEN')).toBe(900);
  });

  it('returns one after another add up to what was paid less the price of what is finally kept, never more than was paid', () => {
    const ps = [promo({ id: 'p1', kind: 'bxgy', value: 100, buy_qty: 2, get_qty: 1 }), promo({ id: 'p2', kind: 'fixed', value: 150, min_subtotal: 2000 }), promo({ id: 'p3', kind: 'percent', value: 5 })];
    const order = placed([line('a', 900, 3), line('b', 450, 2), line('c', 333, 1)], ps);
    const steps = [[1, 0, 0], [0, 1, 1], [1, 0, 0], [1, 1, 0]];
    let back = [0, 0, 0];
    let total = 0;
    for (const step of steps) {
      const r = returnRefund(order, back, step, ps, null);
      expect(r).toBeGreaterThanOrEqual(0);
      total += r;
      back = back.map((b, i) => b + step[i]!);
    }
    expect(total).toBe(goodsPaid(order));
  });
});
