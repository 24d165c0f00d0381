import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { PurchaseFromUrl } from './PurchaseFromUrl';

/** Issue 39: a product page's form sent before its scripts ran, handled once they run. */

const charger = {
  _id: 'p1',
  name: 'Samsung Charger',
  name_bn: 'স্যামসাং চার্জার',
  image: ['/uploads/p/a.webp'],
  unit: '1 pc',
  price: 500,
  discount: 10,
  stock: 4,
  quantity: 6,
  publish: true,
  options: [],
  variants: [],
};
const kurta = {
  ...charger,
  _id: 'k1',
  name: 'Kurta',
  stock: 5,
  options: [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'M' }, { value: 'L', value_bn: 'L' }] }],
  variants: [
    { _id: 'vM', sku: 'K-M', values: ['M'], price: 900, discount: 0, stock: 2, image: [], publish: true },
    { _id: 'vL', sku: 'K-L', values: ['L'], price: 950, discount: 5, stock: 3, image: ['/uploads/p/l.webp'], publish: true },
  ],
};

/** The page's location as the router holds it: its search and navigation state. */
function Where() {
  const { search, state } = useLocation();
  return (
    <>
      <p data-testid="search">{search}</p>
      <pre data-testid="state">{JSON.stringify(state)}</pre>
    </>
  );
}

function open(target: 'cart' | 'checkout', query: string) {
  const path = `/${target}`;
  return renderPage(
    <>
      <PurchaseFromUrl target={target} />
      <Where />
    </>,
    { path, url: `${path}${query}` },
  );
}

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
    'GET product/get-product-details': (call) => {
      const id = new URLSearchParams(call.path.split('?')[1]).get('productId');
      const product = [charger, kurta].find((p) => p._id === id);
      return product ? { body: envelope(product) } : { status: 404, body: failure('Product not found.') };
    },
    ...extra,
  });
}

const guestCart = () => JSON.parse(localStorage.getItem('guestCart') ?? '[]') as { _id: string; quantity: number; variant_id?: string; price: number }[];

describe('PurchaseFromUrl', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds a guest's line to the guest cart once, with the spec's toast, and takes the fields out of the URL", async () => {
    api();
    open('cart', '?add=p1&qty=2&utm=x');
    expect(await screen.findByText('Add To Cart Successfully.')).toBeInTheDocument();
    expect(guestCart()).toEqual([expect.objectContaining({ _id: 'p1', name: 'Samsung Charger', price: 500, discount: 10, quantity: 2, maxQuantity: 6 })]);
    // Other fields stay; a reload finds nothing to add. (The router's replace is a transition: it may land just after the toast.)
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^\?utm=x$/));
    expect(screen.queryByTestId('purchase-notice')).not.toBeInTheDocument();
  });

  it('adds the named variant of a product with options at its own price', async () => {
    api();
    open('cart', '?add=k1&variant=vL&qty=1');
    expect(await screen.findByText('Add To Cart Successfully.')).toBeInTheDocument();
    expect(guestCart()).toEqual([expect.objectContaining({ _id: 'k1', variant_id: 'vL', price: 950, discount: 5, quantity: 1, image: ['/uploads/p/l.webp'] })]);
  });

  it("sends a signed-in shopper's line to the server cart through add-to-cart, not to the guest cart", async () => {
    localStorage.setItem('access_token', 'the-access');
    localStorage.setItem('refresh_token', 'the-refresh');
    const { sent } = api({
      'GET user/get-user': { body: envelope({ _id: 'u1', name: 'Rahim', email: 'r@example.com', role: 'USER' }) },
      'GET cart/get-cart-items': { body: envelope([]) },
      'POST cart/add-to-cart': { body: envelope([], 'Item added to cart.') },
    });
    open('cart', '?add=k1&variant=vM&qty=2');
    expect(await screen.findByText('Item added to cart.')).toBeInTheDocument();
    const adds = sent('POST', 'cart/add-to-cart');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toEqual({ product_id: 'k1', variant_id: 'vM', quantity: 2 });
    expect(adds[0]!.headers.authorization).toBe('Bearer the-access');
    expect(guestCart()).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('Buy Now arrives on checkout as the Buy Now item (navigation state), the cart untouched', async () => {
    api();
    open('checkout', '?add=p1&qty=3');
    await vi.waitFor(() => expect(JSON.parse(screen.getByTestId('state').textContent!)).toMatchObject({ product: { _id: 'p1', price: 500 }, quantity: 3 }));
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
    expect(guestCart()).toEqual([]);
  });

  it.each([
    ['a quantity that is not a number', '?add=p1&qty=abc', 'Nothing was added: Quantity must be a whole number.'],
    ['a quantity of 0', '?add=p1&qty=0', 'Nothing was added: Quantity must be at least 1.'],
    ['more than the line may hold', '?add=p1&qty=5', 'Nothing was added: at most 4 of Samsung Charger fit in one order.'],
    ['an unknown product', '?add=nope&qty=1', 'Nothing was added: that product could not be found.'],
    ['a variant the product does not have', '?add=k1&variant=vXL&qty=1', 'Nothing was added: that choice of Kurta is not sold.'],
    ['a variant named for a product without options', '?add=p1&variant=vM&qty=1', 'Nothing was added: that choice of Samsung Charger is not sold.'],
    ['no variant for a product with options', '?add=k1&qty=1', 'Nothing was added: choose the options of Kurta (size, colour…) on its page first.'],
  ])('adds nothing for %s, and says why', async (_, query, message) => {
    const { sent } = api();
    open('cart', query);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(guestCart()).toEqual([]);
    expect(sent('POST', 'cart/add-to-cart')).toEqual([]);
    await vi.waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('does nothing without the fields', () => {
    const { calls } = api();
    open('cart', '');
    expect(screen.queryByTestId('purchase-notice')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('product/'))).toEqual([]);
  });
});
