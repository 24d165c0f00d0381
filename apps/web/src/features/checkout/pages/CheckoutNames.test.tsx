import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { serverCartLine, signedInCart } from '@/test-cart';
import { orderFixture, variantItem } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { CheckoutPage } from './CheckoutPage';
import { OrderSuccessPage } from './OrderSuccessPage';

const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const home = { _id: 'a1', name: 'Karim Ahmed', address_line: 'Road 2, Dhanmondi', city: 'Dhaka', mobile: '01711111111' };
const options = [
  { name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' },
  { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
];
const cart = [
  serverCartLine('c1', { _id: 'p1', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা', price: 1200 }, { quantity: 2, variant_id: 'v-l', options }),
  serverCartLine('c2', { _id: 'p2', name: 'Steel Mug', name_bn: '', price: 300 }),
];
// What POST order answers for that cart: each item with the names it was placed with.
const placed = orderFixture('o1', 'Pending', {
  orderId: 'HT-20261122-7Q4K9',
  subTotal_amount: 2700,
  total_amount: 2760,
  product_details: [variantItem({ options }), { ...orderFixture('x').product_details[0]!, _id: 'i2', product_id: 'p2', name: 'Steel Mug', name_bn: '', quantity: 1, price: 300, unit_price: 300 }],
});

function stubApi() {
  fakeApi({
    ...signedInCart(cart),
    'GET delivery-settings': { body: envelope(settings) },
    'GET shop-info': { body: envelope({ walletNumber: '01700000000', phone: '', email: '', social: {} }) },
    'GET address/get-address': { body: envelope([home]) },
    'POST order': { status: 201, body: envelope(placed, 'Order placed successfully.') },
  });
}

const checkout = () => renderPage(<CheckoutPage />, { path: '/checkout', state: { deliverySettings: settings }, routes: [{ path: '/order-success', element: <OrderSuccessPage /> }] });
const itemsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent);

/**
 * Issue 42: a signed-in shopper pays for their server cart. The checkout's list of what they pay for
 * and the order success page name each product in the page's language: the Bangla name in Bangla
 * (a product without one in English), the English name in English.
 */
describe("a signed-in shopper's checkout and order success name each product in the page's language (issue 42)", () => {
  beforeEach(() => localStorage.setItem('access_token', 'token-1'));
  afterEach(() => vi.unstubAllGlobals());

  it('in Bangla', async () => {
    stubApi();
    await act(() => changeLanguage('bn'));
    const user = userEvent.setup();
    checkout();
    await waitFor(() =>
      expect(itemsOf(screen.getByRole('list', { name: 'এই অর্ডারের পণ্য' }))).toEqual([`সুতি কুর্তাসাইজ: এল, রং: লাল২ × ${formatTaka(1200)}`, `Steel Mug১ × ${formatTaka(300)}`]),
    );
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(screen.getByRole('checkbox', { name: /আমি দোকানের শর্তাবলি মেনে নিচ্ছি/ }));
    await user.click(screen.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }));
    const ordered = await screen.findByRole('list', { name: 'অর্ডার করা পণ্য' });
    expect(itemsOf(ordered)).toEqual([`সুতি কুর্তাসাইজ: এল, রং: লাল২ × ${formatTaka(1200)}`, `Steel Mug১ × ${formatTaka(300)}`]);
  });

  it('in English', async () => {
    stubApi();
    const user = userEvent.setup();
    checkout();
    await waitFor(() => expect(itemsOf(screen.getByRole('list', { name: 'Items in this order' }))).toEqual([`Cotton KurtaSize: L, Colour: Red2 × ${formatTaka(1200)}`, `Steel Mug1 × ${formatTaka(300)}`]));
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(screen.getByRole('checkbox', { name: /I agree to the shop’s Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    const ordered = await screen.findByRole('list', { name: 'Items ordered' });
    expect(itemsOf(ordered)).toEqual([`Cotton KurtaSize: L, Colour: Red2 × ${formatTaka(1200)}`, `Steel Mug1 × ${formatTaka(300)}`]);
  });
});
