import { afterEach, describe, expect, it } from 'vitest';
import { addToGuestCart, holdForPayment, lineKey, paymentSucceeded, readGuestCart, removeFromGuestCart, setGuestQuantity, type CartProduct } from './guestCart';

const kurta = (variant: string, price: number): CartProduct => ({
  _id: 'p1',
  name: 'Kurta',
  image: [],
  unit: '1 pc',
  price,
  discount: 0,
  stock: 5,
  quantity: 4,
  variant_id: variant,
  chosen: [{ name: 'Size', name_bn: '', value: variant.toUpperCase(), value_bn: '' }],
});
const mug: CartProduct = { _id: 'p2', name: 'Mug', image: [], unit: '1 pc', price: 100, discount: 0, stock: 9, quantity: 9 };

describe('guest cart lines are product + variant (issue 21)', () => {
  afterEach(() => localStorage.clear());

  it('keeps one product in two variants as two lines, raising only the line of the same variant', () => {
    addToGuestCart(kurta('m', 1000), 1);
    addToGuestCart(kurta('l', 1200), 2);
    addToGuestCart(kurta('m', 1000), 9);
    addToGuestCart(mug, 1);
    expect(readGuestCart().map((l) => [l._id, l.variant_id, l.price, l.quantity])).toEqual([
      ['p1', 'm', 1000, 4], // capped by the per-order limit 4
      ['p1', 'l', 1200, 2],
      ['p2', undefined, 100, 1],
    ]);
    expect(readGuestCart()[1]!.chosen).toEqual([{ name: 'Size', name_bn: '', value: 'L', value_bn: '' }]);
  });

  it('edits and removes one variant by its line key; a product without options is keyed by its id', () => {
    addToGuestCart(kurta('m', 1000), 1);
    addToGuestCart(kurta('l', 1200), 1);
    addToGuestCart(mug, 1);
    expect(lineKey('p2', '')).toBe('p2');
    setGuestQuantity(lineKey('p1', 'l'), 3);
    expect(readGuestCart().find((l) => l.variant_id === 'l')!.quantity).toBe(3);
    expect(readGuestCart().find((l) => l.variant_id === 'm')!.quantity).toBe(1);
    removeFromGuestCart([lineKey('p1', 'm'), 'p2']);
    expect(readGuestCart().map((l) => l.variant_id)).toEqual(['l']);
  });

  it('a bKash payment held for a variant removes that line once paid', () => {
    addToGuestCart(kurta('m', 1000), 1);
    addToGuestCart(kurta('l', 1200), 1);
    holdForPayment([lineKey('p1', 'l')]);
    paymentSucceeded();
    expect(readGuestCart().map((l) => l.variant_id)).toEqual(['m']);
  });
});
