import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { orderFixture, variantItem } from '@/test-orders';
import { CheckoutPage } from './CheckoutPage';
import { OrderSuccessPage } from './OrderSuccessPage';

const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const dhaka = { _id: 'a1', name: 'Karim Ahmed', address_line: 'Road 2, Dhanmondi', city: 'Dhaka', mobile: '01711111111' };
const chosen = (size: string) => [
  { name: 'Size', name_bn: 'সাইজ', value: size, value_bn: '' },
  { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
];
const kurta = (variant: string, size: string, price: number) => ({ _id: 'p1', name: 'Cotton Kurta', image: [], unit: '1 pc', price, discount: 0, stock: 5, quantity: 1, maxQuantity: 5, variant_id: variant, chosen: chosen(size) });
const mug = { _id: 'p2', name: 'Mug', image: [], unit: '1 pc', price: 100, discount: 0, stock: 9, quantity: 1, maxQuantity: 9 };

function stubApi() {
  const api = fakeApi({
    'GET delivery-settings': { body: envelope(settings) },
    'GET shop-info': { body: envelope({ walletNumber: '01700000000', phone: '', email: '', social: {} }) },
    'POST order': { body: envelope({ _id: 'o1', orderId: 'HT-1', total_amount: 1 }, 'Order placed successfully.') },
  });
  const listItems = () => (api.sent('POST', 'order')[0]?.body as { list_items: unknown[] } | undefined)?.list_items;
  return Object.assign(listItems, { quoted: () => (api.sent('POST', 'promotion/quote').at(-1)?.body as { list_items: unknown[] } | undefined)?.list_items });
}

const renderCheckout = (state: unknown) => renderPage(<CheckoutPage />, { path: '/checkout', state, routes: [{ path: '/order-success', element: <p>success page</p> }] });
const cartVariants = () => JSON.parse(localStorage.getItem('guestCart')!).map((l: { _id: string; variant_id?: string }) => l.variant_id ?? l._id);

describe('checkout of variants (issue 21)', () => {
  beforeEach(() => {
    localStorage.setItem('guestAddress', JSON.stringify([dhaka]));
    localStorage.setItem('guestCart', JSON.stringify([kurta('v-m', 'M', 1000), kurta('v-l', 'L', 1200), mug]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('orders each cart line with its variant_id (none for a product without options) and empties the cart', async () => {
    const listItems = stubApi();
    const user = userEvent.setup();
    renderCheckout({ deliverySettings: settings });
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    // The terms and data-use box first (issue 27, decision 0077).
    await user.click(screen.getByRole('checkbox', { name: /I agree to the shop’s Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    await screen.findByText('success page');
    expect(listItems()).toEqual([
      { product_id: 'p1', variant_id: 'v-m', quantity: 1 },
      { product_id: 'p1', variant_id: 'v-l', quantity: 1 },
      { product_id: 'p2', quantity: 1 },
    ]);
    // The promotions quote prices each variant too.
    expect(listItems.quoted()).toEqual(listItems());
    expect(cartVariants()).toEqual([]);
  });

  it('Buy Now of a variant names its options in the review, orders it with variant_id and leaves the other size in the cart', async () => {
    const listItems = stubApi();
    const user = userEvent.setup();
    renderCheckout({ product: kurta('v-m', 'M', 1000), quantity: 2, deliverySettings: settings });
    expect(await screen.findByText('Size: M, Colour: Red')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Dhanmondi/ }));
    await user.click(screen.getByRole('checkbox', { name: /I agree to the shop’s Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Cash On Delivery' }));
    await screen.findByText('success page');
    expect(listItems()).toEqual([{ product_id: 'p1', variant_id: 'v-m', quantity: 2 }]);
    expect(cartVariants()).toEqual(['v-l', 'p2']);
  });
});

describe('what the checkout shows before the shopper confirms (issue 42)', () => {
  beforeEach(() => {
    localStorage.setItem('guestAddress', JSON.stringify([dhaka]));
    localStorage.setItem('guestCart', JSON.stringify([kurta('v-m', 'M', 1000), { ...kurta('v-l', 'L', 1200), quantity: 2 }, mug]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the cart's items, each with its size and colour, how many and the price, in English and Bangla", async () => {
    stubApi();
    renderCheckout({ deliverySettings: settings });
    // The cart's lines arrive after the first render: wait for all three.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        `Cotton KurtaSize: M, Colour: Red1 × ${formatTaka(1000)}`,
        `Cotton KurtaSize: L, Colour: Red2 × ${formatTaka(1200)}`,
        `Mug1 × ${formatTaka(100)}`,
      ]),
    );

    await act(() => changeLanguage('bn'));
    const bnItems = screen.getByRole('list', { name: 'এই অর্ডারের পণ্য' });
    expect(within(bnItems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Cotton Kurtaসাইজ: M, রং: লাল১ × ${formatTaka(1000)}`,
      `Cotton Kurtaসাইজ: L, রং: লাল২ × ${formatTaka(1200)}`,
      `Mug১ × ${formatTaka(100)}`,
    ]);
  });

  it('lists the Buy Now item alone, with its options and quantity', async () => {
    stubApi();
    renderCheckout({ product: kurta('v-l', 'L', 1200), quantity: 3, deliverySettings: settings });
    const items = await screen.findByRole('list', { name: 'Items in this order' });
    expect(within(items).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Cotton KurtaSize: L, Colour: Red3 × ${formatTaka(1200)}`]);
  });
});

describe('the order success page (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists what was ordered, each item with its chosen options', async () => {
    fakeApi({});
    const order = orderFixture('o1', 'Pending', { orderId: 'HT-1', product_details: [variantItem(), orderFixture('x').product_details[0]!] });
    renderPage(<OrderSuccessPage />, { path: '/order-success', state: { text: 'Order', orderId: 'HT-1', order } });
    const items = await screen.findByRole('list', { name: 'Items ordered' });
    expect(within(items).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Cotton KurtaSize: L, Colour: Red2 × ${formatTaka(1200)}`,
      `Samsung A152 × ${formatTaka(500)}`,
    ]);
  });
});
