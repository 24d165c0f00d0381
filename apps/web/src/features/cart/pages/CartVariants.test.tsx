import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CartPage } from './CartPage';

const size = (value: string) => ({ name: 'Size', name_bn: 'সাইজ', value, value_bn: '' });
const red = { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' };
const kurta = { _id: 'p1', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা', image: [], unit: '1 pc', discount: 0, maxQuantity: 10 };
const kurtaM = { ...kurta, variant_id: 'v-m', chosen: [size('M'), red], price: 1000, stock: 3, quantity: 1 };
const kurtaL = { ...kurta, variant_id: 'v-l', chosen: [size('L'), red], price: 1200, stock: 5, quantity: 2 };
const settings = { 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } };

const renderCart = () => renderPage(<CartPage />, { path: '/cart', history: ['/'] });

describe('Cart lines of variants (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a guest's two sizes of one product as two lines, each with its options and price; a stepper changes only its line", async () => {
    fakeApi(settings);
    localStorage.setItem('guestCart', JSON.stringify([kurtaM, kurtaL]));
    const user = userEvent.setup();
    renderCart();
    await screen.findAllByText('Cotton Kurta');
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('chosen-options')).toHaveTextContent('Size: M, Colour: Red');
    expect(within(lines[1]!).getByTestId('chosen-options')).toHaveTextContent('Size: L, Colour: Red');
    expect(within(lines[1]!).getByText(formatTaka(1200))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase Cotton Kurta (Size: L, Colour: Red)' }));
    const stored = JSON.parse(localStorage.getItem('guestCart')!);
    expect(stored.map((l: { variant_id: string; quantity: number }) => [l.variant_id, l.quantity])).toEqual([
      ['v-m', 1],
      ['v-l', 3],
    ]);
    await user.click(screen.getByRole('button', { name: 'Decrease Cotton Kurta (Size: M, Colour: Red)' }));
    expect(JSON.parse(localStorage.getItem('guestCart')!).map((l: { variant_id: string }) => l.variant_id)).toEqual(['v-l']);
  });

  it('says the options in Bangla', async () => {
    fakeApi(settings);
    localStorage.setItem('guestCart', JSON.stringify([kurtaM]));
    await act(() => changeLanguage('bn'));
    renderCart();
    expect(await screen.findByTestId('chosen-options')).toHaveTextContent('সাইজ: M, রং: লাল');
  });

  it("reads a signed-in shopper's server lines with their variant options", async () => {
    localStorage.setItem('access_token', 'token-1');
    const line = (id: string, variant: string, options: unknown[], price: number) => ({
      _id: id,
      quantity: 1,
      userId: 'u1',
      product_id: { _id: 'p1', name: 'Cotton Kurta', name_bn: '', image: [], unit: '1 pc', price, discount: 0, stock: 4, quantity: 10 },
      variant_id: variant,
      options,
      sku: '',
    });
    fakeApi({
      ...settings,
      'GET user/get-user': { body: envelope({ _id: 'u1', name: 'Karim', email: 'k@haat.test', role: 'USER' }) },
      'GET cart/get-cart-items': { body: envelope([line('c1', 'v-m', [size('M'), red], 1000), line('c2', 'v-l', [size('L'), red], 1200)]) },
    });
    renderCart();
    await vi.waitFor(() => expect(screen.getAllByTestId('chosen-options').map((e) => e.textContent)).toEqual(['Size: M, Colour: Red', 'Size: L, Colour: Red']));
  });

  it('a line of a product without options names no options', async () => {
    fakeApi(settings);
    localStorage.setItem('guestCart', JSON.stringify([{ _id: 'p2', name: 'Mug', image: [], unit: '1 pc', price: 100, discount: 0, stock: 9, quantity: 1 }]));
    renderCart();
    expect(await screen.findByText('Mug')).toBeInTheDocument();
    expect(screen.queryByTestId('chosen-options')).toBeNull();
    expect(screen.getByRole('button', { name: 'Increase Mug' })).toBeInTheDocument();
  });
});
