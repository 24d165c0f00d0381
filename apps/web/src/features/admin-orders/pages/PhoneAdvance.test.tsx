import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { orderFixture } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { NewOrderPage } from './NewOrderPage';

/** Issue 44 (decision 0130): the phone-order page says the advance the rule asks before placing, and staff may waive it with a reason. */
const settings = { freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 };
// The product's Bangla name on a Bangla page.
const ADD_BN = 'শাড়ি যোগ করুন';
const saree = { _id: 'p1', name: 'Saree', name_bn: 'শাড়ি', description: '', description_bn: '', product_details: '', product_details_bn: '', unit: '1 piece', price: 1000, discount: 0, image: [], stock: 3, quantity: 10, more_details: {}, category: [], subCategory: [], publish: true, createdAt: '2025-01-01T00:00:00.000Z', price_varies: false };

function api() {
  return fakeApi({
    'GET product/get-product-details': { body: envelope({ ...saree, options: [], variants: [] }) },
    'GET delivery-settings': { body: { ...envelope(settings), ...settings } },
    'POST product/get-all-products': { body: envelope([saree], '', { totalPages: 1, totalCount: 1 }) },
    'POST order/advance': { body: envelope({ total: 1120, advance: 120, due_on_delivery: 1000 }) },
    'POST order/manual': { status: 201, body: envelope(orderFixture('o1', 'Pending', { orderId: 'HT-20261207-ABCDEF', total_amount: 1120, advance_amount: 120, paid: false }), 'Order placed successfully.') },
  });
}

async function keyIn(words: { add: string; name: string; mobile: string; line: string; city: string }) {
  const user = userEvent.setup();
  renderPage(<NewOrderPage />);
  await user.click(await screen.findByRole('button', { name: words.add }));
  await user.type(screen.getByLabelText(words.name), 'Rahima');
  await user.type(screen.getByLabelText(words.mobile), '01812345678');
  await user.type(screen.getByLabelText(words.line), 'Zindabazar');
  await user.type(screen.getByLabelText(words.city), 'Sylhet');
  return user;
}

describe('a phone order’s advance', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the advance before placing; placed, it says the buyer gets bKash’s link', async () => {
    const fake = api();
    const user = await keyIn({ add: 'Add Saree', name: 'Name', mobile: 'Mobile', line: 'Address Line', city: 'City' });
    const notice = await screen.findByTestId('phone-advance');
    expect(notice).toHaveTextContent('১২০.০০৳ now by bKash, ১,০০০.০০৳ on delivery (total ১,১২০.০০৳).');
    expect(fake.sent('POST', 'order/advance').at(-1)!.body).toEqual({ list_items: [{ product_id: 'p1', quantity: 1 }], guest_user_delivery_address: { address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345678' } });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(1));
    expect(fake.sent('POST', 'order/manual')[0]!.body).not.toHaveProperty('advance_waiver');
    expect(await screen.findByTestId('placed-advance')).toHaveTextContent('Advance ১২০.০০৳ asked: the buyer gets bKash’s link by SMS.');
  });

  it('in Bangla: a waiver needs its reason, then goes with the order', async () => {
    await act(() => changeLanguage('bn'));
    const fake = api();
    const user = await keyIn({ add: ADD_BN, name: 'নাম', mobile: 'মোবাইল', line: 'ঠিকানা', city: 'শহর' });
    const notice = await screen.findByTestId('phone-advance');
    expect(notice).toHaveTextContent('এখন বিকাশে ১২০.০০৳, ডেলিভারিতে ১,০০০.০০৳ (মোট ১,১২০.০০৳)।');
    expect(notice.textContent).not.toMatch(/[A-Za-z]/);
    await user.click(within(notice).getByRole('checkbox', { name: 'অগ্রিম মওকুফ করুন' }));
    await user.click(screen.getByRole('button', { name: 'অর্ডার দিন' }));
    expect(await screen.findByText('অগ্রিম মওকুফের কারণ লিখুন।')).toBeInTheDocument();
    expect(fake.sent('POST', 'order/manual')).toHaveLength(0);
    await user.type(within(notice).getByLabelText('কারণ (অডিট লগে থাকবে)'), 'নিয়মিত ক্রেতা');
    await user.click(screen.getByRole('button', { name: 'অর্ডার দিন' }));
    await waitFor(() => expect(fake.sent('POST', 'order/manual')).toHaveLength(1));
    expect(fake.sent('POST', 'order/manual')[0]!.body).toMatchObject({ advance_waiver: 'নিয়মিত ক্রেতা' });
  });
});
