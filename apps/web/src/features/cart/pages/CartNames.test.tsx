import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { serverCartLine, signedInCart } from '@/test-cart';
import { renderPage } from '@/test-utils';
import { CartPage } from './CartPage';

const settings = { 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } };
const red = { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' };
const sizeL = { name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' };
const kurtaL = serverCartLine('c1', { _id: 'p1', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা', price: 1200, stock: 2 }, { quantity: 2, variant_id: 'v-l', options: [sizeL, red] });
const mug = serverCartLine('c2', { _id: 'p2', name: 'Steel Mug', name_bn: '', price: 300 });

const renderCart = () => renderPage(<CartPage />, { path: '/cart', history: ['/'] });
const lineNames = () => screen.getAllByTestId('cart-line').map((line) => within(line).getAllByRole('paragraph')[0]!.textContent);

/**
 * Issue 42: a signed-in shopper's cart is the server's, and its lines named the products in English on
 * a Bangla page (the guest cart, in the browser, had the Bangla names). Each line says the name in the
 * page's language; a product the owner gave no Bangla name keeps its English one.
 */
describe("a signed-in shopper's cart names each product in the page's language (issue 42)", () => {
  beforeEach(() => localStorage.setItem('access_token', 'token-1'));
  afterEach(() => vi.unstubAllGlobals());

  it('in Bangla: the Bangla names the server sends, with the options in Bangla; a product without one in English', async () => {
    fakeApi({ ...settings, ...signedInCart([kurtaL, mug]) });
    await act(() => changeLanguage('bn'));
    renderCart();
    await screen.findByText('সুতি কুর্তা');
    expect(lineNames()).toEqual(['সুতি কুর্তা', 'Steel Mug']);
    expect(screen.getByTestId('chosen-options')).toHaveTextContent('সাইজ: এল, রং: লাল');
    expect(screen.getByRole('button', { name: 'সুতি কুর্তা (সাইজ: এল, রং: লাল) বাড়ান' })).toBeInTheDocument();
    expect(screen.queryByText('Cotton Kurta')).toBeNull();
  });

  it('in English: the English names', async () => {
    fakeApi({ ...settings, ...signedInCart([kurtaL, mug]) });
    renderCart();
    await screen.findByText('Cotton Kurta');
    expect(lineNames()).toEqual(['Cotton Kurta', 'Steel Mug']);
    expect(screen.queryByText('সুতি কুর্তা')).toBeNull();
  });

  it('a change the server refuses names the product, its size and colour in Bangla', async () => {
    // Someone bought the rest meanwhile: the line may still hold 5 here, the server says 2.
    const roomy = serverCartLine('c1', { ...kurtaL.product_id, stock: 5 }, { quantity: 2, variant_id: 'v-l', options: [sizeL, red] });
    const name = 'Cotton Kurta (Size: L, Colour: Red)';
    fakeApi({
      ...settings,
      ...signedInCart([roomy, mug]),
      'POST cart/update-cart-items': {
        status: 400,
        body: { success: false, error: true, code: 'CART_QUANTITY_CAP', params: { n: 2, name, name_bn: 'সুতি কুর্তা (সাইজ: এল, রং: লাল)' }, message: `You can have at most 2 of ${name} in your cart.`, data: null },
      },
    });
    await act(() => changeLanguage('bn'));
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'সুতি কুর্তা (সাইজ: এল, রং: লাল) বাড়ান' }));
    expect(await screen.findByText('কার্টে সুতি কুর্তা (সাইজ: এল, রং: লাল) সর্বোচ্চ ২টি রাখা যায়।')).toBeInTheDocument();
  });
});
