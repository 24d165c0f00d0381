import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCartSchema } from '@haat/shared/schemas/cart';
import { readPurchaseParams } from './purchaseParams';

/**
 * readPurchaseParams writes out addToCartSchema's rules so that zod stays off the cart page's first
 * visit (decision 0089): for any fields a form or a hand-typed URL may send, it must answer exactly as
 * the schema does (decision 0088: the cart's own schema reads them), the same line or the same message.
 */
function bySchema(add: string, variant: string | null, qty: string | null) {
  const parsed = addToCartSchema.safeParse({ product_id: add, variant_id: variant || undefined, quantity: qty ?? undefined });
  if (!parsed.success) return { problem: { kind: 'invalid', message: parsed.error.issues[0]?.message } };
  const { product_id, variant_id, quantity } = parsed.data;
  return { intent: { productId: product_id, ...(variant_id ? { variantId: variant_id } : {}), quantity } };
}

function read(add: string, variant: string | null, qty: string | null) {
  const params = new URLSearchParams();
  params.set('add', add);
  if (variant !== null) params.set('variant', variant);
  if (qty !== null) params.set('qty', qty);
  return readPurchaseParams(params);
}

/** Texts near the rules' edges: ids of 0, 1, 64 and 65 characters, padded, numbers of every shape. */
const id = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'p1', ` ${'a'.repeat(64)} `, 'a'.repeat(64), 'a'.repeat(65), '\t\n'), fc.string({ minLength: 60, maxLength: 70 }));
const quantity = fc.oneof(
  fc.string(),
  fc.integer({ min: -5, max: 1005 }).map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', ' 3 ', '১২', '০', '১০০১', '2.0', '2.5', '1e3', '1e21', '0x10', '0b11', '+4', '-0', 'Infinity', '-Infinity', 'NaN', '9007199254740993', '1_000', '১.৫'),
);

describe('the purchase fields, read as addToCartSchema reads them', () => {
  it('answers as the schema does for the edges', () => {
    const cases: [string, string | null, string | null][] = [
      ['p1', null, null],
      ['  p1  ', ' vL ', '২'],
      ['', null, '1'],
      ['a'.repeat(65), null, '1'],
      ['p1', 'v'.repeat(65), '1'],
      ['p1', '   ', '1'],
      ['p1', null, '0'],
      ['p1', null, '1001'],
      ['p1', null, '1000'],
      ['p1', null, '1.5'],
      ['p1', null, 'abc'],
      ['p1', null, ''],
      ['p1', null, 'Infinity'],
      ['p1', null, '1e21'],
      ['', 'v'.repeat(65), 'abc'],
    ];
    for (const [add, variant, qty] of cases) expect(read(add, variant, qty), JSON.stringify([add, variant, qty])).toEqual(bySchema(add, variant, qty));
  });

  it('answers as the schema does for any fields', () => {
    fc.assert(
      fc.property(id, fc.option(id, { nil: null }), fc.option(quantity, { nil: null }), (add, variant, qty) => {
        expect(read(add, variant, qty)).toEqual(bySchema(add, variant, qty));
      }),
      { numRuns: 3000 },
    );
  });
});
