import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import type { Product } from '@haat/shared/schemas/catalogue';
import type { Variant } from '@haat/shared/schemas/variants';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProductPage } from './ProductPage';

const variant = (id: string, values: string[], extra: Partial<Variant> = {}): Variant => ({
  _id: id,
  sku: `KURTA-${values.join('-')}`,
  values,
  price: 1000,
  discount: 0,
  stock: 5,
  image: [],
  publish: true,
  ...extra,
});

/** Sizes S, M, L and colours Red (a swatch), Blue: M Blue is not made, L Red is sold out, S Blue is hidden. */
const kurta: Product = {
  _id: 'p1',
  name: 'Cotton Kurta',
  name_bn: 'সুতি কুর্তা',
  description: 'A kurta.',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: '1 pc',
  price: 900,
  discount: 0,
  image: ['/uploads/products/kurta.webp'],
  stock: 23,
  quantity: 10,
  more_details: {},
  category: [],
  subCategory: [],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  price_varies: true,
  options: [
    { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'S', value_bn: '', swatch: '' }, { value: 'M', value_bn: '', swatch: '' }, { value: 'L', value_bn: '', swatch: '' }] },
    { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '#b22222' }, { value: 'Blue', value_bn: 'নীল', swatch: '#1e40af' }] },
  ],
  variants: [
    variant('v-s-red', ['S', 'Red'], { price: 900, stock: 8 }),
    variant('v-s-blue', ['S', 'Blue'], { publish: false }),
    variant('v-m-red', ['M', 'Red'], { price: 1000, discount: 10, stock: 3, image: ['/uploads/products/kurta-m-red.webp'] }),
    variant('v-l-red', ['L', 'Red'], { price: 1100, stock: 0 }),
    variant('v-l-blue', ['L', 'Blue'], { price: 1200, stock: 12 }),
  ],
};

function openKurta(url = '/product/cotton-kurta-p1', routes: Record<string, unknown> = {}) {
  const api = fakeApi({
    'GET product/get-product-details': { body: envelope(kurta) },
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
    ...(routes as Record<string, { body: unknown }>),
  });
  const { router } = renderPage(<ProductPage />, { path: '/product/:productSegment', url, routes: [{ path: '/checkout', element: <p>checkout page</p> }] });
  return { api, router };
}

const size = () => screen.getByRole('group', { name: /^Size/ });
const colour = () => screen.getByRole('group', { name: /^Colour/ });
const guestCart = () => JSON.parse(localStorage.getItem('guestCart') ?? '[]');

describe('choosing a variant on the product page (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one picker per option, the colour swatches, and "From" the cheapest until a variant is chosen', async () => {
    openKurta();
    await screen.findByRole('heading', { level: 1, name: 'Cotton Kurta' });
    expect(within(size()).getAllByRole('button').map((b) => b.textContent)).toEqual(['S', 'M', 'L']);
    const red = within(colour()).getByRole('button', { name: 'Red' });
    expect(red.querySelector('span[aria-hidden]')).toHaveStyle({ backgroundColor: '#b22222' });
    expect(screen.getByTestId('product-price')).toHaveTextContent(`From ${formatTaka(900)}`);
  });

  it('until every option is chosen, both buttons say what to choose and add nothing', async () => {
    const user = userEvent.setup();
    const { router } = openKurta();
    const add = await screen.findByRole('button', { name: 'Add To Cart: Choose Size, Colour' });
    expect(add).toHaveTextContent(/Choose Size, Colour$/);
    expect(screen.getByRole('button', { name: 'Buy Now: Choose Size, Colour' })).toBeEnabled();
    await user.click(add);
    // The first option to choose gets the focus; nothing is added, nobody leaves the page.
    expect(within(size()).getByRole('button', { name: 'S' })).toHaveFocus();
    await user.click(within(size()).getByRole('button', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now: Choose Colour' }));
    expect(guestCart()).toEqual([]);
    expect(router.state.location.pathname).toBe('/product/cotton-kurta-p1');
  });

  it('price, discount, stock, pictures and the URL follow the chosen variant', async () => {
    const user = userEvent.setup();
    const { router } = openKurta();
    await user.click(await screen.findByRole('button', { name: 'M' }));
    await user.click(within(colour()).getByRole('button', { name: 'Red' }));
    expect(screen.getByTestId('product-price')).toHaveTextContent(formatTaka(900)); // 1000 − 10 %
    expect(screen.getByTestId('product-price')).not.toHaveTextContent('From');
    expect(screen.getByText(formatTaka(1000)).tagName).toBe('S');
    expect(screen.getByText('10% Discount')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cotton Kurta' }).getAttribute('src')).toContain('kurta-m-red');
    expect(router.state.location.search).toBe('?variant=v-m-red');
    // Stock 3: the stepper stops there.
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) await user.click(more);
    expect(more).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
  });

  it('shows combinations not made, sold out or hidden as unavailable, and says so', async () => {
    const user = userEvent.setup();
    openKurta();
    await user.click(await screen.findByRole('button', { name: 'M' }));
    // M comes only in Red: Blue is struck and says why; it stays choosable and starts the choice again from it.
    const blue = within(colour()).getByRole('button', { name: 'Blue (not available with your other choices)' });
    expect(blue).toHaveClass('line-through');
    expect(blue).toBeEnabled();
    await user.click(within(colour()).getByRole('button', { name: 'Red' }));
    // With Red, L (stock 0) is unavailable; S (hidden in Blue) is still fine in Red.
    expect(within(size()).getByRole('button', { name: 'L (not available with your other choices)' })).toBeInTheDocument();
    expect(within(size()).getByRole('button', { name: 'S' })).toBeEnabled();
    await user.click(blue);
    expect(within(colour()).getByRole('button', { name: 'Blue', pressed: true })).toBeInTheDocument();
    expect(within(size()).getByRole('button', { name: 'M (not available with your other choices)', pressed: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add To Cart: Choose Size' })).toBeInTheDocument();
  });

  it('a value sold out in every combination is disabled', async () => {
    const soldOut = { ...kurta, variants: kurta.variants!.map((v) => (v.values[0] === 'L' ? { ...v, stock: 0 } : v)) };
    fakeApi({ 'GET product/get-product-details': { body: envelope(soldOut) }, 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } });
    renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/cotton-kurta-p1' });
    expect(await screen.findByRole('button', { name: 'L (out of stock)' })).toBeDisabled();
  });

  it('a shared link selects its variant on load; one out of stock says so', async () => {
    openKurta('/product/cotton-kurta-p1?variant=v-l-blue');
    expect(await screen.findByRole('button', { name: 'L', pressed: true })).toBeInTheDocument();
    expect(within(colour()).getByRole('button', { name: 'Blue', pressed: true })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent(formatTaka(1200));
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
    cleanup();
    vi.unstubAllGlobals();
    openKurta('/product/cotton-kurta-p1?variant=v-l-red');
    expect(await screen.findByText('Out Of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).toBeNull();
  });

  it("a guest's cart keeps each variant as its own line, with its price and options", async () => {
    const user = userEvent.setup();
    openKurta('/product/cotton-kurta-p1?variant=v-m-red');
    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    // Blue (not made in M) starts again from it: then L.
    await user.click(within(colour()).getByRole('button', { name: /^Blue/ }));
    await user.click(within(size()).getByRole('button', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const lines = guestCart();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      _id: 'p1',
      variant_id: 'v-m-red',
      price: 1000,
      discount: 10,
      stock: 3,
      image: ['/uploads/products/kurta-m-red.webp'],
      quantity: 1,
      chosen: [
        { name: 'Size', name_bn: 'সাইজ', value: 'M', value_bn: '' },
        { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
      ],
    });
    expect(lines[1]).toMatchObject({ _id: 'p1', variant_id: 'v-l-blue', price: 1200, image: ['/uploads/products/kurta.webp'], quantity: 2 });
    // Only what a line needs: not the product's options, variants or description.
    expect(lines[0]).not.toHaveProperty('variants');
    expect(lines[0]).not.toHaveProperty('options');
  });

  it('a signed-in shopper adds with variant_id; Buy Now carries the variant to checkout', async () => {
    localStorage.setItem('access_token', 'token-1');
    const user = userEvent.setup();
    const { api, router } = openKurta('/product/cotton-kurta-p1?variant=v-s-red', {
      'GET user/get-user': { body: envelope({ _id: 'u1', name: 'Karim', email: 'k@haat.test', role: 'USER' }) },
      'GET cart/get-cart-items': { body: envelope([]) },
      'POST cart/add-to-cart': { body: envelope([], 'Item added to cart.') },
    });
    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    await vi.waitFor(() => expect(api.sent('POST', 'cart/add-to-cart')).toHaveLength(1));
    expect(api.sent('POST', 'cart/add-to-cart')[0]!.body).toEqual({ product_id: 'p1', variant_id: 'v-s-red', quantity: 1 });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ product: { _id: 'p1', variant_id: 'v-s-red', price: 900, chosen: [{ value: 'S' }, { value: 'Red' }] }, quantity: 1 });
  });

  it('in Bangla names the options and values in Bangla and asks for them in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    openKurta();
    expect(await screen.findByRole('group', { name: 'সাইজ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'লাল' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'কার্টে যোগ করুন: সাইজ, রং বেছে নিন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'এখনই কিনুন: সাইজ, রং বেছে নিন' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent(`${formatTaka(900)} থেকে`);
  });

  it('a product without options has no pickers and adds without variant_id', async () => {
    const user = userEvent.setup();
    const plain = { ...kurta, price_varies: false, options: [], variants: [variant('p1', [], { price: 900, stock: 23 })] };
    fakeApi({ 'GET product/get-product-details': { body: envelope(plain) }, 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } });
    renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/cotton-kurta-p1' });
    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    expect(screen.queryByRole('group', { name: /Size/ })).toBeNull();
    expect(screen.getByTestId('product-price')).toHaveTextContent(formatTaka(900));
    expect(guestCart()).toEqual([expect.not.objectContaining({ variant_id: expect.anything() })]);
    expect(guestCart()[0]).toMatchObject({ _id: 'p1', quantity: 1 });
  });
});

describe('following a link to another variant (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('chooses the variant the URL names when it changes on the page', async () => {
    const { router } = openKurta('/product/cotton-kurta-p1?variant=v-s-red');
    expect(await screen.findByRole('button', { name: 'S', pressed: true })).toBeInTheDocument();
    await act(() => router.navigate('/product/cotton-kurta-p1?variant=v-l-blue'));
    expect(await screen.findByRole('button', { name: 'L', pressed: true })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent(formatTaka(1200));
  });
});
