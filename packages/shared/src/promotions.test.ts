import { describe, expect, it } from 'vitest';
import { roundTaka, splitTaka } from './pricing';
import { pricePromotions, type EngineLine, type EnginePromotion } from './promotions';

const now = new Date('2026-04-01T06:00:00Z');
const promo = (over: Partial<EnginePromotion>): EnginePromotion => ({
  id: 'p1',
  name: 'Eid offer',
  name_bn: 'ঈদ অফার',
  code: null,
  kind: 'percent',
  value: 10,
  buy_qty: 0,
  get_qty: 0,
  scope: { kind: 'order', ids: [] },
  min_subtotal: 0,
  starts_at: new Date('2026-03-30T00:00:00+06:00'),
  ends_at: new Date('2026-04-05T00:00:00+06:00'),
  active: true,
  combines: false,
  usage_limit: null,
  per_customer_limit: null,
  used: 0,
  customer_uses: 0,
  ...over,
});
const line = (product_id: string, unit_price: number, quantity: number, category_ids: string[] = []): EngineLine => ({ product_id, unit_price, quantity, category_ids, sub_category_ids: [] });
const price = (promotions: EnginePromotion[], lines: EngineLine[], code?: string, fee = 60) => pricePromotions({ lines, promotions, code, now, delivery_fee: fee });

describe('roundTaka and splitTaka', () => {
  it('rounds to the nearest taka, halves up', () => {
    expect([roundTaka(10.49), roundTaka(10.5), roundTaka((1050 * 1) / 100), roundTaka(0)]).toEqual([10, 11, 11, 0]);
  });
  it('splits in proportion, the shares summing exactly, the remainder to the largest remainders then the earlier line', () => {
    expect(splitTaka(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitTaka(100, [500, 300, 200])).toEqual([50, 30, 20]);
    expect(splitTaka(7, [333, 333, 334])).toEqual([2, 2, 3]);
    for (const [total, weights] of [[99, [17, 23, 5, 1000]], [1, [5, 5]], [0, [3, 4]]] as const) {
      const shares = splitTaka(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
    }
  });
});

describe('pricePromotions', () => {
  it('takes a percent off the whole order, split over the lines', () => {
    const r = price([promo({})], [line('a', 333, 1), line('b', 667, 1)]);
    expect(r.discount).toBe(100);
    expect(r.line_discounts).toEqual([33, 67]);
    expect(r.total).toBe(1000 - 100 + 60);
    expect(r.applied.map((a) => [a.name, a.saving])).toEqual([['Eid offer', 100]]);
  });

  it('applies only within its time window and while active', () => {
    const lines = [line('a', 1000, 1)];
    expect(price([promo({ starts_at: new Date('2026-04-02T00:00:00Z') })], lines).discount).toBe(0);
    expect(price([promo({ ends_at: now })], lines).discount).toBe(0);
    expect(price([promo({ starts_at: now })], lines).discount).toBe(100);
    expect(price([promo({ active: false })], lines).discount).toBe(0);
  });

  it('explains a code that does not apply, by code', () => {
    const lines = [line('a', 400, 1, ['c1'])];
    const code = (over: Partial<EnginePromotion>) => price([promo({ code: 'EID10', ...over })], lines, 'EID10').code_error?.code;
    expect(price([], lines, 'NOPE').code_error).toMatchObject({ code: 'PROMO_UNKNOWN', params: { code: 'NOPE' } });
    expect(code({ starts_at: new Date('2026-05-01T00:00:00Z') })).toBe('PROMO_NOT_STARTED');
    expect(code({ ends_at: new Date('2026-03-31T00:00:00Z') })).toBe('PROMO_ENDED');
    expect(code({ active: false })).toBe('PROMO_PAUSED');
    expect(code({ usage_limit: 10, used: 10 })).toBe('PROMO_USED_UP');
    expect(code({ per_customer_limit: 1, customer_uses: 1 })).toBe('PROMO_ALREADY_USED');
    expect(code({ scope: { kind: 'categories', ids: ['c2'] } })).toBe('PROMO_NOT_FOR_THESE_PRODUCTS');
    const below = price([promo({ code: 'EID10', min_subtotal: 550 })], lines, 'EID10').code_error!;
    expect(below).toMatchObject({ code: 'PROMO_BELOW_MINIMUM', params: { needed: 150, minimum: 550 } });
    expect(below.message).toBe('Add 150 taka more to use the voucher EID10 (minimum order 550 taka).');
  });

  it('keeps a scoped discount on the scoped lines', () => {
    const r = price([promo({ code: 'SHOES', kind: 'fixed', value: 100, min_subtotal: 100, scope: { kind: 'categories', ids: ['shoes'] } })], [line('a', 500, 1, ['shoes']), line('b', 700, 1, ['shirts'])], 'SHOES');
    expect(r.line_discounts).toEqual([100, 0]);
    expect(r.code_error).toBeNull();
  });

  it('gives the get units of buy X get Y, the cheapest of each group', () => {
    const r = price([promo({ kind: 'bxgy', value: 100, buy_qty: 2, get_qty: 1, scope: { kind: 'products', ids: ['a', 'b'] } })], [line('a', 300, 2), line('b', 100, 2), line('c', 999, 1)]);
    // Units 300, 300, 100 | 100: one full group, its cheapest (100) free.
    expect(r.discount).toBe(100);
    expect(r.line_discounts).toEqual([0, 100, 0]);
  });

  it('waives the delivery fee over the threshold, and says how far the threshold is', () => {
    const free = promo({ kind: 'free_delivery', value: 0, min_subtotal: 1000 });
    const under = price([free], [line('a', 850, 1)]);
    expect(under).toMatchObject({ delivery_fee: 60, delivery_saving: 0, free_delivery_remaining: 150, total: 910 });
    const over = price([free], [line('a', 1000, 1)]);
    expect(over).toMatchObject({ delivery_fee: 0, delivery_saving: 60, free_delivery_remaining: null, total: 1000, discount: 0 });
  });

  it('stacks combining promotions and picks the best option when one does not combine', () => {
    const lines = [line('a', 1000, 1)];
    const a = promo({ id: 'a', combines: true, value: 10 });
    const b = promo({ id: 'b', combines: true, kind: 'free_delivery', value: 0 });
    const c = promo({ id: 'c', combines: false, value: 15 });
    // a + b save 100 + 60 = 160 > c's 150.
    expect(price([a, b, c], lines).applied.map((x) => x.promotion_id)).toEqual(['a', 'b']);
    const d = promo({ id: 'd', combines: false, value: 20 });
    expect(price([a, b, d], lines).applied.map((x) => x.promotion_id)).toEqual(['d']);
    // Two combining percents: each on what the other left (10 % then 10 % of 900).
    expect(price([a, promo({ id: 'e', combines: true, value: 10 })], lines).discount).toBe(190);
  });

  it('refuses a code that loses to a better offer it does not combine with', () => {
    const lines = [line('a', 1000, 1)];
    const r = price([promo({ id: 'auto', value: 20 }), promo({ id: 'code', code: 'TEN', value: 10 })], lines, 'TEN');
    expect(r.code_error).toMatchObject({ code: 'PROMO_NOT_COMBINABLE', params: { code: 'TEN', offer: 'Eid offer' } });
    expect(r.discount).toBe(200);
  });

  it('never discounts a line below zero', () => {
    const r = price([promo({ id: 'a', code: 'BIG', kind: 'fixed', value: 500, min_subtotal: 500, combines: true }), promo({ id: 'b', combines: true, value: 100 })], [line('a', 500, 1)], 'BIG');
    expect(r.discount).toBe(500);
    expect(r.total).toBe(60);
  });
});
