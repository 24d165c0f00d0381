import { describe, expect, it } from 'vitest';
import { deliveryFee } from './delivery-fee';
import { cartTotals, discountedPrice, grandTotal, orderPayment, totalSavings } from './pricing';

describe('discountedPrice', () => {
  it('takes the rounded-up discount share off the price', () => {
    expect(discountedPrice(1000, 10)).toBe(900);
    expect(discountedPrice(999, 15)).toBe(999 - 150); // 149.85 → 150
    expect(discountedPrice(105, 5)).toBe(99); // 5.25 → 6
  });
  it('leaves the price when there is no discount', () => {
    expect(discountedPrice(250, 0)).toBe(250);
    expect(discountedPrice(250)).toBe(250);
  });
  it('clamps nonsense percentages', () => {
    expect(discountedPrice(200, 150)).toBe(0);
    expect(discountedPrice(200, -5)).toBe(200);
  });
});

describe('cartTotals', () => {
  it('sums quantity, discounted and original totals and the savings', () => {
    const t = cartTotals([
      { price: 1000, discount: 10, quantity: 2 },
      { price: 105, discount: 5, quantity: 3 },
    ]);
    expect(t).toEqual({ totalQuantity: 5, itemsTotal: 1800 + 297, originalTotal: 2000 + 315, savings: 218 });
  });
  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalQuantity: 0, itemsTotal: 0, originalTotal: 0, savings: 0 });
  });
});

describe('deliveryFee', () => {
  const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
  it('is the inside-Dhaka fee before an address is chosen', () => {
    expect(deliveryFee(settings, null)).toBe(60);
  });
  it('is inside-Dhaka when the address line or city mentions dhaka, in any case', () => {
    expect(deliveryFee(settings, { address_line: 'House 5, Road 2', city: 'DHAKA' })).toBe(60);
    expect(deliveryFee(settings, { address_line: 'Mirpur, Dhaka', city: 'Savar' })).toBe(60);
  });
  it('is outside-Dhaka elsewhere', () => {
    expect(deliveryFee(settings, { address_line: 'Agrabad', city: 'Chattogram' })).toBe(120);
  });
  it('is 0 with free delivery', () => {
    expect(deliveryFee({ ...settings, freeDelivery: true }, { address_line: 'x', city: 'Sylhet' })).toBe(0);
    expect(deliveryFee({ ...settings, freeDelivery: true }, null)).toBe(0);
  });
  it('defaults to 50 inside and 100 outside', () => {
    expect(deliveryFee(undefined, { address_line: 'a', city: 'Khulna' })).toBe(100);
    expect(deliveryFee(undefined, { address_line: 'a', city: 'Dhaka' })).toBe(50);
  });
  it('adds into the grand total', () => {
    expect(grandTotal(500, 50)).toBe(550);
  });
});

describe('totalSavings (issue 42)', () => {
  it('counts the product discounts, the promotions on the items and the delivery fee waived', () => {
    const { savings } = cartTotals([{ price: 1000, discount: 10, quantity: 1 }]);
    expect(totalSavings(savings, { discount: 90, delivery_saving: 60 })).toBe(250);
  });
  it('is the product discounts alone before the promotions are known', () => {
    expect(totalSavings(100)).toBe(100);
    expect(totalSavings(0, null)).toBe(0);
  });
});

describe('orderPayment (issue 42)', () => {
  const cod = { total: 1050, method: 'CASH-ON-DELIVERY', paymentState: null, paidAmount: null, status: 'Pending', delivered: false } as const;
  it('cash on delivery: all due until delivered, then paid; nothing due once cancelled', () => {
    expect(orderPayment(cod)).toEqual({ paid: 0, due_on_delivery: 1050 });
    expect(orderPayment({ ...cod, status: 'Delivered', delivered: true })).toEqual({ paid: 1050, due_on_delivery: 0 });
    expect(orderPayment({ ...cod, status: 'Return', delivered: true })).toEqual({ paid: 1050, due_on_delivery: 0 });
    expect(orderPayment({ ...cod, status: 'Cancel' })).toEqual({ paid: 0, due_on_delivery: 0 });
  });
  it('bKash: paid once bKash confirmed; a typed wallet transaction was paid with the order', () => {
    expect(orderPayment({ ...cod, method: 'bkash', paymentState: 'awaiting' })).toEqual({ paid: 0, due_on_delivery: 0 });
    expect(orderPayment({ ...cod, method: 'bkash', paymentState: 'paid', paidAmount: 1050 })).toEqual({ paid: 1050, due_on_delivery: 0 });
    expect(orderPayment({ ...cod, method: 'nagad' })).toEqual({ paid: 1050, due_on_delivery: 0 });
  });
});
