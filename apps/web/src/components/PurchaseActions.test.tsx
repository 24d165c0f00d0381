import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { PurchaseActions, type PurchaseProduct } from './PurchaseActions';

const product: PurchaseProduct = { _id: 'p1', name: 'Samsung Charger', image: ['/uploads/p/a.webp'], unit: '1 pc', price: 500, discount: 10, stock: 4, quantity: 6 };

function CheckoutProbe() {
  return <pre data-testid="state">{JSON.stringify(useLocation().state)}</pre>;
}

function renderActions(p: PurchaseProduct, quantity: number) {
  const routes = [{ path: '/checkout', element: <CheckoutProbe /> }];
  return renderPage(<PurchaseActions product={p} quantity={quantity} />, { path: '/product', routes }).queryClient;
}

describe('PurchaseActions', () => {
  beforeEach(() => {
    // react-hot-toast's Toaster asks for the reduced-motion preference; jsdom has no matchMedia.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    fakeApi({ 'GET delivery-settings': { body: envelope({ freeDelivery: true, insideDhaka: 40, outsideDhaka: 90 }) } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds to a guest's cart with the spec's toast, raising the quantity on a second add", async () => {
    const user = userEvent.setup();
    renderActions(product, 2);
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText('Add To Cart Successfully.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    const stored = JSON.parse(localStorage.getItem('guestCart')!);
    expect(stored).toHaveLength(1);
    // The whole product flat plus the chosen quantity, capped by stock 4.
    expect(stored[0]).toMatchObject({ _id: 'p1', name: 'Samsung Charger', price: 500, discount: 10, quantity: 4, maxQuantity: 6 });
  });

  it('Buy Now carries the product, quantity and delivery settings to /checkout', async () => {
    const user = userEvent.setup();
    const client = renderActions(product, 3);
    await vi.waitFor(() => expect(client.getQueryData(['delivery-settings'])).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const state = JSON.parse((await screen.findByTestId('state')).textContent!);
    expect(state).toMatchObject({ product: { _id: 'p1' }, quantity: 3, deliverySettings: { freeDelivery: true, insideDhaka: 40, outsideDhaka: 90 } });
  });

  it('is a real form before the scripts run: GET /cart, Buy Now to /checkout, the product, its variant and quantity as fields (issue 39)', () => {
    renderActions({ ...product, variant_id: 'v2', chosen: [] }, 2);
    const add = screen.getByRole('button', { name: 'Add To Cart' });
    const buy = screen.getByRole('button', { name: 'Buy Now' });
    const form = add.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/cart');
    expect(add).toHaveAttribute('type', 'submit');
    expect(buy).toHaveAttribute('type', 'submit');
    expect(buy).toHaveAttribute('formaction', '/checkout');
    expect(buy.closest('form')).toBe(form);
    expect(Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>)).toEqual({ add: 'p1', variant: 'v2', qty: '2' });
    // Not disabled while the page is not yet live: a tap sends the form.
    expect(add).toBeEnabled();
    expect(buy).toBeEnabled();
  });

  it('sends no variant field for a product whose variant the page does not know', () => {
    renderActions(product, 1);
    const form = screen.getByRole('button', { name: 'Add To Cart' }).closest('form')!;
    expect(Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>)).toEqual({ add: 'p1', qty: '1' });
  });

  it('blocks both when out of stock', () => {
    renderActions({ ...product, stock: 0 }, 1);
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });
});
