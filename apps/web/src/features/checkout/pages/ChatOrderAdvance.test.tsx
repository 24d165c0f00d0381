import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { ChatOrderPage } from './ChatOrderPage';

/**
 * Issues 44 and 45 (decision 0130's amendment): a chat order's link whose buyer the shop's rule asks an advance shows
 * what is paid now by bKash and on delivery before Place order, from the preview of the link's cart to the typed
 * address, and once placed goes on to bKash's page.
 */
const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
const link = {
  _id: 'l1',
  token: 'tok1',
  url: 'http://localhost/chat-order/tok1',
  state: 'open',
  voucher_code: '',
  lines: [{ product_id: 'p1', name: 'Jamdani Saree', name_bn: 'জামদানি শাড়ি', image: null, options: [], quantity: 1, unit_price: 2000 }],
  items_total: 2000,
  expires_at: '2030-01-01T00:00:00.000Z',
  order_number: null,
};

function shop(advance: number) {
  return fakeApi({
    'GET delivery-settings': { body: envelope(settings) },
    'GET chat-links/by-token/tok1': { body: envelope(link) },
    'POST promotion/quote': { body: envelope({ subtotal: 2000, discount: 0, delivery_fee: 120, total: 2120, applied: [], line_discounts: [0] }) },
    'POST order/advance': { body: envelope({ total: 2120, advance, due_on_delivery: 2120 - advance }) },
    'POST chat-links/by-token/tok1/order': { status: 201, body: envelope({ _id: 'o1', orderId: 'HT-1', payment_status: 'CASH-ON-DELIVERY', total_amount: 2120, advance_amount: advance || null, due_on_delivery: 2120, ...(advance ? { bkashURL: 'https://sandbox.bka.sh/pay/1' } : {}) }, 'Order placed successfully.') },
  });
}

async function fillAddress(labels: { name: string; mobile: string; line: string; city: string }) {
  const user = userEvent.setup();
  renderPage(<ChatOrderPage />, { path: '/chat-order/:token', url: '/chat-order/tok1', state: { deliverySettings: settings } });
  await user.type(await screen.findByLabelText(labels.name), 'Rahima Khatun');
  await user.type(screen.getByLabelText(labels.mobile), '01812345678');
  await user.type(screen.getByLabelText(labels.line), 'Zindabazar');
  await user.type(screen.getByLabelText(labels.city), 'Sylhet');
  return user;
}

describe('a chat order’s advance on the buyer’s page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('in English: the split before Place order, the preview asked with the link’s cart and the typed address, then bKash’s page', async () => {
    const api = shop(120);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = await fillAddress({ name: 'Recipient’s name', mobile: 'Mobile number', line: 'Address Line', city: 'City' });
    const box = await screen.findByTestId('advance-preview');
    expect(within(box).getByTestId('advance-preview-split')).toHaveTextContent('Pay now by bKash১২০.০০৳Pay on delivery২,০০০.০০৳Order total২,১২০.০০৳');
    expect(box).toHaveTextContent('You pay the advance by bKash after you press Place order');
    expect(screen.queryByText(/pay when you receive it/)).toBeNull();
    expect(api.sent('POST', 'order/advance').at(-1)!.body).toEqual({ list_items: [{ product_id: 'p1', quantity: 1 }], guest_user_delivery_address: { address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345678' } });

    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the advance by bKash' });
    expect(within(dialog).getByTestId('advance-split')).toHaveTextContent('Pay now by bKash১২০.০০৳Pay on delivery২,০০০.০০৳Order total২,১২০.০০৳');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ১২০.০০৳ with bKash' }));
    expect(assign).toHaveBeenCalledWith('https://sandbox.bka.sh/pay/1');
  });

  it('in Bangla, every word of the split Bangla', async () => {
    shop(120);
    await act(() => changeLanguage('bn'));
    await fillAddress({ name: 'প্রাপকের নাম', mobile: 'মোবাইল নম্বর', line: 'ঠিকানা', city: 'শহর' });
    const box = await screen.findByTestId('advance-preview');
    expect(box).toHaveTextContent('এই অর্ডারে ক্যাশ অন ডেলিভারিএখন বিকাশে দিন১২০.০০৳ডেলিভারির সময় দিন২,০০০.০০৳অর্ডারের মোট২,১২০.০০৳অর্ডার দিন চাপার পর অগ্রিমটি বিকাশে দেবেন');
    expect(box.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('a buyer the rule does not ask: cash on delivery as before, no split', async () => {
    const api = shop(0);
    await fillAddress({ name: 'Recipient’s name', mobile: 'Mobile number', line: 'Address Line', city: 'City' });
    await vi.waitFor(() => expect(api.sent('POST', 'order/advance')).not.toHaveLength(0));
    expect(await screen.findByText('Payment: Cash on delivery — pay when you receive it.')).toBeInTheDocument();
    expect(screen.queryByTestId('advance-preview')).toBeNull();
  });
});
