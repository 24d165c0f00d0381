import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CartPage } from './CartPage';

const shirt = { _id: 'shirt1', name: 'Cotton T-Shirt', image: [], unit: '1 pc', price: 1000, discount: 10, stock: 5, quantity: 1, maxQuantity: 5 };
const mug = { _id: 'mug1', name: 'Mug', image: [], unit: '1 pc', price: 105, discount: 5, stock: 9, quantity: 3, maxQuantity: 9 };

function renderCart() {
  const routes = [
    { path: '/checkout', element: <p>checkout page</p> },
    { path: '/', element: <p>home page</p> },
  ];
  return renderPage(<CartPage />, { path: '/cart', routes, history: ['/'] }).router;
}

describe('Cart drawer', () => {
  beforeEach(() => {
    // The only network call is GET /api/delivery-settings.
    fakeApi({ 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows a guest's lines, savings and Bill Details from the shared pricing rules", async () => {
    localStorage.setItem('guestCart', JSON.stringify([shirt, mug]));
    renderCart();
    expect(await screen.findByText('Cotton T-Shirt')).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    // 1 × 900 + 3 × 99 = 1197 of 1315: saves 118
    expect(screen.getByText('Your Total Savings')).toBeInTheDocument();
    expect(screen.getByTestId('cart-savings')).toHaveTextContent(formatTaka(118));
    const bill = screen.getByTestId('bill-details');
    expect(within(bill).getByTestId('bill-items-total')).toHaveTextContent(`${formatTaka(1315)}${formatTaka(1197)}`);
    expect(within(bill).getByTestId('bill-items-total').querySelector('s')).toHaveTextContent(formatTaka(1315));
    expect(await within(bill).findByText(`Inside Dhaka: ${formatTaka(60)}`)).toBeInTheDocument();
    expect(within(bill).getByText(`Outside Dhaka: ${formatTaka(120)}`)).toBeInTheDocument();
    expect(within(bill).getByTestId('bill-grand-total')).toHaveTextContent(formatTaka(1257));
    // 1 + 3 pieces, in the Bengali digits of the amounts, with the plural.
    expect(within(bill).getByTestId('bill-quantity')).toHaveTextContent('4 items');
  });

  it('removes a line at quantity 0, stops at the stock cap, and shows the empty state', async () => {
    localStorage.setItem('guestCart', JSON.stringify([{ ...shirt, quantity: 4 }]));
    const user = userEvent.setup();
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase Cotton T-Shirt' });
    await user.click(plus);
    expect(plus).toBeDisabled(); // stock 5
    expect(JSON.parse(localStorage.getItem('guestCart')!)[0].quantity).toBe(5);

    const minus = screen.getByRole('button', { name: 'Decrease Cotton T-Shirt' });
    for (let i = 0; i < 5; i++) await user.click(await screen.findByRole('button', { name: 'Decrease Cotton T-Shirt' }));
    expect(minus).not.toBeInTheDocument();
    expect(await screen.findByText('No items in your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/');
    expect(JSON.parse(localStorage.getItem('guestCart')!)).toEqual([]);
  });

  it('Checkout replaces the drawer in history', async () => {
    localStorage.setItem('guestCart', JSON.stringify([shirt]));
    const user = userEvent.setup();
    const router = renderCart();
    await user.click(await screen.findByRole('button', { name: /Checkout/ }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
