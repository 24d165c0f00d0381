import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeLogin } from './login';
import { readGuestCart } from './guestCart';

describe('guest cart merge on login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends every guest line to add-to-cart with the new token before guestCart is reset', async () => {
    localStorage.setItem(
      'guestCart',
      JSON.stringify([
        { _id: 'p1', name: 'One', image: [], unit: '', price: 10, discount: 0, quantity: 2 },
        { _id: 'p2', name: 'Two', image: [], unit: '', price: 20, discount: 0, quantity: 1 },
      ]),
    );
    const calls: { url: string; body: unknown; auth: string | null; guestCartAtCall: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({
          url,
          body: JSON.parse(String(init.body)),
          auth: new Headers(init.headers).get('authorization'),
          guestCartAtCall: readGuestCart().length,
        });
        return new Response(JSON.stringify({ success: true, error: false, message: 'Item added to cart.', data: [] }));
      }),
    );

    await completeLogin('access-1', 'refresh-1');

    expect(calls.map((c) => [c.url, c.body, c.auth])).toEqual([
      ['/api/cart/add-to-cart', { product_id: 'p1', quantity: 2 }, 'Bearer access-1'],
      ['/api/cart/add-to-cart', { product_id: 'p2', quantity: 1 }, 'Bearer access-1'],
    ]);
    expect(calls.every((c) => c.guestCartAtCall === 2)).toBe(true);
    expect(localStorage.getItem('guestCart')).toBe('[]');
  });

  it('keeps merging the other lines when one is refused', async () => {
    localStorage.setItem(
      'guestCart',
      JSON.stringify([
        { _id: 'gone', name: 'Gone', image: [], unit: '', price: 10, discount: 0, quantity: 1 },
        { _id: 'p2', name: 'Two', image: [], unit: '', price: 20, discount: 0, quantity: 1 },
      ]),
    );
    const sent: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { product_id: string };
        sent.push(body.product_id);
        return body.product_id === 'gone'
          ? new Response(JSON.stringify({ success: false, error: true, message: 'That product does not exist.', data: null }), { status: 404 })
          : new Response(JSON.stringify({ success: true, error: false, message: 'ok', data: [] }));
      }),
    );
    await completeLogin('a', 'r');
    expect(sent).toEqual(['gone', 'p2']);
  });
});

describe('guest cart merge of variants (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends each variant line with its variant_id, and a line without options without one', async () => {
    localStorage.setItem(
      'guestCart',
      JSON.stringify([
        { _id: 'p1', variant_id: 'v-m', chosen: [], name: 'Kurta', image: [], unit: '', price: 10, discount: 0, quantity: 1 },
        { _id: 'p1', variant_id: 'v-l', chosen: [], name: 'Kurta', image: [], unit: '', price: 12, discount: 0, quantity: 2 },
        { _id: 'p2', name: 'Mug', image: [], unit: '', price: 20, discount: 0, quantity: 1 },
      ]),
    );
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ success: true, error: false, message: 'Item added to cart.', data: [] }));
      }),
    );
    await completeLogin('access-1', 'refresh-1');
    expect(bodies).toEqual([
      { product_id: 'p1', variant_id: 'v-m', quantity: 1 },
      { product_id: 'p1', variant_id: 'v-l', quantity: 2 },
      { product_id: 'p2', quantity: 1 },
    ]);
  });
});
